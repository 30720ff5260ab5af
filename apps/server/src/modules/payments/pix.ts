import type { CreatePaymentIntentRequest, PaymentIntentReply, PaymentStatus } from '@comanda/contract';
import { checkBrCode } from '@comanda/domain';
import { AppError } from '../../lib/errors.ts';
import type { CustomerPrincipal, StaffPrincipal } from '../../plugins/auth.ts';
import {
  logProviderError,
  notificationUrl,
  type PaymentDeps,
  type PaymentReply,
  refusal,
  type StoreFacts,
} from './attempt-rules.ts';
import type { PaymentAttempts } from './attempts.ts';
import type { PaymentIntents } from './intents.ts';
import { PROVIDER_FAILED } from './payment-texts.ts';
import type { StoreProvider } from './ports.ts';
import { ProviderError } from './providers/provider.ts';
import * as repo from './repository.ts';

/*
 * An order paid by PIX (docs/decisions/0018): the payment-intent call places the order awaiting
 * its payment and opens the charge; a static key's payment is confirmed by the store by hand.
 */

export class PixPayments {
  constructor(
    private readonly deps: PaymentDeps,
    private readonly attempts: PaymentAttempts,
    private readonly intents: PaymentIntents,
  ) {}

  /** POST /bar/v2/payment/create-payment-intent/ (type pix): the order awaiting payment, and its PIX charge. */
  async createIntent(
    principal: CustomerPrincipal,
    body: CreatePaymentIntentRequest,
    keyHeader: string | string[] | undefined,
  ): Promise<PaymentReply<PaymentIntentReply>> {
    const { db } = this.deps;
    const unavailable = (detail: string) => refusal(409, 'ONLINE_PAYMENT_UNAVAILABLE', detail);
    const store = await repo.storeFacts(db, principal.storeId);
    if (!store?.onlinePayment || !store.paymentByPix) {
      return unavailable('Esta loja não aceita PIX pelo app.');
    }
    const provider = await this.deps.providers.forStore(principal.storeId);
    if (!provider) return unavailable('Esta loja ainda não configurou o pagamento online.');

    const placed = await this.attempts.placeAwaitingPayment(principal, body, keyHeader, {
      method: 'pix',
      provider: provider.kind,
      lifetimeSeconds: store.expirationTimePix,
      savedCardId: null,
    });
    if ('refusal' in placed) return placed.refusal;
    let { payment } = placed;
    const { created } = placed;
    if (created) {
      const opened = await this.openCharge(created, provider, store, principal);
      if (!opened) return refusal(502, 'PAYMENT_PROVIDER_ERROR', PROVIDER_FAILED);
      payment = opened;
    }
    if (payment.status === 'failed') return refusal(502, 'PAYMENT_PROVIDER_ERROR', PROVIDER_FAILED);
    return {
      statusCode: 201,
      body: await this.intents.reply(payment, 'PIX gerado. Pague com o app do seu banco.'),
    };
  }

  /** POST /staff/payments/{id}/confirm: the store saw the money of a static-key PIX arrive. */
  async confirmByStaff(staff: StaffPrincipal, paymentId: number): Promise<{ status: PaymentStatus }> {
    const payment = await repo.findStorePayment(this.deps.db, staff.storeId, paymentId);
    if (!payment) throw new AppError('not_found', 'PAYMENT_NOT_FOUND', 'Pagamento não encontrado.');
    if (payment.provider !== 'static_pix') {
      throw new AppError(
        'conflict',
        'PAYMENT_CONFIRMED_BY_PROVIDER',
        'Este pagamento é confirmado pelo provedor, não à mão.',
      );
    }
    const provider = await this.deps.providers.forStore(staff.storeId);
    if (!provider)
      throw new AppError('conflict', 'ONLINE_PAYMENT_UNAVAILABLE', 'A loja não tem pagamento online.');
    const at = this.deps.now();
    await this.attempts.settle(
      payment,
      { status: 'paid', paidAmount: payment.amount, paidAt: at, detail: 'staff' },
      'staff',
      provider,
    );
    const after = (await repo.findById(this.deps.db, payment.id))!;
    return { status: after.status as PaymentStatus };
  }

  /**
   * Opens the charge at the provider (after the order's commit: never a network call inside a
   * transaction). A provider failure, or a BR Code that is not right, fails the attempt: the order
   * is dropped, its holds given back and its Idempotency-Key forgotten, so a retry starts afresh.
   */
  private async openCharge(
    payment: repo.PaymentRow,
    provider: StoreProvider,
    store: StoreFacts,
    principal: CustomerPrincipal,
  ): Promise<repo.PaymentRow | null> {
    const { db, now } = this.deps;
    const customer = await repo.customerFacts(db, payment.storeId, payment.customerId);
    const chargeNotificationUrl = notificationUrl(this.deps, store.slug, provider);
    try {
      const charge = await provider.provider.createPixCharge({
        reference: payment.reference,
        amount: payment.amount,
        expiresInSeconds: Math.round((payment.expiresAt.getTime() - payment.createdAt.getTime()) / 1000),
        description: `Pedido ${payment.orderId} - ${store.name}`,
        payerEmail: customer?.email || `pedido${payment.orderId}@${store.slug}.comanda.app`,
        notificationUrl: chargeNotificationUrl,
      });
      const check = checkBrCode(charge.copyPaste, { amount: payment.amount });
      if (!check.ok) {
        this.deps.log.error(
          { paymentId: payment.id, reason: check.reason },
          'the provider gave a wrong BR Code',
        );
        await provider.provider.cancelCharge(charge.providerRef).catch(() => undefined);
        throw new ProviderError(`BR Code refused: ${check.reason}`);
      }
      // Our expiry stays the one the customer is shown; the provider's may differ by its clock's second.
      const attached = await repo.attachCharge(db, payment.id, {
        providerRef: charge.providerRef,
        copyPaste: charge.copyPaste,
        qrPngBase64: charge.qrPngBase64,
        at: now(),
      });
      return attached ?? (await repo.findById(db, payment.id))!;
    } catch (error) {
      logProviderError(this.deps.log, error, payment, 'create');
      await this.attempts.failAttempt(
        payment,
        principal,
        error instanceof Error ? error.message : 'provider error',
        'Não foi possível gerar o PIX',
      );
      return null;
    }
  }
}
