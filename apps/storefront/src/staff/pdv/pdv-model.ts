import type {
  Company,
  LoyaltyProgram,
  PaymentMethod,
  StaffCustomer,
  StaffOrderRequest,
  StaffPixCharge,
  ValidatedCoupon,
} from '@comanda/contract';
import {
  type Cart,
  type Channel,
  type CheckoutAddress,
  type CheckoutDraft,
  type CheckoutPayment,
  type CheckoutQuote,
  type CheckoutStore,
  checkoutQuote,
  type DeliveryType,
  isOnlinePayment,
  ONLINE_PIX_ID,
  offeredInPerson,
  paymentIdOf,
  type StaffOrderChannel,
} from '@comanda/domain';
import { lineSubmission } from '../../lib/line-submission.ts';

/*
 * 'Novo pedido' (docs/decisions/0058): what the staff member chose, read by the customer's own
 * checkout rulebook (the domain's checkoutQuote, with the store's settings as the customer's
 * checkout reads them) and sent as the customer's own order payload with the channel. The server
 * prices and checks it all again.
 */

export interface PdvDraft {
  channel: StaffOrderChannel;
  deliveryType: DeliveryType;
  tableId: number | null;
  addressId: number | null;
  paymentId: number | null;
  /** Cash change-for in centavos; null when no change is needed. */
  changeFor: number | null;
  coupon: ValidatedCoupon | null;
  fidelity: boolean;
  notes: string;
  scheduledPeriod: string | null;
}

export const emptyDraft = (channel: StaffOrderChannel = 'balcao'): PdvDraft => ({
  channel,
  deliveryType: channel === 'garcom' ? 'Vem comer' : 'Retirada',
  tableId: null,
  addressId: null,
  paymentId: null,
  changeFor: null,
  coupon: null,
  fidelity: false,
  notes: '',
  scheduledPeriod: null,
});

/** The menu's prices: a waiter's order is a table's (its own prices and items), the others the app's. */
export const menuChannelOf = (channel: StaffOrderChannel): Channel =>
  channel === 'garcom' ? 'local' : 'app';

export interface PdvContext {
  company: Company;
  program: LoyaltyProgram | null;
  methods: readonly PaymentMethod[];
  customer: StaffCustomer;
  cart: Cart;
}

/** The store's side of the checkout, from the company call, as the customer's checkout reads it. */
export function checkoutStoreOf(company: Company, program: LoyaltyProgram | null): CheckoutStore {
  return {
    permite_entrega: company.permite_entrega,
    permite_busca: company.permite_busca,
    permite_comer_local: company.permite_comer_local,
    valor_minimo: company.valor_minimo,
    delivery_customer_doc_required: company.delivery_customer_doc_required,
    self_checkout_require_imply_pay: company.self_checkout_require_imply_pay,
    open: company.loja_aberta,
    schedulingOn: company.agendamento_ativo && company.permite_agendamento,
    freePeriods: company.schedule_periods.filter((period) => period.free).map((period) => period.period),
    loyalty: program,
    online: {
      pix: company.online_payment && company.payment_by_pix,
      card: company.online_payment && company.payment_by_card,
    },
    orderLimits: { maxLineQuantity: company.qtd_maxima_item, maxOrderTotal: company.valor_maximo_pedido },
  };
}

/** In-person methods offered for the delivery type, in the store's order (online is not taken here). */
export function inPersonMethods(
  methods: readonly PaymentMethod[],
  deliveryType: DeliveryType,
): PaymentMethod[] {
  return methods.filter((method) => offeredInPerson(method, deliveryType)).sort((a, b) => a.ordem - b.ordem);
}

function addressOf(customer: StaffCustomer, addressId: number | null): CheckoutAddress | null {
  const address = customer.addresses.find((entry) => entry.id === addressId);
  if (!address) return null;
  if (!address.deliverable) return { deliverable: false };
  return {
    deliverable: true,
    fees: {
      delivery_fee: address.delivery_fee,
      original_delivery_fee: address.original_delivery_fee,
      discount_minimum_order: address.discount_minimum_order,
    },
  };
}

export interface PdvQuote {
  draft: CheckoutDraft;
  quote: CheckoutQuote;
}

