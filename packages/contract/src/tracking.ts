import { ORDER_STATUSES } from '@comanda/domain';
import { z } from 'zod';
import { formatQuery, freeText } from './common.ts';
import { trackedDelivery } from './dispatch.ts';
import { orderLineRecord, orderRecord } from './orders.ts';
import { orderRating } from './ratings.ts';

/*
 * Order tracking (spec sections 2 "Orders", 3 "Order record", 4 "Order status", 7
 * `atendimentos_list_app`), the live event stream, and the staff calls that move an order
 * (docs/decisions/0012-order-tracking-and-events.md).
 */

/** Order status as the server stores it (spec section 4); `@comanda/domain` has the rules. */
export const orderStatus = z.enum(ORDER_STATUSES);

/** The product line that carries the delivery fee (the storefront hides it in the product list). */
export const DELIVERY_LINE_DESCRIPTION = 'Entrega';
/** `produto` of the delivery line: no real product has id 0. */
export const DELIVERY_LINE_PRODUCT_ID = 0;

/** Stable `code` values of the tracking and staff calls' refusals. */
export const TRACKING_ERROR_CODES = [
  'ORDER_NOT_FOUND',
  'INVALID_TRANSITION',
  'CANCEL_REASON_REQUIRED',
  'TOO_MANY_STREAMS',
  'NOT_AUTHENTICATED',
  'FORBIDDEN',
  'INVALID_INPUT',
] as const;

const dbId = z.coerce.number().int().min(1).max(2_147_483_647);

/** One step of an order's history, as its customer sees it. */
export const orderStatusChange = z.object({
  status: z.string(),
  /** ISO 8601 (UTC). */
  at: z.string(),
});
export type OrderStatusChange = z.infer<typeof orderStatusChange>;

/**
 * The order record of the list and detail calls: the placement's record plus what the detail screen
 * needs. `produtos_pedidos` ends with the delivery line ('Entrega', produto 0, qtd 1, no items) on
 * delivery orders; the totals never count it twice (`valor_entrega` is the same money).
 */
export const trackedOrder = orderRecord.extend({
  /** When the status last changed (ISO 8601, UTC). */
  updated_at: z.string(),
  /** The estimate given at placement (ISO 8601, UTC) and as 'HH:MM' store time (the store's time zone). */
  estimated_at: z.string(),
  estimated_time: z.string(),
  /** The store's reason, when Cancelado. */
  motivo_cancelamento: z.string().nullable(),
  /** Every status the order went through, oldest first (the first is its placement). */
  status_changes: z.array(orderStatusChange),
  /** The customer's rating once given (a delivered order, docs/decisions/0068), else null. */
  avaliacao: orderRating.nullable(),
  /**
   * The order's delivery once it left (docs/decisions/0070): 'saiu_para_entrega' with the courier's
   * first name and the stops before this one, then 'entregue' or 'nao_entregue'; null before it left.
   */
  entrega: trackedDelivery.nullable(),
});
export type TrackedOrder = z.infer<typeof trackedOrder>;

/** GET /bar/atendimentos_list_app */
export const orderListQuery = formatQuery.extend({
  /** The token's own customer id; absent = own; another id is 403. */
  client_id: dbId.optional().describe('The token’s own user_id; absent = own; another id is 403'),
});
export const orderListReply = z.object({
  /** The customer's last 100 orders, newest first. */
  results: z.array(trackedOrder),
});
export type OrderListReply = z.infer<typeof orderListReply>;

export const orderIdParams = z.object({ id: dbId });

// ---------------------------------------------------------------------------------------------
// Live status (Server-Sent Events)

/** The `event:` names of the streams. */
export const ORDER_EVENT = 'order';
/** Events may have been missed (the server's listener reconnected): reload the orders. */
export const RESYNC_EVENT = 'resync';
/**
 * The staff stream's sign of life (data `{}`), at once and then every few seconds: EventSource hides
 * comment lines from the page, so a board needs a real event to notice that the stream went silent.
 */
export const HEARTBEAT_EVENT = 'heartbeat';

/** `data:` of an `order` event (JSON). */
export const orderEventData = z.object({
  id: z.number().int(),
  status: z.string(),
  updated_at: z.string(),
});
export type OrderEventData = z.infer<typeof orderEventData>;

