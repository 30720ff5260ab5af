import type { Centavos } from './money.ts';
import type { OrderChannel } from './order-channels.ts';
import { ONLINE_PAYMENT_IDS } from './payment-methods.ts';

/**
 * The store's takings (issue 33, docs/decisions/0057): one ledger that every channel writes and
 * every report reads. An order counts once it is shown to the store with its own payment; a table's
 * rounds count through the tab's shares as they are paid (service fee included). A cancel, an edit
 * or a refund writes the difference, so the entries of an order always add up to what it is worth
 * now (0 once cancelled).
 */
export const LEDGER_KINDS = ['venda', 'ajuste', 'estorno'] as const;

/**
 * Money the store received online that pays nothing and that the provider could not give back
 * (a table share's PIX paid after the share was paid otherwise, docs/decisions/0064): the takings
 * hold it as received online and, beside it, as owed to be given back by hand under this name, in
 * no register; the two 'ajuste' entries add up to 0, so revenue is unchanged and the online money
 * matches what the provider paid.
 */
export const REFUND_BY_HAND_PAYMENT = 'Devolver à mão';
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** What an entry is made of; `amount` = products + extras + delivery_fee + service_fee − discount. */
export interface LedgerParts {
  products: Centavos;
  extras: Centavos;
  deliveryFee: Centavos;
  serviceFee: Centavos;
  discount: Centavos;
  amount: Centavos;
}

export const NO_PARTS: LedgerParts = {
  products: 0,
  extras: 0,
  deliveryFee: 0,
  serviceFee: 0,
  discount: 0,
  amount: 0,
};

/** The order as the ledger reads it. */
export interface LedgerOrder {
  status: string;
  awaitingPayment: boolean;
  /** The table tab the order is a round of, if any. */
  tabId: number | null;
  paymentMethodId: number | null;
  totalProdutos: Centavos;
  acrescimo: Centavos;
  valorEntrega: Centavos;
  descontoCupom: Centavos;
  descontoFidelidade: Centavos;
  total: Centavos;
}

/** Paid through the app (PIX or card online): the money is at the provider, not in a drawer. */
export const isOnlinePaymentId = (paymentMethodId: number | null): boolean =>
  paymentMethodId !== null && ONLINE_PAYMENT_IDS.includes(paymentMethodId);

/**
 * What an order is worth in the ledger now: its totals once the store sees it with a payment of its
 * own; nothing while it awaits its online payment, once cancelled, or as a table round that the
 * tab's shares will pay.
 */
export function orderLedgerParts(order: LedgerOrder): LedgerParts {
  if (order.status === 'Cancelado' || order.awaitingPayment) return NO_PARTS;
  if (order.tabId !== null && !isOnlinePaymentId(order.paymentMethodId)) return NO_PARTS;
  return {
    products: order.totalProdutos,
    extras: order.acrescimo,
    deliveryFee: order.valorEntrega,
    serviceFee: 0,
    discount: order.descontoCupom + order.descontoFidelidade,
    amount: order.total,
  };
}

/** A paid share of a table's bill: its items and its part of the service fee. */
export function shareLedgerParts(share: { amount: Centavos; serviceFee: Centavos }): LedgerParts {
  return {
    products: share.amount - share.serviceFee,
    extras: 0,
    deliveryFee: 0,
    serviceFee: share.serviceFee,
    discount: 0,
    amount: share.amount,
  };
}

export const addParts = (a: LedgerParts, b: LedgerParts): LedgerParts => ({
  products: a.products + b.products,
  extras: a.extras + b.extras,
  deliveryFee: a.deliveryFee + b.deliveryFee,
  serviceFee: a.serviceFee + b.serviceFee,
  discount: a.discount + b.discount,
  amount: a.amount + b.amount,
});

export const subtractParts = (a: LedgerParts, b: LedgerParts): LedgerParts => ({
  products: a.products - b.products,
  extras: a.extras - b.extras,
  deliveryFee: a.deliveryFee - b.deliveryFee,
  serviceFee: a.serviceFee - b.serviceFee,
  discount: a.discount - b.discount,
  amount: a.amount - b.amount,
});

export const isZeroParts = (parts: LedgerParts): boolean =>
  Object.values(parts).every((value) => value === 0);

/**
 * The entry that brings what the ledger holds for an order to what it is worth now, or null when
 * they agree: a sale when it held nothing, a reversal ('estorno') when it is worth nothing now, an
 * adjustment otherwise (an edit). `sold`: the order already has a sale, whose money an edit of its
 * payment moved to another method; what comes to the new method is then an adjustment, so the
 * order still counts as one sale.
 */
export function ledgerCorrection(
  worth: LedgerParts,
  held: LedgerParts,
  sold = false,
): { kind: LedgerKind; parts: LedgerParts } | null {
  const parts = subtractParts(worth, held);
  if (isZeroParts(parts)) return null;
  const kind: LedgerKind = isZeroParts(held) && !sold ? 'venda' : isZeroParts(worth) ? 'estorno' : 'ajuste';
  return { kind, parts };
}

/** One written entry, as reports read it. */
export interface LedgerEntry extends LedgerParts {
  kind: LedgerKind;
  at: Date;
  orderId: number | null;
  tabId: number | null;
  channel: OrderChannel;
  deliveryType: string;
  paymentName: string;
  online: boolean;
}
