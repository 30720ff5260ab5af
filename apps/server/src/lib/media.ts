import { readdirSync } from 'node:fs';
import path from 'node:path';

export const MEDIA_DIR = path.resolve(import.meta.dirname, '../../media');

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

let demoSrcsets: ((url: string | null) => string | null) | undefined;

/** The srcset of a picture in the served media folder (see mediaSrcsets). */
export function srcsetOf(url: string | null): string | null {
  demoSrcsets ??= mediaSrcsets(MEDIA_DIR);
  return demoSrcsets(url);
}
