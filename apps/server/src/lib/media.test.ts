import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mediaSrcsets, servePicturesFrom, uploadedSrcset } from './media.ts';

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

describe('uploadedSrcset', () => {
  const id = 'a1b2c3d4e5f6a1b2c3d4e5f6';
  it('lists every width of a picture uploaded in the editor, from its name', () => {
    expect(uploadedSrcset(`/media/stores/pizzaria/p/${id}-800w.webp`)).toBe(
      `/media/stores/pizzaria/p/${id}-480w.webp 480w, /media/stores/pizzaria/p/${id}-800w.webp 800w, ` +
        `/media/stores/pizzaria/p/${id}-1100w.webp 1100w`,
    );
    expect(uploadedSrcset(`/media/stores/pizzaria/p/${id}-thumb-176w.webp`)).toBe(
      `/media/stores/pizzaria/p/${id}-thumb-88w.webp 88w, /media/stores/pizzaria/p/${id}-thumb-176w.webp 176w`,
    );
  });

  it('knows a bucket’s address once pictures are served from it, and nothing else', () => {
    const url = `https://cdn.example.com/stores/sakura/p/${id}-800w.webp`;
    expect(uploadedSrcset(url)).toBeNull();
    servePicturesFrom('https://cdn.example.com');
    expect(uploadedSrcset(url)).toContain(`https://cdn.example.com/stores/sakura/p/${id}-1100w.webp 1100w`);
    expect(uploadedSrcset(`https://elsewhere.example/stores/sakura/p/${id}-800w.webp`)).toBeNull();
    expect(uploadedSrcset('/media/stores/pizzaria/p/not-a-hash-800w.webp')).toBeNull();
    expect(uploadedSrcset('/media/stores/pizzaria/logo/a1b2c3d4e5f6a1b2c3d4e5f6-256w.webp')).toBeNull();
  });
});
