import Stripe from 'stripe';
import {
  type CardKit,
  type CardOnFile,
  type CardPayment,
  type CardPaymentRequest,
  type CardPayments,
  type ChargeState,
  type ListedCharge,
  type NotificationInput,
  NotificationRefused,
  type PixCharge,
  type PixChargeRequest,
  type PixProvider,
  ProviderError,
  type VerifiedNotification,
} from './provider.ts';

/*
 * PIX through Stripe (docs/decisions/0018-online-payments-pix.md), with the official `stripe`
 * package pointed at a configurable host (Stripe's own, or the stand-in PSP in the demo and tests).
 * A charge is a PaymentIntent confirmed on creation with `payment_method_data[type]=pix`; it waits
 * in `requires_action` with `next_action.pix_display_qr_code`, becomes `succeeded` when paid, and
 * goes back to `requires_payment_method` with `last_payment_error` when the attempt fails or the
 * code expires. A refund is its own object: the PaymentIntent stays `succeeded` and its Charge
 * shows `amount_refunded`. Webhook endpoints are set per Stripe account (not per request), so the
 * request's notification URL is the account's endpoint, configured at Stripe.
 */

export interface StripeProviderConfig {
  host: string;
  port: number;
  protocol: 'http' | 'https';
  secretKey: string;
  webhookSecret: string;
  /** The account's publishable key, for Stripe.js in the customer's browser (cards). */
  publishableKey?: string | null;
  /** Where Stripe.js comes from (https://js.stripe.com/v3/, or the stand-in's /v3/). */
  kitUrl?: string;
  now?: () => Date;
}

/** Stripe's webhook signature tolerance, also its libraries' default: five minutes. */
const SIGNATURE_TOLERANCE_SECONDS = 300;
/** `payment_method_options[pix][expires_after_seconds]` takes 60 s to 14 days. */
const PIX_EXPIRY_SECONDS = { min: 60, max: 1_209_600 };
/** PaymentIntents per page of a list (Stripe's maximum). */
const LIST_PAGE = 100;
/** Stripe's code for a PIX attempt whose code expired unpaid (the PaymentIntent's last_payment_error). */
const ATTEMPT_EXPIRED = 'payment_intent_payment_attempt_expired';

type PaymentIntent = Stripe.PaymentIntent;

export class StripePixProvider implements PixProvider {
  readonly kind = 'stripe' as const;
  readonly refunds = true;
  readonly notifies = true;
  readonly cards?: CardPayments;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;
  private readonly now: () => Date;

  constructor(config: StripeProviderConfig) {
    this.stripe = new Stripe(config.secretKey, {
      host: config.host,
      port: config.port,
      protocol: config.protocol,
      // The package waits 80 s by default; a checkout cannot.
      timeout: 10_000,
      // One retry after a network failure or a 409/5xx: creation and refunds carry our idempotency
      // key, and the package keys every other POST itself, so a retry never acts twice.
      maxNetworkRetries: 1,
      // Request-latency headers sent to Stripe about earlier requests: nothing Stripe needs from us.
      telemetry: false,
    });
    this.webhookSecret = config.webhookSecret;
    this.now = config.now ?? (() => new Date());
    if (config.publishableKey) {
      const kitUrl = config.kitUrl ?? 'https://js.stripe.com/v3/';
      const apiOrigin = `${config.protocol}://${config.host}${config.port === (config.protocol === 'https' ? 443 : 80) ? '' : `:${config.port}`}`;
      this.cards = new StripeCards(this.stripe, {
        provider: 'stripe',
        scriptUrl: kitUrl,
        publicKey: config.publishableKey,
        // Stripe.js, its frames (card fields, 3-D Secure) and the API it calls from the browser.
        origins: [
          ...new Set([
            new URL(kitUrl).origin,
            apiOrigin,
            'https://hooks.stripe.com',
            'https://m.stripe.network',
          ]),
        ],
      });
    }
  }

