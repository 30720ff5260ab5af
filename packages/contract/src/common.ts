import { z } from 'zod';

/** Money on the wire is integer centavos (docs/decisions/0003-money-as-centavos-on-the-wire.md). */
export const centavos = z.number().int().min(0);

/** The error body of every refusal: the spec's `detail` plus a stable machine code. */
export const errorReply = z.object({
  detail: z.string(),
  code: z.string(),
  field: z.string().optional(),
  non_field_errors: z.array(z.string()).optional(),
  /** 409 INVALID_TRANSITION: the order's status now (someone else may have moved it). */
  current_status: z.string().optional(),
  /** 409 MENU_VERSION_CONFLICT: the store's menu version now (someone else changed the store). */
  menu_version: z.number().int().optional(),
  /** 402 CARD_DECLINED of a share's card (docs/decisions/0035): why, as a stable word (SHARE_CARD_FAILURES). */
  decline_reason: z.string().optional(),
  /** A refused store document: every problem found, the first of which is field, code and detail. */
  issues: z.array(z.object({ field: z.string(), code: z.string(), detail: z.string() })).optional(),
});
export type ErrorReply = z.infer<typeof errorReply>;

/** `?format=json` is accepted and ignored on every path. */
export const formatQuery = z.object({ format: z.literal('json').optional() });

export const positiveIdParam = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

/**
 * U+0000 (PostgreSQL text cannot hold it) and lone UTF-16 surrogates (not text: JSON carries them as
 * `\ud800` escapes that jsonb refuses, and UTF-8 cannot encode them).
 */
const UNSTORABLE_TEXT = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether PostgreSQL can store this string as text. */
export function isStorableText(value: string): boolean {
  return !UNSTORABLE_TEXT.test(value);
}

/**
 * The one type of free text on the wire (notes, names, e-mails, address fields, codes, reasons):
 * at most `maxLength` UTF-16 units, and only what PostgreSQL can store, so a refusal is a 400 at
 * validation and never a database error.
 */
export const freeText = (maxLength: number) =>
  z.string().max(maxLength).refine(isStorableText, { message: 'Texto com caracteres inválidos.' });
