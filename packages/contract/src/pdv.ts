import { STAFF_ORDER_CHANNELS } from '@comanda/domain';
import { z } from 'zod';
import { savedAddress } from './addresses.ts';
import { centavos, freeText } from './common.ts';
import { orderSubmission } from './orders.ts';

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
