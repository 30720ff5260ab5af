import { logProviderError, type PaymentDeps } from './attempt-rules.ts';
import type { StoreProvider } from './ports.ts';
import { type ChargeState, RefundRefused } from './providers/provider.ts';
import * as repo from './repository.ts';
import { type StrayCharge, StrayCharges, type StrayRow } from './stray-charges.ts';

/*
 * Money given back (docs/decisions/0018, 0037): an attempt's own charge paid after it stopped or
 * with another amount, a paid order the store cancelled, and charges that are not their attempt's
 * one paid charge (the stray charges, an order's or another module's).
 */

export class Refunds {
  readonly strays: StrayCharges;

  constructor(private readonly deps: PaymentDeps) {
    this.strays = new StrayCharges({
      db: deps.db,
      now: deps.now,
      log: deps.log,
      providerOf: async (storeId) => (await deps.providers.forStore(storeId))?.provider ?? null,
    });
  }

  /**
   * A charge that is not its attempt's one paid charge (another module's too: a table share's):
   * recorded, and its money given back in full through the provider (docs/decisions/0037).
   */
  giveBackStray(charge: StrayCharge, state?: ChargeState): Promise<StrayRow> {
    return this.strays.giveBack(charge, state);
  }

  /**
   * The store cancelled an order paid online (issue 16): its money goes back through the provider
   * (a static key's is flagged for the store to return by hand). Called once the cancel has
   * committed; the payment leaves 'paid' in a conditional move, so two calls refund once, and a
   * provider that fails now is asked again by the reconciliation job (the payment stays 'canceled'
   * with its paid amount). Never throws: the cancel stands either way.
   */
  async refundCancelledOrder(storeId: number, orderId: number): Promise<void> {
    const { db, now } = this.deps;
    try {
      const payment = await repo.findByOrder(db, storeId, orderId);
      if (payment?.status !== 'paid') return;
      const paidAmount = payment.paidAmount ?? payment.amount;
      const moved = await db.transaction((tx) =>
        repo.move(tx, {
          id: payment.id,
          from: ['paid'],
          to: 'canceled',
          source: 'store_cancel',
          at: now(),
          detail: 'pedido cancelado pela loja',
        }),
      );
      if (!moved) return;
      const provider = await this.deps.providers.forStore(storeId);
      if (!provider) {
        await db.transaction((tx) =>
          repo.flagManualRefund(tx, payment.id, paidAmount, 'store_cancel', now()),
        );
        return;
      }
      await this.giveMoneyBack(moved, paidAmount, 'store_cancel', provider, 'store_cancel');
    } catch (error) {
      this.deps.log.error({ err: error, storeId, orderId }, 'refund of a cancelled order not done');
    }
  }

  /**
   * Money that came for a payment that no longer counts: refunded through the provider (the
   * refund is idempotent by our reference, so two of these racing refund once), or, for a static
   * key, flagged for the store to give back by hand.
   */
  async giveMoneyBack(
    payment: repo.PaymentRow,
    paidAmount: number,
    source: string,
    provider: StoreProvider,
    reason: repo.RefundReason,
  ): Promise<void> {
    const { db, now } = this.deps;
    if (!provider.provider.refunds || !payment.providerRef) {
      await db.transaction((tx) => repo.flagManualRefund(tx, payment.id, paidAmount, source, now()));
      return;
    }
    try {
      await provider.provider.refund(payment.providerRef, paidAmount, `${payment.reference}R`);
    } catch (error) {
      // The payment keeps its status: the reconciliation job tries again within the hour (a
      // refund still processing at the provider is asked again the same way). One the provider
      // refused for good goes back by hand: flagged to the store.
      logProviderError(this.deps.log, error, payment, 'refund');
      if (error instanceof RefundRefused) {
        await db.transaction((tx) => repo.flagManualRefund(tx, payment.id, paidAmount, source, now()));
      }
      return;
    }
    await db.transaction((tx) =>
      repo.move(tx, {
        id: payment.id,
        from: ['expired', 'canceled', 'failed'],
        to: 'refunded',
        source,
        at: now(),
        paidAmount,
        refundedAmount: paidAmount,
        refundReason: reason,
        detail: `devolvido (${reason})`,
      }),
    );
  }
}
