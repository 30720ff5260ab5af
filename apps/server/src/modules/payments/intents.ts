import type {
  CancelPixReply,
  CheckConfirmationReply,
  OrderPlacedReply,
  PaymentIntentData,
  PaymentIntentReply,
  PaymentStatus,
} from '@comanda/contract';
import { storeClockText } from '@comanda/domain';
import { orderRecordOf } from '../../lib/order-record.ts';
import { qrSvgDataUrl } from '../../lib/qr-svg.ts';
import type { CustomerPrincipal } from '../../plugins/auth.ts';
import { logProviderError, type PaymentDeps, type PaymentReply, refusal } from './attempt-rules.ts';
import type { PaymentAttempts } from './attempts.ts';
import { statusDetail } from './payment-texts.ts';
import type { ChargeState } from './providers/provider.ts';
import * as repo from './repository.ts';

/*
 * An order's payment attempt as its customer sees it (the spec's payment-intent calls): the
 * attempt with its charge (QR, card kit) and, once paid, the order; the poll; the abandon.
 */

/** How often a give-up looks again at a charge attached while it ran, before stopping anyway. */
const GIVE_UP_ROUNDS = 3;

export class PaymentIntents {
  constructor(
    private readonly deps: PaymentDeps,
    private readonly attempts: PaymentAttempts,
  ) {}

  /** POST /integracoes/v2/payment/check-confirmation/: polling stays true while the payment may come. */
  async check(principal: CustomerPrincipal, intentId: string): Promise<CheckConfirmationReply> {
    const { attempts } = this;
    const payment = await attempts.refreshed(await attempts.customerPayment(principal, intentId), 'poll');
    const status = payment.status as PaymentStatus;
    return {
      success: status === 'pending' || status === 'paid',
      detail: statusDetail(payment),
      data: { polling: status === 'pending', status, order_id: payment.orderId },
    };
  }

  /** POST /bar/v2/payment/get-payment-intent/: the attempt as it stands, with the order once paid. */
  async getIntent(principal: CustomerPrincipal, intentId: string): Promise<PaymentIntentReply> {
    const { attempts } = this;
    const payment = await attempts.refreshed(await attempts.customerPayment(principal, intentId), 'poll');
    return this.reply(payment, statusDetail(payment));
  }

  /**
   * POST /bar/v2/payment/cancel-pix-order/: the customer gives up. The charge is cancelled at the
   * provider first; if the payment won that race the order is released and the call says so (409).
   */
  async abandon(principal: CustomerPrincipal, intentId: string): Promise<PaymentReply<CancelPixReply>> {
    const payment = await this.giveUp(
      await this.attempts.customerPayment(principal, intentId),
      'abandon',
      'Pagamento abandonado pelo cliente',
    );
    if (payment.status === 'paid') {
      return refusal(
        409,
        'PAYMENT_ALREADY_PAID',
        payment.method === 'card'
          ? 'Este pagamento já foi aprovado: seu pedido foi enviado à loja.'
          : 'Este PIX já foi pago: seu pedido foi enviado à loja.',
      );
    }
    const status = payment.status as PaymentStatus;
    return { statusCode: 200, body: { success: true, detail: statusDetail(payment), data: { status } } };
  }

  /**
   * A pending attempt given up (by its customer, or at the counter): the charge is cancelled at the
   * provider first; if the payment won that race the order is released instead. The attempt after.
   * A card charge attached while this ran (a token paid at the same moment) is asked about in turn,
   * so an approved charge releases the order rather than being charged and given back.
   */
  async giveUp(payment: repo.PaymentRow, source: string, detail: string): Promise<repo.PaymentRow> {
    let current = payment;
    for (let round = 0; round < GIVE_UP_ROUNDS && current.status === 'pending'; round++) {
      const provider = await this.deps.providers.forStore(current.storeId);
      let state: ChargeState | null = null;
      if (provider && current.providerRef) {
        try {
          state = await provider.provider.cancelCharge(current.providerRef);
        } catch (error) {
          logProviderError(this.deps.log, error, current, 'cancel');
        }
      }
      if (state?.status === 'paid' && provider) {
        await this.attempts.settle(current, state, source, provider);
        break;
      }
      const last = round === GIVE_UP_ROUNDS - 1;
      const stopped = await this.attempts.stop(
        current,
        'canceled',
        source,
        detail,
        last ? undefined : current.providerRef,
      );
      current = (await repo.findById(this.deps.db, current.id))!;
      if (stopped) break;
    }
    return (await repo.findById(this.deps.db, payment.id))!;
  }

  /** The payment-intent reply for an attempt, with the customer's text. */
  async reply(payment: repo.PaymentRow, detail: string): Promise<PaymentIntentReply> {
    return { success: true, detail, data: await this.intentData(payment) };
  }

  private async intentData(payment: repo.PaymentRow): Promise<PaymentIntentData> {
    const paid = payment.status === 'paid';
    const waitingCard = payment.method === 'card' && payment.status === 'pending';
    const kit = waitingCard
      ? ((await this.deps.providers.forStore(payment.storeId))?.provider.cards?.kit() ?? null)
      : null;
    const qrcode = payment.qrPngBase64
      ? `data:image/png;base64,${payment.qrPngBase64}`
      : payment.copyPaste
        ? await qrSvgDataUrl(payment.copyPaste)
        : null;
    return {
      integration: payment.provider,
      intent_id: payment.publicId,
      order_id: payment.orderId,
      status: payment.status as PaymentStatus,
      amount: payment.amount,
      qr_content: payment.copyPaste,
      qrcode,
      expires_at: payment.expiresAt.toISOString(),
      expires_in: Math.round((payment.expiresAt.getTime() - payment.createdAt.getTime()) / 1000),
      payed: paid,
      clientSecret: waitingCard ? payment.clientSecret : null,
      authorization_code: payment.authorizationCode,
      card_kit: kit ? { provider: kit.provider, script_url: kit.scriptUrl, public_key: kit.publicKey } : null,
      transaction_id: payment.providerRef,
      session_id: null,
      // A saved card paid by token: the browser's kit makes the token from the provider's card id.
      method_id: waitingCard && payment.savedCardId ? await this.savedCardMethodId(payment) : null,
      transaction_token: null,
      order_data: paid ? await this.placedReply(payment) : null,
      message: { code: null },
    };
  }

  private async savedCardMethodId(payment: repo.PaymentRow): Promise<string | null> {
    const card = await repo.findSavedCard(
      this.deps.db,
      payment.storeId,
      payment.customerId,
      payment.savedCardId!,
    );
    return card?.providerMethodId ?? null;
  }

  /** The order call's reply for an order paid online, once it is released. */
  private async placedReply(payment: repo.PaymentRow): Promise<OrderPlacedReply | null> {
    const tracked = await this.deps.tracking.storeOrderFor(payment.storeId, payment.orderId);
    if (!tracked) return null;
    const customer = await repo.customerFacts(this.deps.db, payment.storeId, payment.customerId);
    return {
      success: true,
      detail: 'Pedido recebido!',
      order_info: {
        order_id: tracked.order.id,
        numero: tracked.order.numero,
        status: tracked.order.status,
        total: tracked.order.total,
        estimated_time: storeClockText(tracked.order.estimatedAt, tracked.timeZone),
        pontos_fidelidade: customer?.points ?? 0,
      },
      order: orderRecordOf(tracked.order, tracked.lines),
    };
  }
}
