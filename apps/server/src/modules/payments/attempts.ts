import type { CreatePaymentIntentRequest, OrderErrorReply, OrderPlacedReply } from '@comanda/contract';
import { ONLINE_CARD_ID, ONLINE_PIX_ID } from '@comanda/domain';
import type { DbExecutor } from '../../db/client.ts';
import type { CustomerPrincipal } from '../../plugins/auth.ts';
import { announceReleased, dropUnpaidOrder, releasePaidOrder } from '../order-tracking/index.ts';
import {
  CARD_CLAIM_MS,
  intentNotFound,
  logProviderError,
  newPublicId,
  newReference,
  orderOf,
  PAYMENT_EXPIRY_GRACE_MS,
  type PaymentDeps,
  type PaymentReply,
} from './attempt-rules.ts';
import { CARD_STATUS_DETAIL, STATUS_DETAIL } from './payment-texts.ts';
import type { CounterEntry, PaymentOwner, StoreProvider } from './ports.ts';
import type { ChargeState, ProviderKind } from './providers/provider.ts';
import type { Refunds } from './refunds.ts';
import * as repo from './repository.ts';

/*
 * An order's payment attempt, from placing the order awaiting it to its end
 * (docs/decisions/0018, 0029, 0037). The poll, the provider's notifications, the reconciliation
 * job and the store's confirmation of a static key all end in `settle`, which moves the payment
 * (and releases or drops the order) by conditional updates, so however many of them race, a
 * payment is paid once and an order released once.
 */

export class PaymentAttempts {
  private readonly checkGapMs: number;
  private readonly expiryGraceMs: number;

  constructor(
    private readonly deps: PaymentDeps,
    private readonly refunds: Refunds,
  ) {
    this.checkGapMs = deps.checkGapMs ?? 3000;
    this.expiryGraceMs = deps.expiryGraceMs ?? PAYMENT_EXPIRY_GRACE_MS;
  }

  /**
   * Places the order awaiting its payment (order placement's stages with the online entry as the
   * payment) and writes the payment record in the same transaction. `created` is this request's
   * new payment; a replay of the same Idempotency-Key finds the first request's (`created` null).
   */
  async placeAwaitingPayment(
    principal: PaymentOwner,
    body: CreatePaymentIntentRequest,
    keyHeader: string | string[] | undefined,
    attempt: {
      method: 'pix' | 'card';
      provider: ProviderKind;
      lifetimeSeconds: number;
      savedCardId: number | null;
    },
    staff: CounterEntry | null = null,
  ): Promise<
    | { refusal: PaymentReply<never> | { statusCode: number; body: OrderErrorReply } }
    | { payment: repo.PaymentRow; created: repo.PaymentRow | null }
  > {
    const { now } = this.deps;
    let created: repo.PaymentRow | null = null;
    const order = {
      ...body.order,
      fk_forma_pagamento: attempt.method === 'pix' ? ONLINE_PIX_ID : ONLINE_CARD_ID,
    };
    const placed = await this.deps.orders.place(
      principal,
      order,
      keyHeader,
      {
        kind: attempt.method,
        record: async (tx, written) => {
          const at = now();
          created = await repo.insertPayment(tx, {
            storeId: principal.storeId,
            orderId: written.order.id,
            customerId: principal.customerId,
            publicId: newPublicId(),
            provider: attempt.provider,
            method: attempt.method,
            reference: newReference(principal.storeId),
            amount: written.order.total,
            pointsToEarn: written.earn,
            expiresAt: new Date(at.getTime() + attempt.lifetimeSeconds * 1000),
            at,
            savedCardId: attempt.savedCardId,
          });
        },
      },
      staff,
    );
    if (placed.statusCode !== 201) {
      return { refusal: { statusCode: placed.statusCode, body: placed.body as OrderErrorReply } };
    }
    const orderId = (placed.body as OrderPlacedReply).order_info.order_id;
    const payment = created ?? (await this.awaitCharge(principal.storeId, orderId));
    if (!payment) throw intentNotFound();
    return { payment, created };
  }

  /** The customer's own payment by its public id (404 for anyone else's). */
  async customerPayment(principal: CustomerPrincipal, intentId: string): Promise<repo.PaymentRow> {
    const payment = await repo.findByPublicId(
      this.deps.db,
      principal.storeId,
      principal.customerId,
      intentId,
    );
    if (!payment) throw intentNotFound();
    return payment;
  }