/** The checkout quote of the order as the screen shows it: the same rules the server refuses with. */
export function pdvQuote(context: PdvContext, draft: PdvDraft): PdvQuote {
  const store = checkoutStoreOf(context.company, context.program);
  const tableOrder = draft.channel === 'garcom';
  const payment: CheckoutPayment | null =
    draft.paymentId === ONLINE_PIX_ID
      ? { online: 'pix' }
      : (context.methods.find((method) => method.id === draft.paymentId) ?? null);
  const sent: CheckoutDraft = {
    lines: context.cart,
    deliveryType: tableOrder ? 'Vem comer' : draft.deliveryType,
    tableOrder,
    address: addressOf(context.customer, draft.addressId),
    coupon: draft.coupon ? { ...draft.coupon, minSubtotal: draft.coupon.valor_minimo } : null,
    redeemLoyalty: draft.fidelity,
    points: context.customer.pontos_fidelidade,
    payment,
    changeFor: payment && !isOnlinePayment(payment) ? draft.changeFor : null,
    document: '',
    scheduledPeriod: store.open ? null : draft.scheduledPeriod,
  };
  const quote = checkoutQuote(store, sent);
  // A table the store lets pay at the table: no payment is sent.
  return { draft: quote.paymentShown ? sent : { ...sent, payment: null, changeFor: null }, quote };
}

/**
 * POST /staff/orders: the customer's order payload for the customer, with the channel. The lines'
 * prices go along as the customer's do, so a price that moved is refused (PRICE_CHANGED), never
 * charged.
 */
export function pdvPayload(context: PdvContext, draft: PdvDraft): StaffOrderRequest {
  const { draft: sent, quote } = pdvQuote(context, draft);
  const table = draft.channel === 'garcom' && draft.tableId !== null ? String(draft.tableId) : null;
  return {
    id: null,
    canal: draft.channel,
    tipo_entrega: quote.deliveryType,
    observacoes: sent.tableOrder ? '' : draft.notes.trim().slice(0, 50),
    troco_para: sent.payment ? sent.changeFor : null,
    hora_entrega: quote.scheduled ? sent.scheduledPeriod : null,
    imprimir: true,
    fk_forma_pagamento: sent.payment ? paymentIdOf(sent.payment) : null,
    fk_endereco: quote.delivering ? draft.addressId : null,
    fk_cliente: context.customer.id,
    fidelidade_utilizada: sent.redeemLoyalty,
    fk_cupom: sent.coupon?.id ?? null,
    produtos_pedidos: sent.lines.map(lineSubmission),
    agendado: quote.scheduled,
    identificador_pedido_novo: sent.tableOrder ? table : null,
    total: quote.totals.total,
  };
}

/**
 * One Idempotency-Key per attempt: the same key while the order sent is the same (a retry after a
 * lost reply), a new one once anything changes or after a success.
 */
export function createAttemptKeys(newKey: () => string = () => crypto.randomUUID()) {
  let current: { key: string; body: string } | null = null;
  return {
    keyFor(body: string): string {
      if (!current || current.body !== body) current = { key: newKey(), body };
      return current.key;
    },
    reset(): void {
      current = null;
    },
  };
}

/** A Brazilian mobile's 11 login digits as people write them; any other phone as stored. */
export function phoneText(digits: string): string {
  const match = /^(\d{2})(\d{5})(\d{4})$/.exec(digits);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : digits;
}

/**
 * Whether the counter may offer a PIX charge through the store's provider for this order
 * (docs/decisions/0063): the server says the store has such a provider, and the store takes PIX in
 * the app (the checkout's own rule for the online PIX entry).
 */
export function pixChargeOffered(company: Company, providerAvailable: boolean): boolean {
  return providerAvailable && company.online_payment && company.payment_by_pix;
}

/** Where a counter's PIX charge stands, as its panel shows it. */
export type ChargePhase =
  /** Waiting for the customer to pay, with the time left. */
  | { kind: 'waiting'; secondsLeft: number }
  /** Past its time, not confirmed yet: the staff may choose another payment (which cancels it). */
  | { kind: 'timedOut' }
  | { kind: 'paid' }
  /** Stopped without payment (expired, cancelled, failed): the order was not sent to the kitchen. */
  | { kind: 'stopped'; status: 'expired' | 'canceled' | 'failed' | 'refunded' };

/**
 * Where the charge stands `now`, counting down from the seconds the server said were left when its
 * reply arrived (`receivedAt`, this device's clock): a counter tablet's clock may be off.
 */
export function chargePhase(charge: StaffPixCharge, now: number, receivedAt: number): ChargePhase {
  if (charge.status === 'paid') return { kind: 'paid' };
  if (charge.status !== 'pending') return { kind: 'stopped', status: charge.status };
  const secondsLeft = Math.ceil(charge.expires_in - (now - receivedAt) / 1000);
  return secondsLeft > 0 ? { kind: 'waiting', secondsLeft } : { kind: 'timedOut' };
}

/** A countdown as people read it: 4:05, 0:09. */
export function countdownText(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
