import { describe, expect, it } from 'vitest';
import {
  type LedgerOrder,
  ledgerCorrection,
  NO_PARTS,
  orderLedgerParts,
  shareLedgerParts,
} from './ledger.ts';

const order = (over: Partial<LedgerOrder> = {}): LedgerOrder => ({
  status: 'Solicitado',
  awaitingPayment: false,
  tabId: null,
  paymentMethodId: 1,
  totalProdutos: 5000,
  acrescimo: 600,
  valorEntrega: 700,
  descontoCupom: 500,
  descontoFidelidade: 300,
  total: 5500,
  ...over,
});

describe('what an order is worth in the ledger', () => {
  it('its totals once the store sees it, the discounts together', () => {
    expect(orderLedgerParts(order())).toEqual({
      products: 5000,
      extras: 600,
      deliveryFee: 700,
      serviceFee: 0,
      discount: 800,
      amount: 5500,
    });
  });

  it('nothing while awaiting its online payment, once cancelled, or as a round its tab will pay', () => {
    expect(orderLedgerParts(order({ awaitingPayment: true }))).toEqual(NO_PARTS);
    expect(orderLedgerParts(order({ status: 'Cancelado' }))).toEqual(NO_PARTS);
    expect(orderLedgerParts(order({ tabId: 3 }))).toEqual(NO_PARTS);
  });

  it('a table round paid online counts as its own sale', () => {
    expect(orderLedgerParts(order({ tabId: 3, paymentMethodId: 999 })).amount).toBe(5500);
  });

  it('a share counts its items and its service fee', () => {
    expect(shareLedgerParts({ amount: 6055, serviceFee: 551 })).toEqual({
      products: 5504,
      extras: 0,
      deliveryFee: 0,
      serviceFee: 551,
      discount: 0,
      amount: 6055,
    });
  });
});

describe('the correction that brings the ledger to the order', () => {
  const worth = orderLedgerParts(order());

  it('a sale when nothing is held, nothing when they agree', () => {
    expect(ledgerCorrection(worth, NO_PARTS)).toEqual({ kind: 'venda', parts: worth });
    expect(ledgerCorrection(worth, worth)).toBeNull();
    // Moved from another method by an edit of the payment: the order was sold already.
    expect(ledgerCorrection(worth, NO_PARTS, true)).toEqual({ kind: 'ajuste', parts: worth });
  });

  it('a reversal of everything held once the order is worth nothing', () => {
    expect(ledgerCorrection(NO_PARTS, worth)?.kind).toBe('estorno');
    expect(ledgerCorrection(NO_PARTS, worth)?.parts.amount).toBe(-5500);
  });

  it('an adjustment of the difference after an edit', () => {
    const edited = orderLedgerParts(order({ totalProdutos: 6000, total: 6500 }));
    expect(ledgerCorrection(edited, worth)).toEqual({
      kind: 'ajuste',
      parts: { products: 1000, extras: 0, deliveryFee: 0, serviceFee: 0, discount: 0, amount: 1000 },
    });
  });
});