/** GET /bar/v2/orders/events and /staff/orders/events */
export const orderEventsQuery = formatQuery.extend({
  /** A stream ticket, for EventSource (which cannot send headers); the header wins when both are sent. */
  ticket: z
    .string()
    .max(100)
    .optional()
    .describe('A stream ticket (POST …/events/ticket), for EventSource; the Authorization header wins'),
});

/** POST /bar/v2/orders/events/ticket and /staff/orders/events/ticket. */
export const streamTicketReply = z.object({
  /** Opens the event stream as `?ticket=`; good for `expires_in` seconds and while the session lives. */
  ticket: z.string(),
  expires_in: z.number().int(),
});
export type StreamTicketReply = z.infer<typeof streamTicketReply>;

// ---------------------------------------------------------------------------------------------
// Staff

export const staffOrderStatusChange = orderStatusChange.extend({
  /** Null for the placement. */
  from: z.string().nullable(),
  /** Who: the customer's user_id for the placement (or an unpaid order dropped), a staff member's id (GET /staff/team) for the store's changes; null for the store's auto-accept. */
  by: z.number().int().nullable(),
  /** Who, in words: the customer (placing it, an unpaid order dropped), a staff member, or the store's own automation. */
  actor: z.enum(['customer', 'staff', 'system']),
  /** The staff member's name (kept after the member is removed); null for the customer and the system. */
  by_name: z.string().nullable(),
  reason: z.string().nullable(),
});

/**
 * A line of the staff's order record: the customer's record line plus its `seq`, the line's number
 * in the order (what an edit's `remover` and a kitchen bump name). Numbers are never reused: after
 * an edit removed a line there are gaps. Null on the delivery line ('Entrega', produto 0), which is
 * the delivery fee, not a stored line.
 */
export const staffOrderLine = orderLineRecord.extend({
  seq: z.number().int().nullable(),
});
export type StaffOrderLine = z.infer<typeof staffOrderLine>;

export const staffOrder = trackedOrder.extend({
  produtos_pedidos: z.array(staffOrderLine),
  cliente: z.object({
    id: z.number().int(),
    /** First name. */
    nome: z.string(),
    /** Login digits (Brazil: DDD + number). */
    telefone: z.string(),
  }),
  /** The number to message the customer on, when the order gave one. */
  fone_para_mensagens: z.string().nullable(),
  /** A table order's round on its table's tab (1, 2…): the kitchen's ticket names it; else null. */
  rodada: z.number().int().nullable().optional(),
  status_changes: z.array(staffOrderStatusChange),
  /** The customer's orders at this store placed before this one, not cancelled (0: a new customer). */
  pedidos_anteriores: z.number().int(),
  pagamento_online: z
    .object({
      status: z
        .string()
        .describe('paid; canceled (the store cancelled: its money on the way back); refunded'),
      valor: z.number().int().describe('centavos'),
      /** pix or card (absent from older replies: pix). */
      metodo: z.enum(['pix', 'card']).optional(),
      devolver_na_mao: z
        .boolean()
        .describe('The store’s own PIX key took the money: the store gives it back by hand'),
    })
    .nullable()
    .describe('The order’s online payment (PIX or card), or null when it is paid in person'),
});
export type StaffOrder = z.infer<typeof staffOrder>;

/** GET /staff/orders */
export const staffOrderListQuery = z.object({
  /** One status or several, comma-separated (`Solicitado,Preparo`); absent = all. */
  status: z
    .string()
    .max(200)
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== ''),
    )
    .pipe(z.array(orderStatus).min(1))
    .optional()
    .describe('One status or several, comma-separated (Solicitado,Preparo); absent = all'),
  /** 1 to 100, default 50. */
  limit: z.coerce.number().int().min(1).max(100).default(50).describe('Page size, 1 to 100'),
  /** An order id: the page after it (the previous reply's `next_before`). */
  before: dbId.optional().describe('The previous page’s next_before'),
});
export type StaffOrderListQuery = z.output<typeof staffOrderListQuery>;

