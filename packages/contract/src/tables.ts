import {
  SERVICE_FEE_PERCENT_MAX,
  TAB_SPLIT_MAX_PEOPLE,
  TAB_STATUSES,
  TABLE_CALL_KINDS,
  TABLE_CODE_LENGTH,
} from '@comanda/domain';
import { z } from 'zod';
import { centavos, freeText } from './common.ts';
import { cardPaymentMethodId, cardToken, paymentStatus } from './payments.ts';

/*
 * Table mode (issue 19; spec sections 2, 3 "Table", 6 "Local (table) mode", 7 `/bar/v2/tables/list/`):
 * a table's running tab, guests' calls to the staff, and the staff's tables, tabs and calls.
 * Guests prove they sit at the table with the token of its QR code (docs/decisions/0021); the
 * staff calls need a staff token of the store.
 */

/** Stable `code` values of the table calls' refusals. */
export const TABLE_ERROR_CODES = [
  'TABLE_NOT_FOUND', // 404: no such active table in this store
  'TABLE_TOKEN_INVALID', // 400: the QR code's token is missing, of another table or rotated
  'TABLE_LOCKED', // 409: the store opens tables with a code and this one has no open tab
  'TABLE_CODE_INVALID', // 400: the waiter's code does not match the open tab's
  'TAB_NOT_FOUND', // 404
  'TAB_NOT_OPEN', // 409: the tab is closing or closed (no new rounds, no second close)
  'NO_OPEN_TAB', // 409: asking for the bill of a table that has ordered nothing
  'TAB_SPLIT_INVALID', // 400: a line in no share, in two, unknown, or an empty share (field `split`)
  'TAB_SHARE_NOT_FOUND', // 404
  'TAB_SHARE_ALREADY_PAID', // 409
  'TABLE_CALL_NOT_FOUND', // 404
  'TOO_MANY_TABLE_CALLS', // 429 with Retry-After
  'TABLE_DESCRIPTION_TAKEN', // 409: another table of the store has this name
  'TABLE_HAS_OPEN_TAB', // 409: a table whose tab is not closed cannot be deactivated
  'TABLE_ALREADY_OPEN', // 409: opening a table whose tab is open or closing
  'PIX_NOT_OFFERED', // 409: the store takes no PIX in the app (a share is then paid at the counter)
  'TAB_SHARE_PIX_NOT_FOUND', // 404: no such PIX charge for this share
  'TOO_MANY_PIX_ATTEMPTS', // 429 with Retry-After: PIX charges asked from one address
  'PAYMENT_PROVIDER_ERROR', // 503: the store's PIX provider did not answer; try again
  'CARD_NOT_OFFERED', // 409: the store takes no card in the app (a share is then paid at the counter)
  'TAB_SHARE_CARD_NOT_FOUND', // 404: no such card attempt for this share
  'CARD_ATTEMPT_NOT_PAYABLE', // 409: the card attempt is not waiting for a card token (paid, failed, busy)
  'CARD_DECLINED', // 402: the card was declined (the attempt failed: open another)
  'TOO_MANY_CARD_ATTEMPTS', // 429 with Retry-After: card attempts and tokens from one address
] as const;
export type TableErrorCode = (typeof TABLE_ERROR_CODES)[number];

const dbId = z.coerce.number().int().min(1).max(2_147_483_647);

export const tableIdParams = z.object({ table: dbId });
export const tabIdParams = z.object({ id: dbId });

/** The QR code's token, in the query of the guest's calls (as in the QR address). */
export const tableTokenQuery = z.object({ token: z.string().max(64) });

// ---------------------------------------------------------------------------------------------
// What guests see

/** One line of a round, as the tab lists it. */
export const tabLine = z.object({
  /** The order line's id (what a split by items names). */
  id: z.number().int(),
  descricao_produto: z.string(),
  qtd: z.number().int(),
  /** The options as one short text ('+ Borda de catupiry, sem cebola'), or ''. */
  detalhes: z.string(),
  valor_total: centavos,
});
export type TabLine = z.infer<typeof tabLine>;

/** One round: one order placed at the table. */
export const tabRound = z.object({
  order_id: z.number().int(),
  /** The order's number in its store, what people read (ADR 0065). */
  numero: z.number().int().nullable().optional(),
  /** 1, 2, 3… in the order the rounds were placed. */
  rodada: z.number().int(),
  /** ISO 8601 (UTC). */
  dh_iniciado: z.string(),
  status: z.string(),
  total: centavos,
  /** Paid in the app when ordered (a table whose store requires it). */
  pago_online: z.boolean(),
  linhas: z.array(tabLine),
});
export type TabRound = z.infer<typeof tabRound>;

