import { STAFF_ROLES } from '@comanda/domain';
import { z } from 'zod';
import { freeText } from './common.ts';

/*
 * Role rules for money (issue 33, docs/decisions/0059): the store's own roles for the capabilities
 * it may move, the owners' notices, the cancel requests and the managers' approval codes.
 */

const staffRole = z.enum(STAFF_ROLES);

/** One capability a store may move, with its range and the store's role now. */
export const roleRule = z.object({
  capability: z.string(),
  /** The role when the store has not moved it. */
  lowest: staffRole,
  from: staffRole,
  to: staffRole,
  /** The store's role now (its override, or `lowest`). */
  role: staffRole,
});
export type RoleRule = z.infer<typeof roleRule>;

/** GET /staff/roles */
export const roleRulesReply = z.object({ rules: z.array(roleRule) });
export type RoleRulesReply = z.infer<typeof roleRulesReply>;

/** PUT /staff/roles: the store's overrides, whole (a capability left out goes back to its default). */
export const roleRulesUpdateRequest = z.object({
  overrides: z
    .record(z.string().max(60), z.string().max(20))
    .refine((value) => Object.keys(value).length <= 40, 'at most 40 rules'),
});
export type RoleRulesUpdateRequest = z.infer<typeof roleRulesUpdateRequest>;

/** Stable codes of a refused PUT /staff/roles (400, `field` overrides.<capability>). */
export const ROLE_RULE_ERROR_CODES = [
  'UNKNOWN_CAPABILITY',
  'UNKNOWN_ROLE',
  'NOT_MOVABLE',
  'OUT_OF_RANGE',
] as const;

/** The staff member's own password, confirming an owner's action (a PIX key change). */
export const ownerPassword = z.string().min(1).max(200);

export const STAFF_NOTICE_KINDS = ['pix_key', 'payment_provider'] as const;

/** A notice to the store's owners. */
export const staffNotice = z.object({
  id: z.number().int(),
  kind: z.enum(STAFF_NOTICE_KINDS),
  /** Who made the change. */
  staff_nome: z.string(),
  /** ISO instant. */
  at: z.string(),
  /** The keys (masked) or provider names before and after; null: none. */
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type StaffNotice = z.infer<typeof staffNotice>;

/** GET /staff/notices: this owner's notices not dismissed yet, newest first. */
export const staffNoticesReply = z.object({
  /** The store's IANA time zone, to show `at` in. */
  time_zone: z.string(),
  notices: z.array(staffNotice),
});
export type StaffNoticesReply = z.infer<typeof staffNoticesReply>;

export const CANCEL_REQUEST_STATUSES = ['pending', 'approved', 'denied'] as const;
export type CancelRequestStatus = (typeof CANCEL_REQUEST_STATUSES)[number];

/** A member's request to cancel an order they may not cancel alone. */
export const cancelRequest = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  /** The order's number in its store, what people read (ADR 0065). */
  numero: z.number().int().nullable().optional(),
  /** The order's total, centavos. */
  order_total: z.number().int(),
  customer_nome: z.string(),
  asked_by: z.object({ id: z.number().int(), nome: z.string() }),
  reason: z.string(),
  at: z.string(),
  status: z.enum(CANCEL_REQUEST_STATUSES),
  decided_by: z.object({ id: z.number().int(), nome: z.string() }).nullable(),
  decided_at: z.string().nullable(),
});
export type CancelRequest = z.infer<typeof cancelRequest>;

/** GET /staff/cancel-requests */
export const cancelRequestsReply = z.object({
  time_zone: z.string(),
  /** Pending requests first (oldest first), then the last decided ones. */
  requests: z.array(cancelRequest),
});
export type CancelRequestsReply = z.infer<typeof cancelRequestsReply>;

/** POST /staff/orders/{id}/cancel-requests */
export const cancelRequestCreate = z.object({ reason: freeText(200) });
export type CancelRequestCreate = z.infer<typeof cancelRequestCreate>;

/** A manager's or owner's personal approval code: 4 to 8 digits. */
export const approvalCode = z.string().regex(/^\d{4,8}$/, 'must be 4 to 8 digits');

/** POST /staff/orders/{id}/cancel-with-code */
export const cancelWithCodeRequest = z.object({ reason: freeText(200), approval_code: approvalCode });
export type CancelWithCodeRequest = z.infer<typeof cancelWithCodeRequest>;

/** PUT /staff/me/approval-code */
export const approvalCodeUpdate = z.object({ code: approvalCode, password: ownerPassword });
export type ApprovalCodeUpdate = z.infer<typeof approvalCodeUpdate>;

/** The staff event when a cancel request is made or decided (the board reloads the requests). */
export const CANCEL_REQUEST_EVENT = 'cancel_request';

/** The payment providers a store may take PIX (and cards) through (docs/store-import-format.md). */
export const PAYMENT_PROVIDER_KINDS = ['mercadopago', 'stripe', 'apipix', 'static_pix'] as const;
export type PaymentProviderKind = (typeof PAYMENT_PROVIDER_KINDS)[number];

/**
 * GET/PUT /staff/payments/provider (docs/decisions/0063): the store's provider as an owner sees it.
 * Secrets are never sent back: only the names of the ones the store keeps (sealed).
 */
export const staffPaymentProviderReply = z.object({
  provider: z.enum(PAYMENT_PROVIDER_KINDS).nullable(),
  /** The settings that are not secrets (addresses, public keys, the PIX key masked). */
  settings: z.record(z.string(), z.string().nullable()),
  /** The names of the secrets the store keeps, sealed. */
  secrets_set: z.array(z.string()),
  /** ISO instant of the last change; null with no provider. */
  updated_at: z.string().nullable(),
});
export type StaffPaymentProviderReply = z.infer<typeof staffPaymentProviderReply>;

/**
 * PUT /staff/payments/provider: the provider and its settings (secrets included, as the store
 * document's `payment_provider` section names them). A secret left out or empty keeps the one the
 * store has, when the provider stays the same. Confirmed with the owner's own password.
 */
export const staffPaymentProviderRequest = z.object({
  provider: z.enum(PAYMENT_PROVIDER_KINDS),
  settings: z.record(z.string().max(40), z.string().max(20_000).nullable()),
  owner_password: ownerPassword.optional(),
});
export type StaffPaymentProviderRequest = z.infer<typeof staffPaymentProviderRequest>;
