import { contrastRatio, parseHex, type Rgb } from './color.ts';
import { DARK_BACKGROUNDS } from './look-vars.ts';

/*
 * What a store may choose for its look (docs/decisions/0032): the store document and the staff
 * editor refuse a font the storefront cannot load and a primary colour that is not readable as it
 * is in the store's default theme.
 */

export interface StoreFont {
  family: string;
  /** The woff2 file the storefront loads (weight 400); null for the system's own font. */
  url: string | null;
}

/**
 * The fonts the storefront can load: its own files under /media/fonts (the page's content security
 * policy takes fonts from this origin only), or the phone's system font.
 */
export const STORE_FONTS: readonly StoreFont[] = [
  { family: 'system-ui', url: null },
  { family: 'Poppins', url: '/media/fonts/poppins-latin-400-normal.woff2' },
  { family: 'Lora', url: '/media/fonts/lora-latin-400-normal.woff2' },
];

/**
 * The stylesheet beside one of the store fonts (`/media/fonts/x.woff2` → `/media/fonts/x.css`, an
 * @font-face naming its family): what a card provider's frames load to type in the store's font
 * (Mercado Pago's customFonts take stylesheets, docs/decisions/0074). Null for any other address.
 */
export function storeFontStylesheet(fontUrl: string): string | null {
  const match = /^(\/media\/fonts\/[\w-]+)\.woff2$/.exec(fontUrl);
  return match ? `${match[1]}.css` : null;
}

export function storeFont(family: string): StoreFont | undefined {
  return STORE_FONTS.find((font) => font.family === family);
}

/** WCAG 2.x AA for normal text. */
export const PRIMARY_MIN_CONTRAST = 4.5;

const WHITE: Rgb = [255, 255, 255];

export interface PrimaryContrast {
  /** The lowest contrast against what the colour meets in the default theme, e.g. 6.54. */
  ratio: number;
  /** 'white': white text and the light theme's page; 'dark': the dark theme's backgrounds. */
  against: 'white' | 'dark';
  ok: boolean;
}

/**
 * How readable the primary colour is as it is, in the store's default theme: in a light store it
 * carries white text and is the accent on a white page, so it must reach AA against white; a dark
 * store's first view draws it on the dark theme's backgrounds instead, so it must reach AA there.
 * (The storefront still picks black or white text on it and adjusts the accent in the other theme,
 * docs/decisions/0011; this rule keeps the colour the owner chose the one customers see first.)
 */
export function primaryContrast(primary: string, mode: 'light' | 'dark'): PrimaryContrast | null {
  const colour = parseHex(primary);
  if (!colour) return null;
  const backgrounds = mode === 'light' ? [WHITE] : DARK_BACKGROUNDS.map((bg) => parseHex(bg)!);
  const ratio = Math.min(...backgrounds.map((bg) => contrastRatio(colour, bg)));
  return {
    ratio: Math.floor(ratio * 100) / 100,
    against: mode === 'light' ? 'white' : 'dark',
    ok: ratio >= PRIMARY_MIN_CONTRAST,
  };
}