/** The bill of a tab (tabTotals of @comanda/domain), with the store's fee percent. */
export const tabTotalsShape = z.object({
  consumido: centavos.describe('Σ rounds not cancelled'),
  pago_online: centavos,
  a_pagar: centavos.describe('consumido − pago_online'),
  taxa_servico_perc: z.number().int().min(0).max(SERVICE_FEE_PERCENT_MAX),
  taxa_servico: centavos,
  total: centavos.describe('a_pagar + taxa_servico'),
});
export type TabTotalsShape = z.infer<typeof tabTotalsShape>;

/** A share of a closing or closed tab. */
export const tabShare = z.object({
  id: z.number().int(),
  /** 1, 2, 3… */
  parte: z.number().int(),
  valor: centavos,
  taxa_servico: centavos,
  /** The order lines this share takes (split by items), else []. */
  linhas: z.array(z.number().int()),
  /** When staff marked it paid (ISO 8601, UTC), or null. */
  pago_em: z.string().nullable(),
  forma_pagamento: z.string().nullable(),
  /**
   * Staff's tab only: centavos paid by PIX in the app for this share after it was paid at the
   * counter, for the store to give back by hand (0 or absent: nothing).
   */
  pix_a_devolver: centavos.optional(),
  /** Staff's tab only: likewise, centavos paid by card in the app after the share was paid at the counter. */
  cartao_a_devolver: centavos.optional(),
});
export type TabShareShape = z.infer<typeof tabShare>;

export const tabStatus = z.enum(TAB_STATUSES);

/** A tab as the table's guests see it. */
export const guestTab = z.object({
  id: z.number().int(),
  status: tabStatus,
  /** ISO 8601 (UTC). */
  aberta_em: z.string(),
  rodadas: z.array(tabRound),
  totais: tabTotalsShape,
  /** Set once the bill is fixed (closing or closed). */
  divisao: z.enum(['even', 'items']).nullable(),
  partes: z.array(tabShare),
  /** A call of each kind waiting for the staff, if any (ISO 8601 of the call). */
  chamado_garcom_em: z.string().nullable(),
  conta_pedida_em: z.string().nullable(),
});
export type GuestTab = z.infer<typeof guestTab>;

/** GET /bar/v2/tables/{table}/tab/?token=… */
export const guestTableReply = z.object({
  table: z.object({ id: z.number().int(), description: z.string() }),
  /** The store opens its tables with the waiter's code: an order needs `codigo_mesa`. */
  requires_code: z.boolean(),
  /** The table's open (or closing) tab; null before the first round. */
  tab: guestTab.nullable(),
});
export type GuestTableReply = z.infer<typeof guestTableReply>;

/** POST /bar/v2/tables/{table}/calls/?token=… */
export const tableCallRequest = z.object({ kind: z.enum(TABLE_CALL_KINDS) }).strict();

/** A guest's call, as the guest and the staff see it. */
export const tableCall = z.object({
  id: z.number().int(),
  kind: z.enum(TABLE_CALL_KINDS),
  table_id: z.number().int(),
  table_description: z.string(),
  /** ISO 8601 (UTC). */
  created_at: z.string(),
  acknowledged_at: z.string().nullable(),
});
export type TableCall = z.infer<typeof tableCall>;

// ---------------------------------------------------------------------------------------------
// The staff's tables, tabs and calls

/** An open or closing tab in the staff's lists. */
export const staffTabSummary = z.object({
  id: z.number().int(),
  status: tabStatus,
  aberta_em: z.string(),
  /** The waiter's code for guests, when the store opens tables with a code. */
  codigo: z.string().nullable(),
  rodadas: z.number().int(),
  totais: tabTotalsShape,
  conta_pedida_em: z.string().nullable(),
});
export type StaffTabSummary = z.infer<typeof staffTabSummary>;

/** A table of the store, with its QR addresses and its tab. */
export const staffTable = z.object({
  id: z.number().int(),
  ref: z.string(),
  description: z.string(),
  ativo: z.boolean(),
  /** The QR code's addresses (with the token): table mode, and self-checkout. */
  links: z.object({ local: z.string(), self_checkout: z.string() }),
  tab: staffTabSummary.nullable(),
});
export type StaffTable = z.infer<typeof staffTable>;