  async createPixCharge(request: PixChargeRequest): Promise<PixCharge> {
    const expiresIn = Math.min(
      PIX_EXPIRY_SECONDS.max,
      Math.max(PIX_EXPIRY_SECONDS.min, Math.round(request.expiresInSeconds)),
    );
    const intent = await this.call('create PaymentIntent', () =>
      this.stripe.paymentIntents.create(
        {
          amount: request.amount,
          currency: 'brl',
          // The pinned API version (2026-10-28.endive) names it so; `payment_method_types` before 2026-09-30.
          allowed_payment_method_types: ['pix'],
          payment_method_data: { type: 'pix' },
          confirm: true,
          payment_method_options: { pix: { expires_after_seconds: expiresIn } },
          description: request.description,
          metadata: { reference: request.reference },
        },
        { idempotencyKey: request.reference },
      ),
    );
    const display = intent.next_action?.pix_display_qr_code;
    if (intent.status !== 'requires_action' || !display?.data) {
      throw new ProviderError(
        `Stripe answered PaymentIntent ${intent.id} ${intent.status}, without a PIX code`,
      );
    }
    return {
      providerRef: intent.id,
      copyPaste: display.data,
      // Stripe gives image URLs, not the image; we draw the QR code from the copy-and-paste code.
      qrPngBase64: null,
      expiresAt: display.expires_at
        ? new Date(display.expires_at * 1000)
        : new Date(this.now().getTime() + expiresIn * 1000),
    };
  }

  async getCharge(providerRef: string): Promise<ChargeState> {
    const intent = await this.call('read PaymentIntent', () =>
      this.stripe.paymentIntents.retrieve(providerRef, { expand: ['latest_charge', 'payment_method'] }),
    );
    return chargeState(intent);
  }

  async cancelCharge(providerRef: string): Promise<ChargeState> {
    try {
      return chargeState(
        await this.stripe.paymentIntents.cancel(providerRef, {
          cancellation_reason: 'abandoned',
          expand: ['latest_charge'],
        }),
      );
    } catch (error) {
      // Already succeeded (the payment won the race) or canceled: the state is what it is now.
      if (stripeCode(error) === 'payment_intent_unexpected_state') return this.getCharge(providerRef);
      throw providerError('cancel PaymentIntent', error);
    }
  }

  async refund(providerRef: string, amount: number, reference: string): Promise<void> {
    try {
      await this.stripe.refunds.create(
        { payment_intent: providerRef, amount },
        // Apart from the charge's own key (the same reference may name both).
        { idempotencyKey: `refund-${reference}` },
      );
    } catch (error) {
      // Stripe keeps idempotent results 24 hours; a retry after that finds the money already back.
      if (stripeCode(error) === 'charge_already_refunded') return;
      throw providerError('refund', error);
    }
  }

  /**
   * The PaymentIntents created in the period (GET /v1/payment_intents with created[gte] and
   * created[lt], in seconds), newest first, following `starting_after` while `has_more`; what
   * was refunded is the latest Charge's amount_refunded.
   */
  async listCharges(period: { from: Date; to: Date }): Promise<ListedCharge[]> {
    const listed: ListedCharge[] = [];
    let startingAfter: string | undefined;
    for (;;) {
      const page = await this.call('list PaymentIntents', () =>
        this.stripe.paymentIntents.list({
          created: {
            gte: Math.floor(period.from.getTime() / 1000),
            lt: Math.ceil(period.to.getTime() / 1000),
          },
          limit: LIST_PAGE,
          expand: ['data.latest_charge'],
          ...(startingAfter ? { starting_after: startingAfter } : {}),
        }),
      );
      for (const intent of page.data) {
        const state = chargeState(intent);
        const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
        listed.push({
          providerRef: intent.id,
          reference: intent.metadata?.reference ?? null,
          status: state.status,
          amount: intent.amount,
          paidAmount: state.paidAmount,
          refundedAmount: charge?.amount_refunded ?? 0,
          createdAt: new Date(intent.created * 1000),
        });
      }
      const last = page.data.at(-1);
      if (!page.has_more || !last) return listed;
      startingAfter = last.id;
    }
  }

