/**
 * Where a demo product's pictures are. Each is drawn at several widths (build-demo-media.ts), named
 * `<name>-<width>w.webp`; the server lists a picture's siblings as its srcset. The stored URL is the
 * width a browser without srcset should get.
 */

/** The product dialog's picture: 4:3, full width up to 550 CSS px, so 1100 px covers 2x. */
export const PRODUCT_WIDTHS = [480, 800, 1100] as const;
/** The menu row's square picture: 88 CSS px at 1x and 2x. */
export const THUMB_WIDTHS = [88, 176] as const;

export function demoPicture(store: string, name: string) {
  return {
    url_imagem: `/media/${store}/p/${name}-800w.webp`,
    url_miniatura: `/media/${store}/p/${name}-thumb-176w.webp`,
  };
}
