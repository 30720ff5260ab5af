import { z } from 'zod';
import { centavos, errorReply, freeText } from './common.ts';
import { deliveryType } from './menu.ts';

/*
 * Coupons and order placement (spec sections 3 "Order submission payload", "Order record",
 * "Coupon", 7 "Coupons and loyalty" and "Orders and payment").
 *
 * Request schemas check types and cap sizes only. The rules with their own code (quantities, notes,
 * change, document, coupon, loyalty, prices) are checked by the server, which answers
 * `{detail, code, non_field_errors: [detail]}` (the storefront reads non_field_errors[0], then detail).
 * Money is integer centavos; an item's `valor` may be fractional (docs/decisions/0007).
 */

/** A database id: a positive 32-bit integer. */
const dbId = z.number().int().min(1).max(2_147_483_647);

/** The header that makes order placement exactly-once: one new value per checkout attempt. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 100;
export const COUPON_CODE_MAX_LENGTH = 40;

/** Stable `code` values of the refusals of coupon validation and order placement. */
export const ORDER_ERROR_CODES = [
  // coupons (400)
  'COUPON_REQUIRED',
  'COUPON_NOT_FOUND',
  'COUPON_NOT_STARTED',
  'COUPON_EXPIRED',
  'COUPON_EXHAUSTED',
  'COUPON_CUSTOMER_LIMIT',
  'COUPON_MIN_SUBTOTAL',
  'COUPON_NOT_APPLICABLE',
  // the request (400)
  'IDEMPOTENCY_KEY_REQUIRED',
  'IDEMPOTENCY_KEY_INVALID',
  'ORDER_UPDATE_NOT_ALLOWED',
  'EMPTY_CART',
  'TOO_MANY_LINES',
  'INVALID_QUANTITY',
  'INVALID_OPTIONS',
  'VARIANT_REQUIRED',
  'NOTE_TOO_LONG',
  'COUPON_AND_LOYALTY',
  'SCHEDULE_REQUIRED',
  'INVALID_CHANGE',
  'CHANGE_BELOW_TOTAL',
  'CHANGE_TOO_HIGH',
  'DOCUMENT_REQUIRED',
  'INVALID_DOCUMENT',
  'ADDRESS_REQUIRED',
  'ADDRESS_NOT_DELIVERABLE',
  'PAYMENT_METHOD_REQUIRED',
  'MIN_ORDER_NOT_MET',
  'TABLE_TOKEN_INVALID',
  'TABLE_CODE_INVALID',
  // the store's current state (409)
  'STORE_CLOSED',
  'SCHEDULING_UNAVAILABLE',
  'SCHEDULE_PERIOD_UNAVAILABLE',
  'SCHEDULE_PERIOD_FULL',
  'DELIVERY_TYPE_UNAVAILABLE',
  'ITEM_UNAVAILABLE',
  'SOLD_OUT',
  'PRICE_CHANGED',
  'PAYMENT_METHOD_UNAVAILABLE',
  'PAYMENT_NOT_CONFIRMED',
  'LOYALTY_UNAVAILABLE',
  'LINE_QUANTITY_TOO_HIGH',
  'ORDER_TOTAL_TOO_HIGH',
  // a table's tab (issue 19): being closed, or not opened by the waiter yet
  'TAB_NOT_OPEN',
  'TABLE_LOCKED',
  // 404 and 422
  'TABLE_NOT_FOUND',
  'ADDRESS_NOT_FOUND',
  'IDEMPOTENCY_KEY_REUSED',
  // 429: one customer's orders per window (ORDER_RATE_LIMIT_MAX)
  'TOO_MANY_ORDERS',
  // 429: wrong waiter's codes of one customer (a back-off)
  'TOO_MANY_TABLE_CODE_ATTEMPTS',
] as const;
export type OrderErrorCode = (typeof ORDER_ERROR_CODES)[number];

/** The refusal body of these calls: errorReply with non_field_errors always set. */
export const orderErrorReply = errorReply.extend({
  non_field_errors: z.array(z.string()),
  /** Coupon validation only: the spec's {success, detail} reply. */
  success: z.literal(false).optional(),
});
export type OrderErrorReply = z.infer<typeof orderErrorReply>;

// ---------------------------------------------------------------------------------------------
// Coupons

/** POST /core/coupon_validate_app */
export const couponValidateRequest = z.object({
  /** The code as typed; compared without case and surrounding spaces. */
  coupon: freeText(COUPON_CODE_MAX_LENGTH * 2),
  /** Accepted for compatibility; coupons are not restricted to products. */
  product_id_list: z.array(z.number().int()).max(1000).optional(),
  /** Must be the token's own customer. */
  customer_id: dbId,
  /** Accepted for compatibility; the delivery fee is known only when the order is placed. */
  address_id: dbId.nullable().optional(),
  /** Products plus extras in centavos, for the minimum-subtotal rule (checked again on the order). */
  subtotal: z.number().min(0).max(1e12).nullable().optional(),
  /** Accepted for compatibility; coupons are not restricted to payment methods. */
  method: z
    .union([z.number(), freeText(80)])
    .nullable()
    .optional(),
  /** With 'Retirada' or 'Vem comer', a delivery coupon ('Entrega') is refused. */
  delivery_type: deliveryType.nullable().optional(),
  ignore_payment_method: z.boolean().optional(),
});
export type CouponValidateRequest = z.infer<typeof couponValidateRequest>;