  verifyNotification(input: NotificationInput, now: Date): VerifiedNotification {
    const raw = input.headers['stripe-signature'];
    if (Array.isArray(raw) && raw.length > 1) throw new NotificationRefused('more than one Stripe-Signature');
    const header = Array.isArray(raw) ? raw[0] : raw;
    if (!header) throw new NotificationRefused('no Stripe-Signature header');
    const timestamp = /(?:^|,)t=(\d+)(?:,|$)/.exec(header)?.[1];
    if (!timestamp) throw new NotificationRefused('a Stripe-Signature without its timestamp');
    // The package refuses only old timestamps; one from the future is as suspect.
    if (Number(timestamp) - now.getTime() / 1000 > SIGNATURE_TOLERANCE_SECONDS) {
      throw new NotificationRefused('a Stripe-Signature dated in the future');
    }
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        input.rawBody,
        header,
        this.webhookSecret,
        SIGNATURE_TOLERANCE_SECONDS,
        undefined,
        now.getTime(),
      );
    } catch (error) {
      const reason = error instanceof Error ? (error.message.split('\n')[0] ?? '') : 'unreadable';
      throw new NotificationRefused(`Stripe-Signature refused: ${reason.trim()}`);
    }
    if (typeof event?.id !== 'string' || !event.data || typeof event.data.object !== 'object') {
      throw new NotificationRefused('a signed body that is not a Stripe event');
    }
    return { eventId: event.id, providerRefs: paymentIntentsOf(event), claimedAmounts: new Map() };
  }

  private async call<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw providerError(what, error);
    }
  }
}

/** The PaymentIntent an event is about: itself, or the one its Charge or Refund belongs to. */
function paymentIntentsOf(event: Stripe.Event): string[] {
  const object = event.data.object as { object?: string; id?: string; payment_intent?: unknown };
  if (object.object === 'payment_intent' && typeof object.id === 'string') return [object.id];
  const intent = object.payment_intent;
  if (typeof intent === 'string') return [intent];
  if (intent && typeof intent === 'object' && typeof (intent as { id?: unknown }).id === 'string') {
    return [(intent as { id: string }).id];
  }
  return [];
}

const isCardIntent = (intent: PaymentIntent) =>
  (intent.payment_method_types ?? []).includes('card') ||
  ((intent as { allowed_payment_method_types?: string[] }).allowed_payment_method_types ?? []).includes(
    'card',
  );

function chargeState(intent: PaymentIntent): ChargeState {
  if (isCardIntent(intent)) return cardChargeState(intent);
  switch (intent.status) {
    case 'succeeded': {
      const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
      const refunded = charge?.amount_refunded ?? 0;
      const paidAt = charge ? new Date(charge.created * 1000) : null;
      if (refunded > 0 && refunded >= intent.amount_received) {
        return {
          status: 'refunded',
          paidAmount: intent.amount_received,
          paidAt,
          detail: `refunded ${refunded}`,
        };
      }
      return {
        status: 'paid',
        paidAmount: intent.amount_received,
        paidAt,
        detail: refunded > 0 ? `partly refunded: ${refunded}` : null,
      };
    }
    case 'canceled':
      // `expired` is one of the reasons Stripe gives when it cancels an intent itself.
      return {
        status: intent.cancellation_reason === 'expired' ? 'expired' : 'canceled',
        paidAmount: null,
        paidAt: null,
        detail: intent.cancellation_reason,
      };
    case 'requires_payment_method': {
      // Confirmed on creation, so this status means the PIX attempt ended unpaid.
      const error = intent.last_payment_error;
      return {
        status: error?.code === ATTEMPT_EXPIRED ? 'expired' : 'failed',
        paidAmount: null,
        paidAt: null,
        detail: error?.message ?? error?.code ?? intent.status,
      };
    }
    default:
      return { status: 'pending', paidAmount: null, paidAt: null, detail: intent.status };
  }
}

function stripeCode(error: unknown): string | undefined {
  return error instanceof Stripe.errors.StripeError ? error.code : undefined;
}

/** Stripe's message (keys in it come redacted) and HTTP status; null status when none answered. */
function providerError(what: string, error: unknown): ProviderError {
  if (error instanceof Stripe.errors.StripeError) {
    const code = error.code ? ` [${error.code}]` : '';
    return new ProviderError(`Stripe ${what}: ${error.message}${code}`, error.statusCode ?? null);
  }
  return new ProviderError(`Stripe ${what}: ${error instanceof Error ? error.message : String(error)}`);
}

