import { STAFF_ORDER_CHANNELS } from '@comanda/domain';
import { z } from 'zod';
import { savedAddress } from './addresses.ts';
import { centavos, freeText } from './common.ts';
import { orderLineSubmission, orderSubmission } from './orders.ts';
import { intentId, paymentStatus } from './payments.ts';

/*
 * Order entry in the staff app (issue 33 part 1, docs/decisions/0058): the staff member finds the
 * customer by phone (or creates one with name and phone), then places an order FOR them with the
 * customer's own order payload, priced and placed by the same stages as the customer's order.
 */

/** GET /staff/customers?phone=: the digits as typed (formatting ignored). */
export const staffCustomerQuery = z.object({
  phone: z.string().max(40),
});

/** A customer of the store as the order entry shows it. */
export const staffCustomer = z.object({
  id: z.number().int(),
  nome: z.string(),
  /** The login digits (11 national digits in Brazil). */
  phone: z.string(),
  phone_country: z.string(),
  /** False for a customer created at the counter who has not yet set a password by SMS. */
  has_password: z.boolean(),
  pontos_fidelidade: z.number().int(),
  /** The customer's orders at this store, any status. */
  orders_count: z.number().int(),
  /** Saved addresses, with the delivery fee each gets under the store's fee model. */
  addresses: z.array(savedAddress),
});
export type StaffCustomer = z.infer<typeof staffCustomer>;

export const staffCustomerLookupReply = z.object({
  /** Null when no customer of this store has the phone. */
  customer: staffCustomer.nullable(),
});
export type StaffCustomerLookupReply = z.infer<typeof staffCustomerLookupReply>;

/** POST /staff/customers: a customer with name and phone, no password. */
export const staffCustomerCreate = z.object({
  name: freeText(120),
  phone: z.string().max(40),
  /** The phone's country: ISO code or calling code; Brazil when absent. */
  ddi: z.string().max(8).optional(),
});
export type StaffCustomerCreate = z.infer<typeof staffCustomerCreate>;

/** POST /staff/customers/{id}/addresses: the customer's id. */
export const staffCustomerParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const staffOrderChannel = z.enum(STAFF_ORDER_CHANNELS);

/**
 * POST /staff/orders: the customer's order payload (fk_cliente is the customer the order is for)
 * with the channel it came through. A table (garçom) order names the table in
 * identificador_pedido_novo; no QR token or waiter's code is needed.
 */
export const staffOrderRequest = orderSubmission.extend({
  canal: staffOrderChannel,
});
export type StaffOrderRequest = z.input<typeof staffOrderRequest>;

/** GET /staff/orders/{id}/pix: the static PIX BR Code of the order's total to the store's own key. */
export const staffOrderPixReply = z.object({
  order_id: z.number().int(),
  total: centavos,
  /** The method's name ('PIX (chave da loja)'). */
  forma_pagamento: z.string(),
  /** Who receives, as the payer's bank shows it. */
  recebedor: z.string(),
  /** The BR Code, to copy or draw. */
  copia_e_cola: z.string(),
  /** The BR Code drawn as a QR code: a data:image/svg+xml URL. */
  qr_code: z.string(),
});
export type StaffOrderPixReply = z.infer<typeof staffOrderPixReply>;

/**
 * GET /staff/pix-charges/offer: whether an order entered here may be paid by a PIX charge through
 * the store's provider (the store takes PIX in the app through a provider that confirms payments),
 * and how long such a charge lasts.
 */
export const staffPixChargeOffer = z.object({
  available: z.boolean(),
  /** Seconds a charge lasts; null when not available. */
  expires_in: z.number().int().nullable(),
});
export type StaffPixChargeOffer = z.infer<typeof staffPixChargeOffer>;

/**
 * A PIX charge through the store's provider for an order entered at the counter, by phone or by a
 * waiter (docs/decisions/0063): the order waits for it as a customer's online PIX order does.
 */
export const staffPixCharge = z.object({
  /** The payment attempt's public id (as the customer's intent_id). */
  intent_id: intentId,
  order_id: z.number().int(),
  status: paymentStatus,
  amount: centavos,
  /** The BR Code to copy; null once the charge stopped. */
  copia_e_cola: z.string().nullable(),
  /** The BR Code as a QR code (a data: URL); null once the charge stopped. */
  qr_code: z.string().nullable(),
  /** ISO instant the charge expires. */
  expires_at: z.string(),
  /** Seconds left to pay when this reply was made (a counter's own clock may be off). */
  expires_in: z.number().int().min(0),
  /** What happened, in the staff's words. */
  detail: z.string(),
});
export type StaffPixCharge = z.infer<typeof staffPixCharge>;

/** /staff/pix-charges/{intent_id} */
export const staffPixChargeParam = z.object({ intent_id: intentId });

/**
 * POST /staff/orders/{id}/edit: lines to remove (the order lines' `seq`), lines to add (as an order
 * submission's), and the payment (a method of the store, and cash change) when it changes.
 */
export const staffOrderEditRequest = z.object({
  remover: z.array(z.number().int().min(0)).max(100).default([]),
  adicionar: z.array(orderLineSubmission).max(100).default([]),
  fk_forma_pagamento: z.number().int().min(1).max(2_147_483_647).nullable().optional(),
  troco_para: z.number().int().min(0).nullable().optional(),
});
export type StaffOrderEditRequest = z.output<typeof staffOrderEditRequest>;

const editLine = z.object({
  seq: z.number().int(),
  product_id: z.number().int(),
  descricao_produto: z.string(),
  qtd: z.number().int(),
  valor_total: centavos,
});

/** The edit as recorded: the order's total before and after, and the lines added and removed. */
export const staffOrderEditReply = z.object({
  order_id: z.number().int(),
  total_antes: centavos,
  total_depois: centavos,
  adicionadas: z.array(editLine),
  removidas: z.array(editLine),
});
export type StaffOrderEditReply = z.infer<typeof staffOrderEditReply>;