/** The coupon as the storefront applies it (`couponDiscount` of @comanda/domain). */
export const validatedCoupon = z.object({
  id: z.number().int(),
  /** The code, upper-case. */
  codigo: z.string(),
  /** Percent (0–100, two decimals) when perc, else centavos. */
  valor: z.number(),
  perc: z.boolean(),
  descricao: z.string(),
  /** 'Carrinho' (cart), 'Entrega' (delivery fee) or any other value (both). */
  local: z.string(),
  /** Products plus extras needed; 0 = none. */
  valor_minimo: centavos,
});
export type ValidatedCoupon = z.infer<typeof validatedCoupon>;

export const couponValidateReply = z.object({ success: z.literal(true), detail: validatedCoupon });

/** The coupons the signed-in customer may use now, for the top bar's 'available coupons'. */
export const availableCouponList = z.array(validatedCoupon);
export type AvailableCouponList = z.infer<typeof availableCouponList>;
export type CouponValidateReply = z.infer<typeof couponValidateReply>;

// ---------------------------------------------------------------------------------------------
// Order placement

/** One picked (or removed default) option of a submitted line, as buildCartLine makes it. */
export const orderedItemSubmission = z.object({
  item_id: dbId,
  /** An integer from 0 to 99; 0 records a removed default ingredient. */
  quantidade_pedida: z.number(),
  /** The group's id. */
  grupo: dbId,
  /** Centavos per charged unit as the customer saw it; compared with today's (PRICE_CHANGED). */
  valor: z.number().optional(),
  quantidade_padrao: z.number().optional(),
  produto_pedido: z.number().optional(),
  grupo_descricao: freeText(200).optional(),
  descricao: freeText(200).optional(),
  grupo_itens: z.number().optional(),
  ingrediente: z.boolean().optional(),
  observacoes: freeText(200).optional(),
});

/** A cart line as the storefront keeps it; only the fields below are read. */
export const orderLineSubmission = z.object({
  /** The ordered product: the chosen variant when there is one. */
  produto: dbId,
  /** An integer from 1 to 99. */
  qtd: z.number(),
  /** At most 50 characters. */
  observacao: freeText(1000).nullable().optional(),
  /** Base price of one unit as the customer saw it; compared with today's (PRICE_CHANGED). */
  produto_valor: z.number().optional(),
  itens_pedidos: z.array(orderedItemSubmission).max(500).default([]),
});
export type OrderLineSubmission = z.infer<typeof orderLineSubmission>;

/** POST /bar/v2/app/order/upsert/: the spec's order submission payload. */
export const orderSubmission = z.object({
  /** Null or absent: a placed order is never changed through this call. */
  id: z.number().int().nullable().optional(),
  tipo_entrega: deliveryType,
  /** At most 50 characters. */
  observacoes: freeText(1000).nullable().optional(),
  /** The source; default 'Instagram'. 'local' marks a table order. */
  forma_entrada: freeText(40).nullable().optional(),
  /** Cash only: the note the customer pays with, in centavos (total ≤ troco_para ≤ total + 20000). */
  troco_para: z.number().nullable().optional(),
  /** With agendado: the chosen schedule period (its `period` from the company call). */
  hora_entrega: freeText(40).nullable().optional(),
  fone_para_mensagens: freeText(32).nullable().optional(),
  imprimir: z.boolean().optional(),
  /** A payment method of this store offered for the delivery type; optional for table orders. */
  fk_forma_pagamento: dbId.nullable().optional(),
  /** The customer's address; required for 'Entregar', ignored otherwise. */
  fk_endereco: dbId.nullable().optional(),
  /** Must be the token's own customer. */
  fk_cliente: dbId,
  /** Redeem the loyalty reward (never with a coupon). */
  fidelidade_utilizada: z.boolean().optional(),
  /** The coupon's id from coupon_validate_app (never with loyalty). */
  fk_cupom: dbId.nullable().optional(),
  /** Accepted and ignored (the account's phone is used). */
  fk_telefone: z
    .union([z.number(), freeText(40)])
    .nullable()
    .optional(),
  /** 1 to 100 lines. */
  produtos_pedidos: z.array(orderLineSubmission).max(1000),
  /** Reserved for online payment (not yet accepted). */
  stripe_payment_intent_id: freeText(200).nullable().optional(),
  /** A scheduled order: hora_entrega names a free period. */
  agendado: z.boolean().optional(),
  /** The table id (as a string) of a table order; forces 'Vem comer'. */
  identificador_pedido_novo: z
    .union([freeText(40), z.number().int()])
    .nullable()
    .optional(),
  /**
   * A table order's token, from the table's QR code (`?token=` of /local/{table}); required with a
   * table id, so a table's public id is not enough to order (docs/decisions/0021).
   */
  token_mesa: z.string().max(64).nullable().optional(),
  /**
   * The waiter's code of the table's open tab, when the store opens its tables with a code (issue
   * 19): 409 TABLE_LOCKED before the table is opened, 400 TABLE_CODE_INVALID when it does not match.
   */
  codigo_mesa: z.string().max(16).nullable().optional(),
  /** CPF or CNPJ (formatting ignored); required for delivery when the store says so. */
  documento_cliente: freeText(32).nullable().optional(),
  /** Reserved for online payment (not yet accepted). */
  codigo_autorizacao: freeText(200).nullable().optional(),
  /** Optional: the total the customer confirmed, in centavos; compared with today's (PRICE_CHANGED). */
  total: z.number().optional(),
  /** true: the customer agrees to get this and later orders' updates on WhatsApp (recorded, docs/decisions/0072). */
  whatsapp_atualizacoes: z.boolean().optional(),
});
export type OrderSubmission = z.input<typeof orderSubmission>;