/**
 * A card PaymentIntent in our words. Unlike PIX, `requires_payment_method` after a decline is not
 * the end: the customer may try another card in the same attempt, so it stays pending (with the
 * decline as detail) until it succeeds, or we cancel it on abandon or expiry.
 */
function cardChargeState(intent: PaymentIntent): ChargeState {
  switch (intent.status) {
    case 'succeeded': {
      const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
      const refunded = charge?.amount_refunded ?? 0;
      const method = typeof intent.payment_method === 'object' ? intent.payment_method : null;
      const saved =
        intent.setup_future_usage && method?.customer && method.card
          ? {
              methodId: method.id,
              brand: cardBrand(method.card.brand),
              last4: method.card.last4,
            }
          : null;
      return {
        status: refunded > 0 && refunded >= intent.amount_received ? 'refunded' : 'paid',
        paidAmount: intent.amount_received,
        paidAt: charge ? new Date(charge.created * 1000) : null,
        detail: refunded > 0 ? `refunded ${refunded}` : null,
        // The issuer's code lives in the Charge's card details (Stripe.Charge.PaymentMethodDetails.Card).
        authorizationCode: charge?.payment_method_details?.card?.authorization_code ?? null,
        savedCard: saved,
      };
    }
    case 'canceled':
      return { status: 'canceled', paidAmount: null, paidAt: null, detail: intent.cancellation_reason };
    default:
      return {
        status: 'pending',
        paidAmount: null,
        paidAt: null,
        detail: intent.last_payment_error?.message ?? intent.status,
      };
  }
}

const cardBrand = (brand: string): CardOnFile['brand'] =>
  brand === 'visa' || brand === 'mastercard' ? brand : 'other';

/**
 * Cards through Stripe: a PaymentIntent for the card types, confirmed in the browser by Stripe.js
 * with the client secret (new card, `setup_future_usage` to keep it on the customer), or confirmed
 * here with a saved payment method (a 3-D Secure challenge still goes back to the browser).
 */
class StripeCards implements CardPayments {
  readonly flow = 'intent' as const;

  constructor(
    private readonly stripe: Stripe,
    private readonly cardKit: CardKit,
  ) {}

  kit(): CardKit {
    return this.cardKit;
  }

  async createCustomer(customer: { reference: string; email: string; name: string }): Promise<string> {
    try {
      const created = await this.stripe.customers.create(
        {
          name: customer.name,
          email: customer.email,
          metadata: { reference: customer.reference },
        },
        { idempotencyKey: `customer-${customer.reference}` },
      );
      return created.id;
    } catch (error) {
      throw providerError('create customer', error);
    }
  }

  async createCardPayment(request: CardPaymentRequest): Promise<CardPayment> {
    const saved = request.savedMethodId;
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: request.amount,
          currency: 'brl',
          allowed_payment_method_types: ['card'],
          description: request.description,
          metadata: { reference: request.reference },
          ...(request.providerCustomer ? { customer: request.providerCustomer } : {}),
          ...(saved ? { payment_method: saved, confirm: true } : {}),
          expand: ['latest_charge', 'payment_method'],
        } as Stripe.PaymentIntentCreateParams,
        { idempotencyKey: request.reference },
      );
      return {
        providerRef: intent.id,
        clientSecret: intent.client_secret ?? '',
        state: cardChargeState(intent),
        declineMessage: null,
      };
    } catch (error) {
      // A saved card declined at once: Stripe answers 402 with the PaymentIntent in the error.
      if (error instanceof Stripe.errors.StripeCardError) {
        const intent = (error.raw as { payment_intent?: PaymentIntent }).payment_intent;
        if (intent?.id) {
          return {
            providerRef: intent.id,
            clientSecret: intent.client_secret ?? '',
            state: cardChargeState(intent),
            declineMessage: error.message,
          };
        }
      }
      throw providerError('create card PaymentIntent', error);
    }
  }

  async detachCard(methodId: string, _providerCustomer: string | null): Promise<void> {
    try {
      await this.stripe.paymentMethods.detach(methodId);
    } catch (error) {
      const gone =
        error instanceof Stripe.errors.StripeError &&
        (error.code === 'resource_missing' || /not attached/i.test(error.message));
      if (!gone) throw providerError('detach card', error);
    }
  }
}
