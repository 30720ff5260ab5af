import { AppError } from '../../lib/errors.ts';
import { logProviderError, type PaymentDeps } from './attempt-rules.ts';
import type { PaymentAttempts } from './attempts.ts';
import type { ChargeOwner } from './ports.ts';
import {
  type ChargeState,
  type NotificationInput,
  NotificationRefused,
  type PixProvider,
} from './providers/provider.ts';
import type { Refunds } from './refunds.ts';
import * as repo from './repository.ts';

/*
 * The provider's notifications (docs/decisions/0018, 0037): verified on the raw body, deduplicated
 * by event, and never trusted for the state. Each charge named is an order's payment (settled
 * here), a stray charge (asked again), or another module's (handed to its owner).
 */

const notificationRefused = (kind: 'unauthorized' | 'not_found' | 'invalid', detail: string) =>
  new AppError(kind, 'NOTIFICATION_REFUSED', detail);

export class ProviderNotifications {
  private readonly chargeOwners: ChargeOwner[] = [];

  constructor(
    private readonly deps: PaymentDeps,
    private readonly attempts: PaymentAttempts,
    private readonly refunds: Refunds,
  ) {}

  /** The modules whose charges go through the store's provider besides the orders' (the table shares). */
  get owners(): readonly ChargeOwner[] {
    return this.chargeOwners;
  }

  /** Another module's charges: the provider's notifications about them are handed to it. */
  registerChargeOwner(owner: ChargeOwner): void {
    this.chargeOwners.push(owner);
  }

  /**
   * A provider notification, verified on its raw body. Never trusted for the state: the charges it
   * names are read back from the provider. A delivery of an event already handled is answered and
   * ignored; one the provider must retry (the provider could not be read) is answered 503.
   */
  async notification(
    storeId: number,
    providerName: string,
    input: NotificationInput,
  ): Promise<{ statusCode: number; body: { received: boolean; duplicate?: boolean } }> {
    const { db, now, log } = this.deps;
    const provider = await this.deps.providers.forStore(storeId);
    if (!provider || provider.kind !== providerName) {
      throw notificationRefused('not_found', 'Esta loja não recebe notificações deste provedor.');
    }
    let verified: ReturnType<PixProvider['verifyNotification']>;
    try {
      verified = provider.provider.verifyNotification(input, now());
    } catch (error) {
      if (!(error instanceof NotificationRefused)) throw error;
      log.warn({ storeId, provider: providerName, reason: error.message }, 'payment notification refused');
      throw notificationRefused('unauthorized', 'Notificação recusada: assinatura inválida.');
    }
    const refs = [...new Set(verified.providerRefs)];
    const payments = await repo.findByProviderRefs(db, storeId, provider.kind, refs);
    const strays = await this.refunds.strays.byProviderRefs(
      storeId,
      provider.kind,
      refs.filter((ref) => !payments.some((payment) => payment.providerRef === ref)),
    );
    const ours = new Set([
      ...payments.map((payment) => payment.providerRef),
      ...strays.map((row) => row.providerRef),
    ]);
    const others: { owner: ChargeOwner; ref: string }[] = [];
    for (const owner of this.chargeOwners) {
      const rest = refs.filter((ref) => !ours.has(ref) && !others.some((other) => other.ref === ref));
      if (rest.length === 0) break;
      for (const ref of await owner.owned(storeId, provider.kind, rest)) others.push({ owner, ref });
    }
    if (payments.length + strays.length + others.length !== refs.length) {
      log.warn({ storeId, provider: providerName, refs }, 'payment notification for an unknown charge');
      throw notificationRefused('not_found', 'Notificação recusada: cobrança desconhecida.');
    }
    for (const payment of payments) {
      const claimed = verified.claimedAmounts.get(payment.providerRef!);
      if (claimed !== undefined && claimed !== payment.amount) {
        log.warn({ storeId, paymentId: payment.id, claimed }, 'payment notification with another amount');
        throw notificationRefused('invalid', 'Notificação recusada: o valor não é o da cobrança.');
      }
    }
    if (await repo.notificationSeen(db, storeId, provider.kind, verified.eventId)) {
      return { statusCode: 200, body: { received: true, duplicate: true } };
    }
    for (const payment of payments) {
      let state: ChargeState;
      try {
        state = await provider.provider.getCharge(payment.providerRef!);
      } catch (error) {
        logProviderError(log, error, payment, 'read');
        return { statusCode: 503, body: { received: false } };
      }
      await this.attempts.settle(payment, state, 'notification', provider);
    }
    for (const { owner, ref } of others) {
      if (!(await owner.recheck(storeId, ref))) return { statusCode: 503, body: { received: false } };
    }
    for (const stray of strays) {
      const after = await this.refunds.strays.again(stray);
      if (after.status === 'due') return { statusCode: 503, body: { received: false } };
    }
    await repo.recordNotification(db, {
      storeId,
      provider: provider.kind,
      eventId: verified.eventId,
      at: now(),
    });
    return { statusCode: 200, body: { received: true } };
  }
}