/** An ordered item of the order record. */
export const orderedItemRecord = z.object({
  item_id: z.number().int(),
  quantidade_pedida: z.number().int(),
  quantidade_padrao: z.number().int(),
  /** Centavos per charged unit; may be fractional for 'Média' groups. */
  valor: z.number(),
  grupo: z.number().int(),
  grupo_descricao: z.string(),
  descricao: z.string(),
  ingrediente: z.boolean(),
});

export const orderLineRecord = z.object({
  produto: z.number().int(),
  descricao_produto: z.string(),
  descricao_categoria: z.string(),
  /** Base price of one unit. */
  produto_valor: centavos,
  /** What the options add to one unit. */
  valor_adicionais: centavos,
  qtd: z.number().int(),
  /** (produto_valor + valor_adicionais) × qtd. */
  valor_total: centavos,
  observacao: z.string(),
  itens_pedidos: z.array(orderedItemRecord),
});

/** The order record of spec section 3, as the server keeps it. */
export const orderRecord = z.object({
  id: z.number().int(),
  /**
   * The number customers and staff read ('Pedido nº 12'): the store's own sequence, given when the
   * order reaches the store (docs/decisions/0065); null while an online payment is awaited. `id`
   * stays the order's address in every call.
   */
  numero: z.number().int().nullable().optional(),
  status: z.string(),
  /** When the order was placed, ISO 8601 (UTC). */
  dh_iniciado: z.string(),
  tipo_entrega: deliveryType,
  forma_entrada: z.string(),
  /** Σ produto_valor × qtd. */
  total_produtos: centavos,
  /** Coupon plus loyalty discount. */
  desconto: centavos,
  desconto_cupom: centavos,
  desconto_fidelidade: centavos,
  /** The options (extras): Σ valor_adicionais × qtd. */
  acrescimo: centavos,
  valor_entrega: centavos,
  /** total_produtos + acrescimo + valor_entrega − desconto. */
  total: centavos,
  /** The coupon code, or null. */
  cupom: z.string().nullable(),
  observacoes: z.string(),
  forma_pagamento_nome: z.string().nullable(),
  troco_para: centavos.nullable(),
  agendado: z.boolean(),
  /** The scheduled period (ISO 8601, UTC), or null. */
  hora_entrega: z.string().nullable(),
  address_string: z.string().nullable(),
  /** The table's description for a table order, else null. */
  mesa: z.string().nullable(),
  fidelidade_utilizada: z.boolean(),
  /** Points this order earned. */
  pontos_fidelidade: z.number().int(),
  /** Points this order spent on the reward. */
  pontos_utilizados: z.number().int(),
  produtos_pedidos: z.array(orderLineRecord),
});
export type OrderRecord = z.infer<typeof orderRecord>;

/** The reply to a placed order; the storefront reads order_info.order_id. */
export const orderPlacedReply = z.object({
  success: z.literal(true),
  detail: z.string(),
  order_info: z.object({
    order_id: z.number().int(),
    /** The order's number in its store (the record's `numero`). */
    numero: z.number().int().nullable().optional(),
    status: z.string(),
    total: centavos,
    /** 'HH:MM' in store time (the store's time zone): now + delivery or pickup minutes, or the scheduled period. */
    estimated_time: z.string(),
    /** The customer's points after the order. */
    pontos_fidelidade: z.number().int(),
  }),
  order: orderRecord,
});
export type OrderPlacedReply = z.infer<typeof orderPlacedReply>;
