import type { CardTokenRequest, CreatePaymentIntentRequest, PaymentIntentReply } from '@comanda/contract';
import type { CustomerPrincipal } from '../../plugins/auth.ts';
import {
  CARD_ATTEMPT_SECONDS,
  CARD_CLAIM_MS,
  logProviderError,
  notificationUrl,
  type PaymentDeps,
  type PaymentReply,
  refusal,
  type StoreFacts,
} from './attempt-rules.ts';
import type { PaymentAttempts } from './attempts.ts';
import type { PaymentIntents } from './intents.ts';
import {
  CARD_PROVIDER_FAILED,
  CARD_STATUS_DETAIL,
  declineText,
  STRAY_CARD_DETAIL,
  statusDetail,
} from './payment-texts.ts';
import type { StoreProvider } from './ports.ts';
import { type CardPayments, ProviderError } from './providers/provider.ts';
import type { Refunds } from './refunds.ts';
import * as repo from './repository.ts';
import type { SavedCards } from './saved-cards.ts';
import { isStrayStatus } from './stray-charges.ts';

/*
 * An order paid by card (docs/decisions/0029, 0037), in the provider's flow: `intent` (Stripe: the
 * provider's payment is opened here, the browser's kit confirms it, a saved card is charged here)
 * or `token` (Mercado Pago: the browser's kit makes a card token and the server pays with it, one
 * token at a time). Either way the order is released only by `settle`, on the provider's word.
 */

export class CardOrders {
  constructor(
    private readonly deps: PaymentDeps,
    private readonly attempts: PaymentAttempts,
    private readonly intents: PaymentIntents,
    private readonly savedCards: SavedCards,
    private readonly refunds: Refunds,
  ) {}

  /**
   * The payment-intent call with type card: the order is placed awaiting its payment (as for PIX),
   * then the provider's PaymentIntent is opened. A new card is confirmed in the customer's browser
   * by the provider's kit with the client secret (the card never reaches us); a saved card is
   * charged here at once.
   */
  async createIntent(
    principal: CustomerPrincipal,
    body: CreatePaymentIntentRequest,
    keyHeader: string | string[] | undefined,
  ): Promise<PaymentReply<PaymentIntentReply>> {
    const { db } = this.deps;
    const unavailable = (detail: string) => refusal(409, 'ONLINE_PAYMENT_UNAVAILABLE', detail);
    const store = await repo.storeFacts(db, principal.storeId);
    if (!store?.onlinePayment || !store.paymentByCard)
      return unavailable('Esta loja não aceita cartão pelo app.');
    const provider = await this.deps.providers.forStore(principal.storeId);
    const cards = provider?.provider.cards;
    if (!provider || !cards) return unavailable('Esta loja ainda não configurou o pagamento com cartão.');
    let savedCard: repo.SavedCardRow | undefined;
    if (body.card !== undefined && body.card !== null) {
      savedCard = await repo.findSavedCard(db, principal.storeId, principal.customerId, body.card);
      if (!savedCard || savedCard.deletedAt || savedCard.provider !== provider.kind) {
        return refusal(
          404,
          'CARD_NOT_FOUND',
          'Cartão não encontrado. Escolha outro cartão ou cadastre um novo.',
        );
      }
    }

    const placed = await this.attempts.placeAwaitingPayment(principal, body, keyHeader, {
      method: 'card',
      provider: provider.kind,
      lifetimeSeconds: CARD_ATTEMPT_SECONDS,
      savedCardId: savedCard?.id ?? null,
    });
    if ('refusal' in placed) return placed.refusal;
    let { payment } = placed;
    const { created } = placed;
    // The token flow pays when the browser's kit has made the card's token (payCardToken).
    if (created && cards.flow === 'intent') {
      const opened = await this.openCardPayment(
        created,
        provider,
        cards,
        savedCard ?? null,
        store,
        principal,
      );
      if ('refusal' in opened) return opened.refusal;
      payment = opened.payment;
    }
    if (payment.status === 'failed') return refusal(502, 'PAYMENT_PROVIDER_ERROR', CARD_PROVIDER_FAILED);
    const detail =
      payment.status === 'paid'
        ? CARD_STATUS_DETAIL.paid
        : savedCard
          ? 'Confirme o pagamento com o seu banco.'
          : 'Digite os dados do cartão para pagar.';
    return { statusCode: 201, body: await this.intents.reply(payment, detail) };
  }