  /** Whether a payment is past its expiry and the grace after it. */
  pastGrace(payment: repo.PaymentRow): boolean {
    return this.deps.now().getTime() > payment.expiresAt.getTime() + this.expiryGraceMs;
  }

  /**
   * One round of the reconciliation job: payments whose notification has not come are read from
   * their provider (a lost notification never loses a paid order), pending ones past their expiry
   * are cancelled there and expired, and recently expired ones are checked for a late payment.
   */
  async reconcile(limit: number): Promise<{ checked: number; strays: number }> {
    const { db, now } = this.deps;
    const due = await repo.listDue(db, now(), 30_000, limit);
    let checked = 0;
    for (const payment of due) {
      if (!(await repo.claimCheck(db, payment.id, now(), this.checkGapMs))) continue;
      checked += 1;
      await this.refresh(payment, 'reconcile');
    }
    const { tried } = await this.refunds.strays.retryDue(limit);
    return { checked, strays: tried };
  }

  /** The payment after asking its provider, when a pending one is due a look. */
  async refreshed(payment: repo.PaymentRow, source: string): Promise<repo.PaymentRow> {
    if (payment.status !== 'pending') return payment;
    if (!(await repo.claimCheck(this.deps.db, payment.id, this.deps.now(), this.checkGapMs))) return payment;
    await this.refresh(payment, source);
    return (await repo.findById(this.deps.db, payment.id))!;
  }

  /** Reads the charge from its provider and settles it; past its expiry, a pending one is given up. */
  async refresh(payment: repo.PaymentRow, source: string): Promise<void> {
    const { now } = this.deps;
    const provider = await this.deps.providers.forStore(payment.storeId);
    if (!provider) return;
    if (!payment.providerRef) {
      // The charge was never opened (the server stopped between the order and the provider's
      // answer); a card paid by token has none until the customer pays: it waits for its expiry.
      const since = payment.method === 'card' ? payment.expiresAt : payment.createdAt;
      const paying = payment.claimedAt && now().getTime() - payment.claimedAt.getTime() < CARD_CLAIM_MS;
      if (!paying && now().getTime() - since.getTime() > this.expiryGraceMs) {
        await this.stop(
          payment,
          payment.method === 'card' ? 'expired' : 'failed',
          source,
          'A cobrança não chegou a ser criada',
        );
      }
      return;
    }
    try {
      let state = await provider.provider.getCharge(payment.providerRef);
      const overdue = this.pastGrace(payment);
      if (state.status === 'pending' && overdue && payment.status === 'pending') {
        state = await provider.provider.cancelCharge(payment.providerRef);
        if (state.status === 'pending') state = { ...state, status: 'expired' };
      }
      if (state.status === 'canceled' && payment.status === 'pending' && overdue) {
        state = { ...state, status: 'expired' };
      }
      await this.settle(payment, state, source, provider);
    } catch (error) {
      logProviderError(this.deps.log, error, payment, 'read');
    }
  }

  /**
   * Applies what the provider says of a charge. Paid: a pending payment is paid and its order
   * released; a payment that stopped counting gets its money back (or is flagged to the store).
   * Expired, canceled, failed: a pending payment stops and its order is dropped. Each move is
   * conditional on the status it leaves, so running this twice (or in two places) moves once.
   */
  async settle(
    payment: repo.PaymentRow,
    state: ChargeState,
    source: string,
    provider: StoreProvider,
  ): Promise<void> {
    const { db, now, events } = this.deps;
    const at = now();
    switch (state.status) {
      case 'paid': {
        const paidAmount = state.paidAmount ?? payment.amount;
        if (paidAmount !== payment.amount) {
          this.deps.log.warn(
            { paymentId: payment.id, paidAmount },
            'a payment of another amount: given back',
          );
          await this.stop(payment, 'failed', source, 'Valor pago diferente do pedido');
          await this.refunds.giveMoneyBack(payment, paidAmount, source, provider, 'amount');
          return;
        }
        if (payment.status === 'pending') {
          const released = await db.transaction(async (tx) => {
            const moved = await repo.move(tx, {
              id: payment.id,
              from: ['pending'],
              to: 'paid',
              source,
              at,
              paidAmount,
              paidAt: state.paidAt ?? at,
            });
            if (!moved) return undefined;
            if (payment.method === 'card') await this.keepCardOutcome(tx, payment, state, provider, at);
            return releasePaidOrder(tx, orderOf(payment), payment.pointsToEarn, at);
          });
          if (released) {
            announceReleased(events, { ...orderOf(payment), status: 'Solicitado' }, at);
            return;
          }
          // Not pending any more: paid by another path, or stopped (abandoned, expired) meanwhile.
          const current = (await repo.findById(db, payment.id))!;
          if (current.status !== 'pending') await this.settle(current, state, source, provider);
          return;
        }
        if (payment.status === 'expired' || payment.status === 'canceled' || payment.status === 'failed') {
          const reason = payment.status === 'expired' ? 'late' : 'stopped';
          await this.refunds.giveMoneyBack(payment, paidAmount, source, provider, reason);
        }
        return;
      }
      case 'expired':
      case 'canceled':
      case 'failed':
        if (payment.status === 'pending') await this.stop(payment, state.status, source, state.detail);
        return;
      case 'refunded':
        if (payment.status === 'paid') {
          await db.transaction((tx) =>
            repo.move(tx, {
              id: payment.id,
              from: ['paid'],
              to: 'refunded',
              source,
              at,
              refundedAmount: payment.paidAmount ?? payment.amount,
              refundReason: 'provider',
              detail: 'devolvido pelo provedor',
            }),
          );
        }
        return;
      case 'pending':
        return;
    }
  }