export const staffOrderListReply = z.object({
  /** Newest first. */
  results: z.array(staffOrder),
  /** Pass as `before` for the next page; null when there is none. */
  next_before: z.number().int().nullable(),
});
export type StaffOrderListReply = z.infer<typeof staffOrderListReply>;

/** POST /staff/orders/{id}/status */
export const orderStatusUpdateRequest = z.object({
  status: orderStatus,
  /** Required (not blank) for Cancelado; kept with the change otherwise. At most 200 characters. */
  reason: freeText(200).nullable().optional(),
});
export type OrderStatusUpdateRequest = z.infer<typeof orderStatusUpdateRequest>;

// ---------------------------------------------------------------------------------------------
// Order history (docs/decisions/0049): the store's past orders, searched

/** Where an order was eaten: its delivery type, or a table when it was ordered from one. */
export const ORDER_CHANNELS = ['delivery', 'pickup', 'eat_in', 'table'] as const;
export type OrderChannel = (typeof ORDER_CHANNELS)[number];

/** Stable `code` values of the history search's own refusals (zod's are INVALID_INPUT with `field`). */
export const HISTORY_ERROR_CODES = ['INVALID_DATE_RANGE'] as const;

export const HISTORY_PAGE_MAX = 50;
/** The longest range of days one search covers. */
export const HISTORY_MAX_DAYS = 366;

const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'AAAA-MM-DD')
  .refine((value) => {
    const at = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value;
  }, 'Data inexistente.');

/** GET /staff/orders/history */
export const staffOrderHistoryQuery = z.object({
  number: dbId.optional().describe('The order’s number in the store (its numero, ADR 0065), not its id'),
  name: z
    .string()
    .trim()
    .min(1)
    .max(80)
    .optional()
    .describe('Part of the customer’s name; accents, case and extra spaces ignored'),
  phone: z
    .string()
    .max(40)
    .transform((value) => value.replace(/\D/g, ''))
    .pipe(z.string().min(3, 'Informe ao menos 3 dígitos.').max(15))
    .optional()
    .describe('Part of the customer’s phone (or the order’s contact number), by its digits; at least 3'),
  from: calendarDate.optional().describe('First day, YYYY-MM-DD in the store’s time zone'),
  to: calendarDate.optional().describe('Last day (included), YYYY-MM-DD in the store’s time zone'),
  status: z
    .string()
    .max(200)
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== ''),
    )
    .pipe(z.array(orderStatus).min(1))
    .optional()
    .describe('One status or several, comma-separated'),
  channel: z.enum(ORDER_CHANNELS).optional().describe('delivery, pickup, eat_in (not at a table) or table'),
  payment: dbId.optional().describe('A payment method’s id (GET /financeiro/formas_pagamento_app)'),
  limit: z.coerce.number().int().min(1).max(HISTORY_PAGE_MAX).default(20).describe('Page size, 1 to 50'),
  before: dbId.optional().describe('The previous page’s next_before'),
});
export type StaffOrderHistoryQuery = z.output<typeof staffOrderHistoryQuery>;

/** One row of the history: enough to recognise the order; GET /staff/orders/{id} has the rest. */
export const orderHistoryEntry = z.object({
  id: z.number().int(),
  /** The order's number in its store, what people read (ADR 0065). */
  numero: z.number().int().nullable().optional(),
  dh_iniciado: z.string().describe('ISO 8601 (UTC)'),
  status: z.string(),
  cliente: z.object({ id: z.number().int(), nome: z.string(), telefone: z.string() }),
  tipo_entrega: z.string(),
  channel: z.enum(ORDER_CHANNELS),
  mesa: z.string().nullable(),
  rodada: z.number().int().nullable(),
  forma_pagamento_nome: z.string().nullable(),
  total: z.number().int().describe('centavos'),
  agendado: z.boolean(),
  hora_entrega: z.string().nullable(),
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntry>;

export const staffOrderHistoryReply = z.object({
  /** Newest first (placement time, then number). */
  results: z.array(orderHistoryEntry),
  /** Pass as `before` for the next page; null on the last page. */
  next_before: z.number().int().nullable(),
});
export type StaffOrderHistoryReply = z.infer<typeof staffOrderHistoryReply>;