/** The store's table settings. */
export const tableSettings = z.object({
  /** Guests need the waiter's code to order at a table with no open tab. */
  requires_code: z.boolean(),
  service_fee_percent: z.number().int().min(0).max(SERVICE_FEE_PERCENT_MAX),
  /** Table orders must be paid in the app (spec: self_checkout_require_imply_pay); read only here. */
  require_in_app_payment: z.boolean(),
});
export type TableSettings = z.infer<typeof tableSettings>;

/** GET /staff/tables */
export const staffTablesReply = z.object({
  settings: tableSettings,
  tables: z.array(staffTable),
  /** Guests' calls waiting for the staff, oldest first. */
  calls: z.array(tableCall),
});
export type StaffTablesReply = z.infer<typeof staffTablesReply>;

const tableDescription = freeText(120).refine((value) => value.trim().length > 0, {
  message: 'Informe o nome da mesa.',
});

/** POST /staff/tables (manager) */
export const tableCreateRequest = z.object({ description: tableDescription }).strict();

/** PATCH /staff/tables/{table} (manager) */
export const tableUpdateRequest = z
  .object({ description: tableDescription.optional(), ativo: z.boolean().optional() })
  .strict()
  .refine((body) => body.description !== undefined || body.ativo !== undefined, {
    message: 'Informe description ou ativo.',
  });

/** PATCH /staff/tables/settings (manager) */
export const tableSettingsRequest = z
  .object({
    requires_code: z.boolean().optional(),
    service_fee_percent: z.number().int().min(0).max(SERVICE_FEE_PERCENT_MAX).optional(),
  })
  .strict()
  .refine((body) => body.requires_code !== undefined || body.service_fee_percent !== undefined, {
    message: 'Informe requires_code ou service_fee_percent.',
  });

/** GET /staff/tables/qr-sheet: what the printable sheet draws, one QR per active table. */
export const tableQrSheetReply = z.object({
  store: z.object({ nome: z.string(), logo: z.string().nullable(), primary_color: z.string() }),
  tables: z.array(
    z.object({
      id: z.number().int(),
      description: z.string(),
      /** The table-mode address the QR code holds. */
      url: z.string(),
      /** The QR code as an SVG `data:` URL. */
      qr: z.string(),
    }),
  ),
});
export type TableQrSheetReply = z.infer<typeof tableQrSheetReply>;

/** A tab as the staff sees it: the guests' view plus the code and the table. */
export const staffTab = guestTab.extend({
  table: z.object({ id: z.number().int(), description: z.string() }),
  codigo: z.string().nullable(),
  /** ISO 8601 (UTC), once closed. */
  fechada_em: z.string().nullable(),
});
export type StaffTab = z.infer<typeof staffTab>;

/**
 * GET /staff/tabs?status=…: one status or several, comma-separated (default `open,closing`);
 * `closed` lists the last 50 closed tabs, newest first.
 */
export const staffTabListQuery = z.object({
  status: z
    .string()
    .max(40)
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== ''),
    )
    .pipe(z.array(tabStatus).min(1))
    .optional()
    .describe('One status or several, comma-separated (open,closing,closed); absent = open,closing'),
  format: z.literal('json').optional(),
});
export type StaffTabListQuery = z.output<typeof staffTabListQuery>;

/** GET /staff/tabs */
export const staffTabListReply = z.object({ tabs: z.array(staffTab) });
export type StaffTabListReply = z.infer<typeof staffTabListReply>;

/** POST /staff/tables/{table}/open: opens the table's tab (with a fresh code when the store uses them). */
export const tabOpenReply = staffTab;

/** POST /staff/tabs/{id}/close: fixes the bill, split evenly or by items, with or without the fee. */
export const tabCloseRequest = z
  .object({
    service_fee: z.boolean(),
    split: z.discriminatedUnion('mode', [
      z
        .object({ mode: z.literal('even'), people: z.number().int().min(1).max(TAB_SPLIT_MAX_PEOPLE) })
        .strict(),
      z
        .object({
          mode: z.literal('items'),
          /** Each share's order line ids; every line of the tab in exactly one share. */
          shares: z
            .array(z.array(z.number().int().min(1)).max(500))
            .min(1)
            .max(TAB_SPLIT_MAX_PEOPLE),
        })
        .strict(),
    ]),
  })
  .strict();
export type TabCloseRequest = z.infer<typeof tabCloseRequest>;

/** POST /staff/tabs/{id}/shares/{share}/paid: paid at the counter. */
export const tabSharePaidParams = z.object({ id: dbId, share: dbId });
export const tabSharePaidRequest = z
  .object({ forma_pagamento: freeText(60).refine((v) => v.trim().length > 0) })
  .strict();

