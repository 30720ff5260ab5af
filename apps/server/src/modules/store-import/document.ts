import { checkStoreDocument, storeDocumentShape } from '@comanda/contract';
import { z } from 'zod';
import { paymentProviderSection } from '../payments/index.ts';

/**
 * The store document read by `npm run store:import` (docs/store-import-format.md): the contract's
 * shape and rules (packages/contract/src/store-document.ts) plus the payment provider's section,
 * whose secrets only the server sees.
 */
const storeDocumentObject = z
  .strictObject({
    ...storeDocumentShape,
    /** How the store takes PIX online; null: none; left out: the provider it has (docs/decisions/0032). */
    payment_provider: paymentProviderSection.nullable().optional(),
  })
  .superRefine(checkStoreDocument);

/** The look's pictures: the logo, the app icons and the menu header's background. */
const LOOK_PICTURES = ['logo', 'icon_192', 'icon_512', 'bg_image', 'bg_video'] as const;

/**
 * Issue 30, F6: a look picture is the store's own, never an address elsewhere (a tracking image
 * loaded by every customer's phone). Taken: this server's own media (`/media/…`: the demo pictures
 * and the local storage's uploads, but not another store's uploads) and the editor's picture
 * storage's address for this store (`pictureUrl('stores/<slug>/')`, an S3 bucket or its CDN).
 */
export function ownPictureProblem(url: string, slug: string, pictureUrl: (key: string) => string): boolean {
  const storageBase = pictureUrl(`stores/${slug}/`);
  if (url.startsWith(storageBase))
    return !/^[a-z0-9][a-z0-9./-]*$/i.test(url.slice(storageBase.length)) || url.includes('..');
  if (!url.startsWith('/media/') || url.includes('..') || /[\\?#\s]/.test(url)) return true;
  return url.startsWith('/media/stores/') && !url.startsWith(`/media/stores/${slug}/`);
}

const LOCAL_PICTURES = (key: string) => `/media/${key}`;

/**
 * The store document checked with the store's own pictures at `pictureUrl` (the editor's picture
 * storage, lib/picture-storage.ts; the local disk's `/media/…` by default).
 */
export function storeDocumentFor(pictureUrl: (key: string) => string = LOCAL_PICTURES) {
  return storeDocumentObject.superRefine((doc, ctx) => {
    for (const key of LOOK_PICTURES) {
      const url = doc.look[key];
      if (url !== null && ownPictureProblem(url, doc.slug, pictureUrl))
        ctx.addIssue({
          code: 'custom',
          path: ['look', key],
          message: "must be one of the store's own pictures (uploaded in the staff editor or under /media/)",
          params: { code: 'PICTURE_NOT_OWN' },
        });
    }
  });
}

export const storeDocument = storeDocumentFor();

export type StoreDocument = z.infer<typeof storeDocument>;

export class StoreDocumentError extends Error {
  constructor(readonly problems: string[]) {
    super(`The store document is invalid:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
}

function formatPath(path: PropertyKey[]): string {
  return path.reduce<string>((out, key) => {
    if (typeof key === 'number') return `${out}[${key}]`;
    return out ? `${out}.${String(key)}` : String(key);
  }, '');
}

/** Parses a store document; throws StoreDocumentError listing each bad field by its path. */
export function parseStoreDocument(input: unknown, pictureUrl?: (key: string) => string): StoreDocument {
  const parsed = storeDocumentFor(pictureUrl).safeParse(input);
  if (parsed.success) return parsed.data;
  throw new StoreDocumentError(
    parsed.error.issues.map((issue) => `${formatPath(issue.path) || '(document)'}: ${issue.message}`),
  );
}