  /**
   * A pending payment stops (expired, canceled, failed) and its order is dropped, in one transaction.
   * With `whileProviderRef`, only if the payment still holds that charge; says whether it stopped.
   */
  async stop(
    payment: repo.PaymentRow,
    to: 'expired' | 'canceled' | 'failed',
    source: string,
    detail: string | null,
    whileProviderRef?: string | null,
  ): Promise<boolean> {
    const at = this.deps.now();
    return this.deps.db.transaction(async (tx) => {
      const moved = await repo.move(tx, {
        id: payment.id,
        from: ['pending'],
        to,
        source,
        at,
        detail,
        whileProviderRef,
      });
      if (moved) {
        await dropUnpaidOrder(
          tx,
          orderOf(payment),
          (payment.method === 'card' ? CARD_STATUS_DETAIL : STATUS_DETAIL)[to],
          at,
        );
      }
      return moved !== undefined;
    });
  }

  /** The attempt ends before it could be paid: the order is dropped and its Idempotency-Key forgotten. */
  async failAttempt(
    payment: repo.PaymentRow,
    principal: PaymentOwner,
    reason: string,
    orderNote: string = CARD_STATUS_DETAIL.failed,
  ) {
    const { db, now } = this.deps;
    await db.transaction(async (tx) => {
      const moved = await repo.move(tx, {
        id: payment.id,
        from: ['pending'],
        to: 'failed',
        source: 'create',
        at: now(),
        detail: reason.slice(0, 200),
      });
      if (!moved) return;
      await dropUnpaidOrder(tx, orderOf(payment), orderNote, now());
      await this.deps.orders.forgetAttempt(tx, {
        storeId: principal.storeId,
        customerId: principal.customerId,
        orderId: payment.orderId,
      });
    });
  }

  /** In the paid move's transaction: the authorisation code, and the card when the customer kept it. */
  private async keepCardOutcome(
    tx: DbExecutor,
    payment: repo.PaymentRow,
    state: ChargeState,
    provider: StoreProvider,
    at: Date,
  ): Promise<void> {
    if (state.authorizationCode) await repo.recordAuthorization(tx, payment.id, state.authorizationCode);
    if (state.savedCard && !payment.savedCardId) {
      await repo.keepSavedCard(tx, {
        storeId: payment.storeId,
        customerId: payment.customerId,
        provider: provider.kind,
        providerMethodId: state.savedCard.methodId,
        brand: state.savedCard.brand,
        last4: state.savedCard.last4,
        at,
      });
    }
  }

  /** Waits (briefly) for the charge of an order whose first request is still talking to the provider. */
  private async awaitCharge(storeId: number, orderId: number): Promise<repo.PaymentRow | undefined> {
    for (let attempt = 0; attempt < 50; attempt++) {
      const payment = await repo.findByOrder(this.deps.db, storeId, orderId);
      if (!payment || payment.providerRef || payment.status !== 'pending') return payment;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return repo.findByOrder(this.deps.db, storeId, orderId);
  }
}
