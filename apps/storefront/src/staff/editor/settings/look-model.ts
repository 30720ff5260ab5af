import { DARK_BACKGROUNDS, ensureContrast, type PrimaryContrast, primaryContrast } from '@comanda/domain';

/*
 * The look screen's checks before the server's (docs/decisions/0032): the colour as typed, and
 * whether the primary colour is readable as customers first see it, with a near colour that is.
 */

/** '#c0392b' from '#C0392B', 'c0392b', '#c33' or 'c33'; null when it is not a colour. */
export function normaliseHex(typed: string): string | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(typed.trim());
  if (!match) return null;
  const hex = match[1]!.length === 3 ? [...match[1]!].map((c) => c + c).join('') : match[1]!;
  return `#${hex.toLowerCase()}`;
}

export interface ContrastAdvice extends PrimaryContrast {
  /** The nearest colour that passes (darker in a light store, lighter in a dark one); null when it passes. */
  suggestion: string | null;
}

/** The rule the server applies (primaryContrast), with a colour to offer when it fails. */
export function contrastAdvice(primary: string, mode: 'light' | 'dark'): ContrastAdvice | null {
  const contrast = primaryContrast(primary, mode);
  if (!contrast) return null;
  if (contrast.ok) return { ...contrast, suggestion: null };
  const suggestion = ensureContrast(primary, mode === 'light' ? ['#ffffff'] : DARK_BACKGROUNDS);
  return { ...contrast, suggestion };
}

/** A ratio as written in Brazil: 4,5 or 2,94. */
export const ratioText = (ratio: number) => String(ratio).replace('.', ',');
