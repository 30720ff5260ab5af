import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mediaSrcsets } from './media.ts';

describe('mediaSrcsets', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'media-'));
  mkdirSync(path.join(root, 'shop', 'p'), { recursive: true });
  for (const file of [
    'x-800w.webp',
    'x-480w.webp',
    'x-1100w.webp',
    'x-thumb-88w.webp',
    'x-thumb-176w.webp',
    'solo-800w.webp',
    'plain.webp',
  ])
    writeFileSync(path.join(root, 'shop', 'p', file), '');
  const srcsetOf = mediaSrcsets(root);

  it('lists the sibling widths of a picture, narrowest first', () => {
    expect(srcsetOf('/media/shop/p/x-800w.webp')).toBe(
      '/media/shop/p/x-480w.webp 480w, /media/shop/p/x-800w.webp 800w, /media/shop/p/x-1100w.webp 1100w',
    );
    expect(srcsetOf('/media/shop/p/x-thumb-176w.webp')).toBe(
      '/media/shop/p/x-thumb-88w.webp 88w, /media/shop/p/x-thumb-176w.webp 176w',
    );
  });

  it('has nothing for a picture at one width, without a width, elsewhere, or missing', () => {
    expect(srcsetOf('/media/shop/p/solo-800w.webp')).toBeNull();
    expect(srcsetOf('/media/shop/p/plain.webp')).toBeNull();
    expect(srcsetOf('https://cdn.example.com/shop/p/x-800w.webp')).toBeNull();
    expect(srcsetOf('/media/other/p/x-800w.webp')).toBeNull();
    expect(srcsetOf(null)).toBeNull();
  });
});
