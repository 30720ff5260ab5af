import { ensureContrast, isHexColour, readableTextOn } from './color.ts';

/**
 * The store's look as CSS custom properties. Pure (no DOM), so the server can put the same
 * variables into the first HTML it sends and the page paints in the store's colours at once.
 */
export interface LookInput {
  primary_color: string;
  secondary_color: string;
  font_family: string;
}

/** Backgrounds text is drawn on in each theme (must match styles/global.css). */
export const LIGHT_BACKGROUNDS = ['#ffffff', '#f4f4f5'] as const;
export const DARK_BACKGROUNDS = ['#1c1c1f', '#101012'] as const;

export const DEFAULT_PRIMARY = '#b3261e';
export const DEFAULT_SECONDARY = '#1f4fd1';
export const FONT_FALLBACK =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

const GENERIC_FAMILIES = new Set(['system-ui', 'sans-serif', 'serif', 'monospace', 'cursive', 'fantasy']);

/** A font family name that cannot break out of a CSS declaration. Empty when unusable. */
export function safeFontFamily(name: string): string {
  return name
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .trim()
    .slice(0, 80);
}

export function fontStack(family: string): string {
  const safe = safeFontFamily(family);
  if (!safe || GENERIC_FAMILIES.has(safe.toLowerCase())) return FONT_FALLBACK;
  return `"${safe}", ${FONT_FALLBACK}`;
}

export function lookVars(look: LookInput): Record<string, string> {
  const primary = isHexColour(look.primary_color) ? look.primary_color.toLowerCase() : DEFAULT_PRIMARY;
  const secondary = isHexColour(look.secondary_color)
    ? look.secondary_color.toLowerCase()
    : DEFAULT_SECONDARY;
  return {
    '--primary': primary,
    '--on-primary': readableTextOn(primary),
    '--secondary': secondary,
    '--on-secondary': readableTextOn(secondary),
    '--accent-light': ensureContrast(primary, LIGHT_BACKGROUNDS),
    '--accent-dark': ensureContrast(primary, DARK_BACKGROUNDS),
    '--font-body': fontStack(look.font_family),
  };
}

/**
 * The variables as a rule that wins over the stylesheets' defaults wherever it sits: a chunk's
 * stylesheet that the browser adds after it declares them on `:root` too.
 */
export function lookCss(vars: Record<string, string>): string {
  const body = Object.entries(vars)
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
  return `html:root{${body}}`;
}