/** POST /bar/v2/tables/{table}/tab/shares/{share}/pix/ */
export const tabSharePixParams = z.object({ table: dbId, share: dbId });
/** GET /bar/v2/tables/{table}/tab/shares/{share}/pix/{id}/ */
export const tabSharePixIdParams = z.object({ table: dbId, share: dbId, id: dbId });

/**
 * A share's attempt as its guest reads it: the payment statuses it can show (a canceled or refunded
 * attempt reads as failed).
 */
export const shareAttemptStatus = paymentStatus.extract(['pending', 'paid', 'expired', 'failed']);
export type ShareAttemptStatus = z.infer<typeof shareAttemptStatus>;

/** A guest's PIX charge for one share of a closing tab. */
export const tabSharePixReply = z.object({
  id: z.number().int(),
  /** pending until the store's PIX provider says otherwise (the guest's word is never enough). */
  status: shareAttemptStatus,
  /** The share's amount, in centavos (the server's figure). */
  valor: centavos,
  /** The BR Code to copy and paste. */
  copia_e_cola: z.string(),
  /** The QR code as an image src (a data: URL). */
  qr: z.string(),
  expira_em: z.string(),
  pago_em: z.string().nullable(),
  /** In the guest's words. */
  detail: z.string(),
});
export type TabSharePixReply = z.infer<typeof tabSharePixReply>;

/** POST /bar/v2/tables/{table}/tab/shares/{share}/card/ */
export const tabShareCardParams = tabSharePixParams;
/** GET …/card/{id}/ and POST …/card/{id}/token/ */
export const tabShareCardIdParams = tabSharePixIdParams;

/**
 * Why a share's card attempt failed, as a stable word the storefront words in the guest's language:
 * a decline (no funds, data to check, call the bank, 3-D Secure not completed, any other), or the
 * share paid otherwise meanwhile (at the counter, or by the other method).
 */
export const SHARE_CARD_FAILURES = [
  'insufficient_funds',
  'check_data',
  'call_bank',
  'authentication',
  'declined',
  'share_paid',
] as const;
export type ShareCardFailure = (typeof SHARE_CARD_FAILURES)[number];

/** A guest's card attempt for one share of a closing tab (docs/decisions/0035). */
export const tabShareCardReply = z.object({
  id: z.number().int(),
  /** pending until the store's provider says paid (the guest's word is never enough). */
  status: shareAttemptStatus,
  /** The share's amount, in centavos (the server's figure). */
  valor: centavos,
  /**
   * While pending: the provider's browser kit to take the card with (its script and public key);
   * null otherwise. `provider` says the flow: stripe confirms `client_secret`, mercadopago makes a
   * card token for the token call.
   */
  card_kit: z.object({ provider: z.string(), script_url: z.string(), public_key: z.string() }).nullable(),
  /** Stripe (intent flow), while pending: what Stripe.js confirms the card with. */
  client_secret: z.string().nullable(),
  /**
   * Mercado Pago (token flow), in the token call's reply: the issuer asks for a 3-D Secure
   * challenge, shown by posting `creq` to `url` in a frame; null otherwise.
   */
  three_ds: z.object({ url: z.string(), creq: z.string() }).nullable(),
  /** Past this a pending attempt is given up (ISO 8601, UTC). */
  expira_em: z.string(),
  pago_em: z.string().nullable(),
  /** A failed attempt: why (SHARE_CARD_FAILURES); null otherwise. */
  falha: z.enum(SHARE_CARD_FAILURES).nullable(),
  /** In the guest's words (a failed attempt says why). */
  detail: z.string(),
});
export type TabShareCardReply = z.infer<typeof tabShareCardReply>;

/** POST …/card/{id}/token/: Mercado Pago's card token for the attempt (token flow). */
export const tabShareCardTokenRequest = z
  .object({
    token: cardToken,
    /** The provider's name of the card's brand (Mercado Pago's payment_method_id: visa, master…). */
    payment_method_id: cardPaymentMethodId,
  })
  .strict();
export type TabShareCardTokenRequest = z.infer<typeof tabShareCardTokenRequest>;

/** POST /staff/tables/calls/{id}/ack */
export const tableCallIdParams = z.object({ id: dbId });

/** The `event:` name of a guest's call on the staff's event stream; `data:` is a tableCall. */
export const TABLE_CALL_EVENT = 'table_call';

/** The waiter's code format, for the storefront's field. */
export const TABLE_CODE_PATTERN = `^\\d{${TABLE_CODE_LENGTH}}$`;