  /**
   * POST /bar/v2/payment/card-token/ (the token flow, Mercado Pago): the browser's kit made a card
   * token for a pending card payment; the server pays with it. Approved settles the payment (the
   * order goes to the store) and, when asked, keeps the card with its own token; declined answers
   * 402 with the reason in the customer's words and leaves the attempt open for another card; a
   * 3-D Secure challenge answers where the browser shows it, and the poll settles the rest.
   */
  async payCardToken(
    principal: CustomerPrincipal,
    body: CardTokenRequest,
  ): Promise<PaymentReply<PaymentIntentReply>> {
    const { db, now } = this.deps;
    const payment = await this.attempts.customerPayment(principal, body.intent_id);
    const provider = await this.deps.providers.forStore(payment.storeId);
    const cards = provider?.provider.cards;
    if (
      payment.method !== 'card' ||
      !provider ||
      provider.kind !== payment.provider ||
      !cards?.payWithToken
    ) {
      return refusal(409, 'PAYMENT_NOT_PENDING', 'Este pagamento não é pago com um cartão por aqui.');
    }
    if (payment.status !== 'pending' || payment.providerRef) {
      return refusal(409, 'PAYMENT_NOT_PENDING', statusDetail(payment));
    }
    if (this.attempts.pastGrace(payment)) {
      await this.attempts.refresh(payment, 'card');
      return refusal(409, 'PAYMENT_NOT_PENDING', statusDetail((await repo.findById(db, payment.id))!));
    }
    // One token at a time reaches the provider: the others are refused before any charge exists.
    const claimAt = now();
    const claimed = await repo.claimCard(
      db,
      payment.id,
      claimAt,
      new Date(claimAt.getTime() - CARD_CLAIM_MS),
    );
    if (!claimed) return refusal(409, 'PAYMENT_NOT_PENDING', 'Este pagamento já está em andamento.');
    const store = await repo.storeFacts(db, payment.storeId);
    let outcome: Awaited<ReturnType<NonNullable<CardPayments['payWithToken']>>>;
    try {
      const saving = Boolean(body.save_token) && !payment.savedCardId;
      const customer =
        saving || payment.savedCardId
          ? await this.savedCards.providerCustomer(payment, provider, cards)
          : null;
      outcome = await cards.payWithToken({
        reference: payment.reference,
        attemptKey: `${payment.reference}-${body.token.slice(0, 64)}`,
        amount: payment.amount,
        description: `Pedido ${payment.orderId} - ${store?.name ?? ''}`.trim(),
        token: body.token,
        paymentMethodId: body.payment_method_id,
        payer: customer ? { customer } : { email: await this.savedCards.placeholderEmail(payment) },
        notificationUrl: notificationUrl(this.deps, store?.slug ?? '', provider),
      });
    } catch (error) {
      logProviderError(this.deps.log, error, payment, 'pay with token');
      await repo.releaseCard(db, payment.id, claimAt);
      return refusal(502, 'PAYMENT_PROVIDER_ERROR', CARD_PROVIDER_FAILED);
    }
    if (outcome.declineReason !== null) {
      await repo.releaseCard(db, payment.id, claimAt);
      return refusal(402, 'CARD_DECLINED', declineText(outcome.declineReason));
    }
    const attached = await repo.attachCardPayment(db, payment.id, {
      providerRef: outcome.providerRef,
      clientSecret: null,
      at: now(),
    });
    if (!attached) {
      // The attempt stopped (abandoned, expired) while this card was being charged, or a claim
      // taken over as stale let another token's charge in first: this charge is given back.
      const current = (await repo.findById(db, payment.id))!;
      const stray = await this.refunds.giveBackStray(
        {
          storeId: payment.storeId,
          provider: provider.kind,
          providerRef: outcome.providerRef,
          reference: payment.reference,
          paymentId: payment.id,
          reason: current.status === 'pending' ? 'second_charge' : 'after_stop',
          amount: payment.amount,
        },
        outcome.state,
      );
      return refusal(
        409,
        'PAYMENT_NOT_PENDING',
        STRAY_CARD_DETAIL[isStrayStatus(stray.status) ? stray.status : 'due'],
      );
    }
    if (outcome.state.status !== 'pending')
      await this.attempts.settle(attached, outcome.state, 'card', provider);
    let after = (await repo.findById(db, payment.id))!;
    if (after.status !== 'paid' && after.status !== 'pending') {
      // Stopped while this card was charged (the abandon went through first): its money went back.
      return refusal(409, 'PAYMENT_NOT_PENDING', statusDetail(after));
    }
    if (after.status === 'paid' && body.save_token && !payment.savedCardId) {
      await this.savedCards.keepTokenCard(after, provider, cards, body.save_token);
    }
    after = (await repo.findById(db, payment.id))!;
    const reply = await this.intents.reply(
      after,
      outcome.challenge ? 'Confirme o pagamento com o seu banco.' : statusDetail(after),
    );
    return {
      statusCode: 200,
      body: { ...reply, data: { ...reply.data, three_ds: outcome.challenge } },
    };
  }

