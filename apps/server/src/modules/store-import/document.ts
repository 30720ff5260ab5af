import { checkStoreDocument, storeDocumentShape } from '@comanda/contract';
import { z } from 'zod';
import { paymentProviderSection } from '../payments/provider-settings.ts';

/**
 * The store document read by `npm run store:import` (docs/store-import-format.md): the contract's
 * shape and rules (packages/contract/src/store-document.ts) plus the payment provider's section,
 * whose secrets only the server sees.
 */
export const storeDocument = z
  .strictObject({
    ...storeDocumentShape,
    /** How the store takes PIX online; null: none; left out: the provider it has (docs/decisions/0032). */
    payment_provider: paymentProviderSection.nullable().optional(),
  })
  .superRefine(checkStoreDocument);

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
export function parseStoreDocument(input: unknown): StoreDocument {
  const parsed = storeDocument.safeParse(input);
  if (parsed.success) return parsed.data;
  throw new StoreDocumentError(
    parsed.error.issues.map((issue) => `${formatPath(issue.path) || '(document)'}: ${issue.message}`),
  );
}
