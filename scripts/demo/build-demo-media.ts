/**
 * Draws the demo stores' pictures locally (no network): product illustrations (scripts/demo/dishes.ts)
 * at every width of PRODUCT_WIDTHS (4:3, the product dialog's picture, up to 2x its 550 px) and
 * THUMB_WIDTHS (square, the menu row's 88 px picture at 1x and 2x), named `<ref>-<width>w.webp` so
 * the server can offer them as a srcset (apps/server/src/lib/media.ts); banners, logos and app icons
 * as small WebP/PNG files under apps/server/media; and copies the demo fonts there.
 * Run: node --import tsx scripts/demo/build-demo-media.ts
 */
import { copyFileSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { dishSvg, type Table } from './dishes.ts';
import { PRODUCT_WIDTHS, THUMB_WIDTHS } from './pictures.ts';
import { pizzaria } from './pizzaria.ts';
import { sakura } from './sakura.ts';

const root = path.resolve(import.meta.dirname, '../../apps/server/media');

function hash(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}

const svg = (w: number, h: number, body: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`,
  );

async function write(file: string, w: number, h: number, body: string, format: 'webp' | 'png', quality = 70) {
  await writeSvg(file, svg(w, h, body), format, quality);
}

async function writeSvg(file: string, document: Buffer, format: 'webp' | 'png', quality: number) {
  mkdirSync(path.dirname(file), { recursive: true });
  const image = sharp(document);
  await (format === 'webp' ? image.webp({ quality, effort: 6 }) : image.png({ compressionLevel: 9 })).toFile(
    file,
  );
}

function logo(primary: string, secondary: string, size: number, kind: 'pizza' | 'sakura') {
  const c = size / 2;
  if (kind === 'pizza') {
    return `<rect width="${size}" height="${size}" rx="${size * 0.22}" fill="${primary}"/><path d="M${c} ${size * 0.2} L${size * 0.8} ${size * 0.78} L${size * 0.2} ${size * 0.78} Z" fill="${secondary}"/><circle cx="${c}" cy="${size * 0.52}" r="${size * 0.06}" fill="${primary}"/><circle cx="${size * 0.4}" cy="${size * 0.66}" r="${size * 0.05}" fill="${primary}"/><circle cx="${size * 0.6}" cy="${size * 0.67}" r="${size * 0.05}" fill="${primary}"/>`;
  }
  const petals = Array.from({ length: 5 }, (_, i) => {
    const a = (i / 5) * Math.PI * 2 - Math.PI / 2;
    return `<ellipse cx="${c + Math.cos(a) * size * 0.17}" cy="${c + Math.sin(a) * size * 0.17}" rx="${size * 0.13}" ry="${size * 0.19}" transform="rotate(${(a * 180) / Math.PI + 90} ${c + Math.cos(a) * size * 0.17} ${c + Math.sin(a) * size * 0.17})" fill="${primary}"/>`;
  }).join('');
  return `<rect width="${size}" height="${size}" rx="${size * 0.22}" fill="#15151c"/>${petals}<circle cx="${c}" cy="${c}" r="${size * 0.07}" fill="${secondary}"/>`;
}

function banner(primary: string, secondary: string, dark: boolean) {
  const w = 1100;
  const h = 440;
  const base = dark ? '#101017' : '#3b1f12';
  const circles = Array.from({ length: 14 }, (_, i) => {
    const seed = hash(`${primary}${i}`);
    return `<circle cx="${(seed % w) | 0}" cy="${(seed >> 8) % h}" r="${30 + (seed % 90)}" fill="${i % 2 ? primary : secondary}" opacity="0.35"/>`;
  }).join('');
  return {
    w,
    h,
    body: `<rect width="${w}" height="${h}" fill="${base}"/>${circles}<rect width="${w}" height="${h}" fill="#000" opacity="0.25"/>`,
  };
}

/** The picture names the store document uses: `p/<name>-<width>w.webp`. */
function pictureNames(doc: typeof pizzaria | typeof sakura): string[] {
  const names = new Set<string>();
  for (const category of doc.categories)
    for (const product of category.products as { url_imagem?: string | null }[]) {
      const name = product.url_imagem?.match(/\/p\/(.+)-\d+w\.webp$/)?.[1];
      if (name) names.add(name);
    }
  return [...names];
}

async function main() {
  for (const [doc, kind] of [
    [pizzaria, 'pizza'],
    [sakura, 'sakura'],
  ] as const) {
    const dir = path.join(root, doc.slug);
    const table: Table = kind === 'pizza' ? 'wood' : 'slate';
    rmSync(path.join(dir, 'p'), { recursive: true, force: true });
    for (const name of pictureNames(doc)) {
      for (const width of PRODUCT_WIDTHS) {
        const height = (width * 3) / 4;
        await writeSvg(
          path.join(dir, 'p', `${name}-${width}w.webp`),
          dishSvg(name, table, width, height),
          'webp',
          70,
        );
      }
      for (const width of THUMB_WIDTHS) {
        await writeSvg(
          path.join(dir, 'p', `${name}-thumb-${width}w.webp`),
          dishSvg(name, table, width, width),
          'webp',
          70,
        );
      }
    }
    console.log(`${doc.slug}: ${readdirSync(path.join(dir, 'p')).length} product pictures`);
    const { primary_color: primary, secondary_color: secondary, default_style_mode } = doc.look;
    const b = banner(primary, secondary, default_style_mode === 'dark');
    await write(path.join(dir, 'banner.webp'), b.w, b.h, b.body, 'webp', 55);
    await write(path.join(dir, 'logo.webp'), 256, 256, logo(primary, secondary, 256, kind), 'webp', 85);
    await write(path.join(dir, 'icon-192.png'), 192, 192, logo(primary, secondary, 192, kind), 'png');
    await write(path.join(dir, 'icon-512.png'), 512, 512, logo(primary, secondary, 512, kind), 'png');
    console.log(`drew ${doc.slug}`);
  }
  const fonts = path.join(root, 'fonts');
  mkdirSync(fonts, { recursive: true });
  const fontFiles: [string, string][] = [
    ['poppins', 'poppins-latin-400-normal.woff2'],
    ['poppins', 'poppins-latin-700-normal.woff2'],
    ['lora', 'lora-latin-400-normal.woff2'],
    ['lora', 'lora-latin-700-normal.woff2'],
  ];
  for (const [pkg, file] of fontFiles) {
    copyFileSync(
      path.resolve(import.meta.dirname, `../../node_modules/@fontsource/${pkg}/files/${file}`),
      path.join(fonts, file),
    );
  }
  console.log('copied fonts');
}

await main();
