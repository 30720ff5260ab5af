import { PRIMARY_MIN_CONTRAST, primaryContrast, STORE_FONTS, storeFont } from '@comanda/domain';
import { z } from 'zod';

/*
 * The store document's rules that keep a store sane for customers (issue 17, docs/decisions/0032),
 * enforced alike by `npm run store:import` and the staff editor. Each issue carries `params.code`,
 * the stable code the editor answers with (and words in Portuguese); its message is what the import
 * prints.
 */

/** The most a product, a variant or an option may cost: R$ 100.000,00. */
export const PRICE_CAP = 10_000_000;

/** A price on the menu, in centavos: 0 to PRICE_CAP. */
export const price = z
  .number()
  .int('must be whole centavos')
  .refine((value) => value >= 0 && value <= PRICE_CAP, {
    message: `must be 0 to ${PRICE_CAP} centavos (R$ 100.000,00)`,
    params: { code: 'PRICE_OUT_OF_RANGE' },
  });

/** An option group's items: at least one, or the product could never be ordered. */
export const groupItems = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .max(200)
    .refine((items) => items.length > 0, {
      message: 'a group needs at least one item',
      params: { code: 'GROUP_WITHOUT_ITEMS' },
    });

/** min ≤ max in a product's use of a group (max 0: no cap). */
export const minNotAboveMax: [
  (use: { min: number; max: number }) => boolean,
  { message: string; path: string[]; params: { code: string } },
] = [
  (use) => use.max === 0 || use.min <= use.max,
  { message: 'min must not exceed max', path: ['min'], params: { code: 'GROUP_MIN_ABOVE_MAX' } },
];

/**
 * A delivery area: a closed ring of [latitude, longitude] points (the last repeats the first, so at
 * least 4), as maps draw it and GeoJSON writes it.
 */
export const deliveryPolygon = z
  .array(z.tuple([z.number(), z.number()]))
  .max(1000)
  .superRefine((points, ctx) => {
    points.forEach(([lat, lng], i) => {
      if (Math.abs(lat) > 90 || Math.abs(lng) > 180)
        ctx.addIssue({
          code: 'custom',
          path: [i],
          message: 'must be [latitude -90..90, longitude -180..180]',
          params: { code: 'COORDINATES_OUT_OF_RANGE' },
        });
    });
    const first = points[0];
    const last = points.at(-1);
    if (points.length < 4 || !first || !last || first[0] !== last[0] || first[1] !== last[1])
      ctx.addIssue({
        code: 'custom',
        message: 'must be closed: at least 4 points, the last equal to the first',
        params: { code: 'POLYGON_NOT_CLOSED' },
      });
  });

interface LookFields {
  primary_color: string;
  font_family: string;
  font_url: string | null;
  default_style_mode: 'light' | 'dark';
}

/** A font the storefront can load (with its own file or none), a primary colour readable as it is. */
export function checkLook(look: LookFields, ctx: z.RefinementCtx): void {
  const font = storeFont(look.font_family);
  if (!font) {
    ctx.addIssue({
      code: 'custom',
      path: ['font_family'],
      message: `must be one of ${STORE_FONTS.map((f) => f.family).join(', ')}`,
      params: { code: 'UNKNOWN_FONT' },
    });
  } else if (look.font_url !== null && look.font_url !== font.url) {
    ctx.addIssue({
      code: 'custom',
      path: ['font_url'],
      message: font.url ? `must be null or ${font.url}` : 'must be null for the system font',
      params: { code: 'UNKNOWN_FONT' },
    });
  }
  const contrast = primaryContrast(look.primary_color, look.default_style_mode);
  if (contrast && !contrast.ok)
    ctx.addIssue({
      code: 'custom',
      path: ['primary_color'],
      message:
        `contrast ${contrast.ratio}:1 against ${contrast.against === 'white' ? 'white text' : 'the dark theme'}` +
        ` is below ${PRIMARY_MIN_CONTRAST}:1 (WCAG AA)`,
      params: { code: 'PRIMARY_COLOUR_CONTRAST', ratio: contrast.ratio, against: contrast.against },
    });
}