  /**
   * Opens the card PaymentIntent after the order's commit. A saved card is charged now: paid
   * settles at once; declined ends the attempt (the order dropped, its holds given back, the key
   * forgotten) with the decline in the customer's words; 3-D Secure leaves it pending for the kit.
   */
  private async openCardPayment(
    payment: repo.PaymentRow,
    provider: StoreProvider,
    cards: CardPayments,
    savedCard: repo.SavedCardRow | null,
    store: StoreFacts,
    principal: CustomerPrincipal,
  ): Promise<{ payment: repo.PaymentRow } | { refusal: PaymentReply<never> }> {
    const { db, now } = this.deps;
    try {
      const providerCustomer = await this.savedCards.providerCustomer(payment, provider, cards);
      if (!cards.createCardPayment) throw new ProviderError('this provider takes cards by token');
      const opened = await cards.createCardPayment({
        reference: payment.reference,
        amount: payment.amount,
        description: `Pedido ${payment.orderId} - ${store.name}`,
        providerCustomer,
        savedMethodId: savedCard?.providerMethodId ?? null,
      });
      const attached =
        (await repo.attachCardPayment(db, payment.id, {
          providerRef: opened.providerRef,
          clientSecret: opened.clientSecret,
          at: now(),
        })) ?? (await repo.findById(db, payment.id))!;
      if (savedCard && opened.declineMessage !== null) {
        await provider.provider.cancelCharge(opened.providerRef).catch(() => undefined);
        await this.attempts.failAttempt(attached, principal, opened.declineMessage);
        return { refusal: refusal(402, 'CARD_DECLINED', declineText(opened.declineMessage)) };
      }
      if (opened.state.status !== 'pending')
        await this.attempts.settle(attached, opened.state, 'create', provider);
      return { payment: (await repo.findById(db, payment.id))! };
    } catch (error) {
      logProviderError(this.deps.log, error, payment, 'create');
      await this.attempts.failAttempt(
        payment,
        principal,
        error instanceof Error ? error.message : 'provider error',
      );
      return { refusal: refusal(502, 'PAYMENT_PROVIDER_ERROR', CARD_PROVIDER_FAILED) };
    }
  }
}
