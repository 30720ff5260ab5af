import { z } from 'zod';

/** Money on the wire is integer centavos (docs/decisions/0003-money-as-centavos-on-the-wire.md). */
export const centavos = z.number().int().min(0);

/** The error body of every refusal: the spec's `detail` plus a stable machine code. */
export const errorReply = z.object({
  detail: z.string(),
  code: z.string(),
  field: z.string().optional(),
  non_field_errors: z.array(z.string()).optional(),
});
export type ErrorReply = z.infer<typeof errorReply>;

/** `?format=json` is accepted and ignored on every path. */
export const formatQuery = z.object({ format: z.literal('json').optional() });

export const positiveIdParam = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});
