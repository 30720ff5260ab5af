/**
 * Draws the demo stores' pictures locally (no network): product photos-as-illustrations sized for
 * the dialog (480x320) and the menu row (160x160), banners, logos and app icons, as small WebP/PNG
 * files under apps/server/media, and copies the demo fonts there.
 * Run: node --import tsx scripts/demo/build-demo-media.ts
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { pizzaria } from './pizzaria.ts';
import { sakura } from './sakura.ts';

const root = path.resolve(import.meta.dirname, '../../apps/server/media');

function hash(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}

const palette = [
  '#e63946',
  '#f4a261',
  '#e9c46a',
  '#2a9d8f',
  '#8ab17d',
  '#d62828',
  '#6a4c93',
  '#ff6b6b',
  '#ffb703',
];
const pick = (seed: number, offset = 0) => palette[(seed + offset) % palette.length]!;

/** One of a few dishes, chosen by words in the ref, with colours varied by its hash. */
function dish(ref: string, w: number, h: number): string {
  const seed = hash(ref);
  const cx = w / 2;
  const cy = h / 2;
  const r = Math.min(w, h) * 0.38;
  const bg = `<rect width="${w}" height="${h}" fill="${seed % 2 ? '#f6efe6' : '#efe7dc'}"/>`;
  const dots = (count: number, colour: string, radius: number, spread: number) =>
    Array.from({ length: count }, (_, i) => {
      const a = (i / count) * Math.PI * 2 + (seed % 7);
      const d = spread * (0.35 + ((seed >> i) % 5) / 8);
      return `<circle cx="${cx + Math.cos(a) * d}" cy="${cy + Math.sin(a) * d}" r="${radius}" fill="${colour}"/>`;
    }).join('');
  if (ref.includes('pizza') || ref.includes('combo-pizza')) {
    return `${bg}<circle cx="${cx}" cy="${cy}" r="${r}" fill="#c98b4a"/><circle cx="${cx}" cy="${cy}" r="${r * 0.86}" fill="#f3c65b"/>${dots(9, ['#b3261e', '#8c2f1b', '#d62828', '#6d3b1f'][seed % 4]!, r * 0.1, r * 0.7)}${dots(6, '#5b8c3a', r * 0.05, r * 0.55)}`;
  }
  if (ref.includes('burger') || ref.includes('combo-burger')) {
    const bw = r * 1.9;
    const x = cx - bw / 2;
    return `${bg}<rect x="${x}" y="${cy - r * 0.75}" width="${bw}" height="${r * 0.55}" rx="${r * 0.4}" fill="#d89a4e"/><rect x="${x - 4}" y="${cy - r * 0.2}" width="${bw + 8}" height="${r * 0.16}" rx="6" fill="#6bbf59"/><rect x="${x}" y="${cy - r * 0.06}" width="${bw}" height="${r * 0.36}" rx="10" fill="#6d3b1f"/><rect x="${x - 2}" y="${cy + r * 0.22}" width="${bw + 4}" height="${r * 0.14}" rx="5" fill="${pick(seed, 2)}"/><rect x="${x}" y="${cy + r * 0.38}" width="${bw}" height="${r * 0.38}" rx="${r * 0.2}" fill="#d89a4e"/>`;
  }
  if (ref.includes('acai')) {
    return `${bg}<ellipse cx="${cx}" cy="${cy + r * 0.2}" rx="${r}" ry="${r * 0.75}" fill="#ffffff"/><ellipse cx="${cx}" cy="${cy}" rx="${r * 0.92}" ry="${r * 0.45}" fill="#4b1d52"/>${dots(7, pick(seed, 1), r * 0.09, r * 0.5)}`;
  }
  if (/(coca|guarana|refri|agua|suco|cerveja|chopp|cha-verde|ramune)/.test(ref)) {
    const gw = r * 0.9;
    return `${bg}<rect x="${cx - gw / 2}" y="${cy - r}" width="${gw}" height="${r * 2}" rx="${gw * 0.18}" fill="${pick(seed, 3)}"/><rect x="${cx - gw / 2}" y="${cy - r * 0.2}" width="${gw}" height="${r * 0.5}" fill="#ffffff" opacity="0.55"/>`;
  }
  if (/(temaki|roll|uramaki|combinado|sushi|sashimi)/.test(ref)) {
    const pieces = Array.from({ length: 5 }, (_, i) => {
      const x = cx - r * 1.2 + i * r * 0.6;
      return `<circle cx="${x}" cy="${cy}" r="${r * 0.28}" fill="#1d2b1f"/><circle cx="${x}" cy="${cy}" r="${r * 0.21}" fill="#fbfbf7"/><circle cx="${x}" cy="${cy}" r="${r * 0.1}" fill="${pick(seed, i)}"/>`;
    }).join('');
    return `${bg}<rect x="${cx - r * 1.5}" y="${cy - r * 0.45}" width="${r * 3}" height="${r * 0.9}" rx="12" fill="#3a3a3a"/>${pieces}`;
  }
  // Plates: desserts, portions, hot dishes.
  return `${bg}<circle cx="${cx}" cy="${cy}" r="${r}" fill="#ffffff"/><circle cx="${cx}" cy="${cy}" r="${r * 0.8}" fill="#f1f1f1"/>${dots(8, pick(seed), r * 0.16, r * 0.45)}${dots(5, pick(seed, 4), r * 0.1, r * 0.3)}`;
}

const svg = (w: number, h: number, body: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`,
  );

async function write(file: string, w: number, h: number, body: string, format: 'webp' | 'png', quality = 70) {
  mkdirSync(path.dirname(file), { recursive: true });
  const image = sharp(svg(w, h, body));
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

function productRefs(doc: typeof pizzaria | typeof sakura): string[] {
  const refs: string[] = [];
  for (const category of doc.categories)
    for (const product of category.products as { ref: string; url_imagem?: string }[])
      if (product.url_imagem) refs.push(product.ref);
  return refs;
}

async function main() {
  for (const [doc, kind] of [
    [pizzaria, 'pizza'],
    [sakura, 'sakura'],
  ] as const) {
    const dir = path.join(root, doc.slug);
    for (const ref of productRefs(doc)) {
      await write(path.join(dir, 'p', `${ref}.webp`), 480, 320, dish(ref, 480, 320), 'webp', 72);
      await write(path.join(dir, 'p', `${ref}-thumb.webp`), 160, 160, dish(ref, 160, 160), 'webp', 65);
    }
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
