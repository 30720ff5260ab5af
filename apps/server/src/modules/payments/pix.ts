import type {
  CreatePaymentIntentRequest,
  PaymentIntentReply,
  PaymentStatus,
  StaffPixCharge,
  StaffPixChargeOffer,
} from '@comanda/contract';
import { checkBrCode } from '@comanda/domain';
import { AppError } from '../../lib/errors.ts';
import { qrSvgDataUrl } from '../../lib/qr-svg.ts';
import type { CustomerPrincipal, StaffPrincipal } from '../../plugins/auth.ts';
import {
  intentNotFound,
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
import type { CounterEntry, PaymentOwner, StoreProvider } from './ports.ts';
import { ProviderError } from './providers/provider.ts';
import * as repo from './repository.ts';

/** A counter charge's state in the staff's words (the screen has its own, in both languages). */
const COUNTER_DETAIL: Record<PaymentStatus, string> = {
  pending: 'Aguardando o pagamento do PIX.',
  paid: 'Pagamento recebido.',
  failed: 'O PIX não foi gerado. O pedido não foi enviado à cozinha.',
  expired: 'O PIX expirou sem pagamento. O pedido não foi enviado à cozinha.',
  canceled: 'PIX cancelado. O pedido não foi enviado à cozinha.',
  refunded: 'O pagamento chegou depois do prazo e foi devolvido.',
};

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
    const opened = await this.open(principal, body, keyHeader, null);
    if ('statusCode' in opened) return opened;
    return {
      statusCode: 201,
      body: await this.intents.reply(opened.payment, 'PIX gerado. Pague com o app do seu banco.'),
    };
  }

  /**
   * POST /staff/pix-charges: an order entered by a staff member (counter, phone, waiter) paid by a
   * PIX charge through the store's provider (docs/decisions/0063). The same stages as the customer's
   * online PIX order: placed awaiting its payment with its channel and who entered it, the charge
   * opened after the commit, released by the provider's notification (or the poll, or the job).
   */
  async createForCounter(
    owner: PaymentOwner,
    order: CreatePaymentIntentRequest['order'],
    keyHeader: string | string[] | undefined,
    staff: CounterEntry,
  ): Promise<PaymentReply<StaffPixCharge>> {
    const offer = await this.counterOffer(owner.storeId);
    if (!offer.available) {
      return refusal(409, 'ONLINE_PAYMENT_UNAVAILABLE', 'Esta loja não tem um provedor de PIX configurado.');
    }
    const opened = await this.open(owner, { type: 'pix', order }, keyHeader, staff);
    if ('statusCode' in opened) return opened;
    return { statusCode: 201, body: await this.counterReply(opened.payment) };
  }

  /** GET /staff/pix-charges/offer: a counter order may be paid by a charge through the store's provider. */
  async counterOffer(storeId: number): Promise<StaffPixChargeOffer> {
    const store = await repo.storeFacts(this.deps.db, storeId);
    if (!store?.onlinePayment || !store.paymentByPix) return { available: false, expires_in: null };
    const provider = await this.deps.providers.forStore(storeId);
    // A static key is no provider charge: the counter shows the store's key (GET /staff/orders/{id}/pix).
    if (!provider?.provider.notifies) return { available: false, expires_in: null };
    return { available: true, expires_in: store.expirationTimePix };
  }

  /** GET /staff/pix-charges/{intent}: the counter's charge as it stands (the provider read when due). */
  async counterCharge(staff: StaffPrincipal, intentId: string): Promise<StaffPixCharge> {
    const payment = await this.counterPayment(staff, intentId);
    return this.counterReply(await this.attempts.refreshed(payment, 'poll'));
  }

  /**
   * POST /staff/pix-charges/{intent}/cancel: the customer gives up at the counter. The charge is
   * cancelled at the provider and the order dropped; if the payment won that race, 409
   * PAYMENT_ALREADY_PAID (the order is released).
   */
  async cancelCounterCharge(staff: StaffPrincipal, intentId: string): Promise<PaymentReply<StaffPixCharge>> {
    const payment = await this.intents.giveUp(
      await this.counterPayment(staff, intentId),
      'staff',
      'PIX cancelado no balcão',
    );
    if (payment.status === 'paid') {
      return refusal(409, 'PAYMENT_ALREADY_PAID', COUNTER_DETAIL.paid);
    }
    return { statusCode: 200, body: await this.counterReply(payment) };
  }

  private async counterPayment(staff: StaffPrincipal, intentId: string): Promise<repo.PaymentRow> {
    const payment = await repo.findCounterPayment(this.deps.db, staff.storeId, intentId);
    if (!payment) throw intentNotFound();
    return payment;
  }

  private async counterReply(payment: repo.PaymentRow): Promise<StaffPixCharge> {
    const open = payment.status === 'pending' && payment.copyPaste !== null;
    return {
      intent_id: payment.publicId,
      order_id: payment.orderId,
      status: payment.status as PaymentStatus,
      amount: payment.amount,
      copia_e_cola: open ? payment.copyPaste : null,
      qr_code: !open
        ? null
        : payment.qrPngBase64
          ? `data:image/png;base64,${payment.qrPngBase64}`
          : await qrSvgDataUrl(payment.copyPaste!),
      expires_at: payment.expiresAt.toISOString(),
      expires_in: Math.max(0, Math.ceil((payment.expiresAt.getTime() - this.deps.now().getTime()) / 1000)),
      detail: COUNTER_DETAIL[payment.status as PaymentStatus],
    };
  }

  /** The order placed awaiting its payment and its charge opened (or the first request's, on a replay). */
  private async open(
    owner: PaymentOwner,
    body: CreatePaymentIntentRequest,
    keyHeader: string | string[] | undefined,
    staff: CounterEntry | null,
  ): Promise<PaymentReply<never> | { payment: repo.PaymentRow }> {
    const { db } = this.deps;
    const unavailable = (detail: string) => refusal(409, 'ONLINE_PAYMENT_UNAVAILABLE', detail);
    const store = await repo.storeFacts(db, owner.storeId);
    if (!store?.onlinePayment || !store.paymentByPix) {
      return unavailable('Esta loja não aceita PIX pelo app.');
    }
    const provider = await this.deps.providers.forStore(owner.storeId);
    if (!provider) return unavailable('Esta loja ainda não configurou o pagamento online.');

    const placed = await this.attempts.placeAwaitingPayment(
      owner,
      body,
      keyHeader,
      {
        method: 'pix',
        provider: provider.kind,
        lifetimeSeconds: store.expirationTimePix,
        savedCardId: null,
      },
      staff,
    );
    if ('refusal' in placed) return placed.refusal as PaymentReply<never>;
    let { payment } = placed;
    const { created } = placed;
    if (created) {
      const opened = await this.openCharge(created, provider, store, owner);
      if (!opened) return refusal(502, 'PAYMENT_PROVIDER_ERROR', PROVIDER_FAILED);
      payment = opened;
    }
    if (payment.status === 'failed') return refusal(502, 'PAYMENT_PROVIDER_ERROR', PROVIDER_FAILED);
    return { payment };
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
    principal: PaymentOwner,
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
