import {
  REGISTER_AMOUNT_MAX,
  REGISTER_MOVEMENT_KINDS,
  REGISTER_NAME_MAX_LENGTH,
  REGISTER_REASON_MAX_LENGTH,
} from '@comanda/domain';
import { z } from 'zod';
import { freeText } from './common.ts';

// ---------------------------------------------------------------------------------------------
// The cash register (caixa, issue 33, docs/decisions/0060): named terminals, sessions opened with a
// float, sangria and suprimento, and the closing count per payment method.

const dbId = z.coerce.number().int().min(1).max(2_147_483_647);
const amount = z.number().int().min(0).max(REGISTER_AMOUNT_MAX);

export const registerIdParams = z.object({ id: dbId });
export const registerSessionParams = z.object({ id: dbId });

/** One payment method's line of a session: what it took, what is expected, and once closed the count. */
export const registerLine = z.object({
  /** 'cash', m<method id>, or n:<name> for a name typed at the counter. */
  key: z.string(),
  name: z.string(),
  cash: z.boolean(),
  takings: z.number().int(),
  expected: z.number().int(),
  counted: z.number().int().nullable(),
  difference: z.number().int().nullable(),
});
export type RegisterLine = z.infer<typeof registerLine>;

/** A session as lists show it. */
export const registerSessionSummary = z.object({
  id: z.number().int(),
  register_id: z.number().int(),
  register_name: z.string(),
  opened_at: z.string(),
  opened_by: z.string().nullable(),
  opening_float: z.number().int(),
  closed_at: z.string().nullable(),
  closed_by: z.string().nullable(),
  /** Σ expected of its lines (now while open; as stored once closed). */
  expected_total: z.number().int(),
  counted_total: z.number().int().nullable(),
  difference_total: z.number().int().nullable(),
});
export type RegisterSessionSummary = z.infer<typeof registerSessionSummary>;

export const registerMovement = z.object({
  id: z.number().int(),
  kind: z.enum(REGISTER_MOVEMENT_KINDS),
  amount: z.number().int(),
  reason: z.string(),
  at: z.string(),
  by: z.string().nullable(),
});
export type RegisterMovementWire = z.infer<typeof registerMovement>;

/** One in-person entry of the ledger taken in the session. */
export const registerTaking = z.object({
  id: z.number().int(),
  at: z.string(),
  /** venda, ajuste or estorno. */
  kind: z.string(),
  order_id: z.number().int().nullable(),
  /** The order's number in its store, what people read (ADR 0065). */
  numero: z.number().int().nullable().optional(),
  tab_id: z.number().int().nullable(),
  channel: z.string(),
  payment_name: z.string(),
  line_key: z.string(),
  amount: z.number().int(),
});
export type RegisterTakingWire = z.infer<typeof registerTaking>;

/** GET /staff/register-sessions/{id} and the reply of every change to a session. */
export const registerSessionReply = registerSessionSummary.extend({
  store_name: z.string(),
  /** The cash the drawer should hold now (float + suprimentos − sangrias + cash takings). */
  cash_in_drawer: z.number().int(),
  lines: z.array(registerLine),
  movements: z.array(registerMovement),
  takings: z.array(registerTaking),
});
export type RegisterSessionReply = z.infer<typeof registerSessionReply>;

export const cashRegister = z.object({
  id: z.number().int(),
  name: z.string(),
  ativo: z.boolean(),
  open_session: registerSessionSummary.nullable(),
});
export type CashRegister = z.infer<typeof cashRegister>;

/** GET /staff/registers and the reply of every change to them. */
export const registersReply = z.object({ registers: z.array(cashRegister) });
export type RegistersReply = z.infer<typeof registersReply>;

const registerName = freeText(REGISTER_NAME_MAX_LENGTH).refine((name) => name.trim().length > 0, {
  message: 'Informe o nome do caixa.',
});

/** POST /staff/registers */
export const registerCreateRequest = z.object({ name: registerName }).strict();

/** PATCH /staff/registers/{id} */
export const registerUpdateRequest = z
  .object({ name: registerName.optional(), ativo: z.boolean().optional() })
  .strict()
  .refine((body) => body.name !== undefined || body.ativo !== undefined, {
    message: 'Informe name ou ativo.',
  });

/** POST /staff/registers/{id}/open */
export const registerOpenRequest = z.object({ opening_float: amount }).strict();

/** POST /staff/register-sessions/{id}/movements */
export const registerMovementRequest = z
  .object({
    kind: z.enum(REGISTER_MOVEMENT_KINDS),
    amount: amount.min(1),
    reason: freeText(REGISTER_REASON_MAX_LENGTH).refine((reason) => reason.trim().length > 0, {
      message: 'Informe o motivo.',
    }),
  })
  .strict();

/** POST /staff/register-sessions/{id}/close: what was counted per line key (a line left out: 0). */
export const registerCloseRequest = z
  .object({ counted: z.record(z.string().max(80), amount) })
  .strict()
  .refine((body) => Object.keys(body.counted).length <= 50, { message: 'Contagem demais.' });

/** GET /staff/register-sessions?register_id=&before= */
export const registerSessionsQuery = z.object({
  register_id: dbId.optional(),
  before: dbId.optional(),
  limit: z.coerce.number().int().min(1).max(50).optional(),
});
export const registerSessionsReply = z.object({
  sessions: z.array(registerSessionSummary),
  next_before: z.number().int().nullable(),
});
export type RegisterSessionsReply = z.infer<typeof registerSessionsReply>;
