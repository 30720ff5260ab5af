/**
 * Where a demo product's pictures are. Each is drawn at several widths (build-demo-media.ts), named
 * `<name>-<width>w.webp`; the server lists a picture's siblings as its srcset. The stored URL is the
 * width a browser without srcset should get. The widths are the server's (pictures uploaded in the
 * staff editor are cut to the same ones).
 */
export { PRODUCT_WIDTHS, THUMB_WIDTHS } from '../../apps/server/src/lib/media.ts';

export function demoPicture(store: string, name: string) {
  return {
    url_imagem: `/media/${store}/p/${name}-800w.webp`,
    url_miniatura: `/media/${store}/p/${name}-thumb-176w.webp`,
  };
}
