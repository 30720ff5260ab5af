import { readdirSync } from 'node:fs';
import path from 'node:path';
import { SERVER_ROOT } from '../server-root.ts';

export const MEDIA_DIR = path.join(SERVER_ROOT, 'media');

/** The product dialog's picture: 4:3, full width up to 550 CSS px, so 1100 px covers 2x. */
export const PRODUCT_WIDTHS = [480, 800, 1100] as const;
/** The menu row's square picture: 88 CSS px at 1x and 2x. */
export const THUMB_WIDTHS = [88, 176] as const;

/** A picture drawn at several widths: `<name>-<width>w.<ext>` beside its siblings. */
const SIZED_PICTURE = /^(.+)-(\d+)w\.(webp|avif|png|jpe?g)$/;

/**
 * The srcset of a picture served from the media folder, from the sibling files at other widths
 * (`/media/s/p/x-800w.webp` → `/media/s/p/x-480w.webp 480w, /media/s/p/x-800w.webp 800w, …`); null
 * for a picture elsewhere (an https URL) or drawn at one width only, which the browser shows as is.
 * The folder is read once: pictures change with a deploy, not while serving.
 */
export function mediaSrcsets(root: string): (url: string | null) => string | null {
  const widthsByStem = new Map<string, number[]>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const match = SIZED_PICTURE.exec(entry.name);
    if (!match) continue;
    const relative = path.relative(root, path.join(entry.parentPath, match[1]!)).split(path.sep).join('/');
    const stem = `/media/${relative}|${match[3]}`;
    widthsByStem.set(stem, [...(widthsByStem.get(stem) ?? []), Number(match[2])]);
  }
  for (const widths of widthsByStem.values()) widths.sort((a, b) => a - b);

  return (url) => {
    if (!url?.startsWith('/media/')) return null;
    const match = SIZED_PICTURE.exec(url);
    if (!match) return null;
    const widths = widthsByStem.get(`${match[1]}|${match[3]}`);
    if (!widths || widths.length < 2) return null;
    return widths.map((width) => `${match[1]}-${width}w.${match[3]} ${width}w`).join(', ');
  };
}

/**
 * A product picture uploaded in the staff editor: `<base>stores/<slug>/p/<id>-<width>w.webp` (the
 * dialog's) or `…/<id>-thumb-<width>w.webp` (the menu row's), the id being the first 24 hex digits of
 * the upload's SHA-256. Every one is stored at every width, so its srcset follows from its name,
 * wherever it is kept (this server's /media/, or a bucket's public address).
 */
const UPLOADED_PICTURE = /^(.*\/stores\/[a-z0-9-]+\/p\/[0-9a-f]{24})-(thumb-)?(\d+)w\.webp$/;

const pictureBases = new Set<string>(['/media/']);

/** Pictures uploaded to a bucket are served from this address too (their srcset is known). */
export function servePicturesFrom(base: string): void {
  pictureBases.add(base.endsWith('/') ? base : `${base}/`);
}

/** The srcset of an uploaded product picture, from its name; null for any other URL. */
export function uploadedSrcset(url: string | null): string | null {
  if (!url || ![...pictureBases].some((base) => url.startsWith(base))) return null;
  const match = UPLOADED_PICTURE.exec(url);
  if (!match) return null;
  const thumb = match[2] !== undefined;
  const widths = thumb ? THUMB_WIDTHS : PRODUCT_WIDTHS;
  return widths.map((width) => `${match[1]}-${thumb ? 'thumb-' : ''}${width}w.webp ${width}w`).join(', ');
}

let demoSrcsets: ((url: string | null) => string | null) | undefined;

/** The srcset of a picture in the served media folder (see mediaSrcsets) or uploaded in the editor. */
export function srcsetOf(url: string | null): string | null {
  demoSrcsets ??= mediaSrcsets(MEDIA_DIR);
  return demoSrcsets(url) ?? uploadedSrcset(url);
}
