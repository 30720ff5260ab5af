import { randomBytes } from 'node:crypto';
import type {
  CancelPixReply,
  CheckConfirmationReply,
  CreatePaymentIntentRequest,
  LedgerCheckReply,
  OrderErrorReply,
  OrderPlacedReply,
  PaymentIntentData,
  PaymentIntentReply,
  PaymentStatus,
  SavedCard,
} from '@comanda/contract';
import { checkBrCode, ONLINE_CARD_ID, ONLINE_PIX_ID, storeClockText, storeLocalTime } from '@comanda/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DbExecutor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { OrderEvents } from '../../lib/order-events.ts';
import { orderRecordOf } from '../../lib/order-record.ts';
import { qrSvgDataUrl } from '../../lib/qr-svg.ts';
import type { CustomerPrincipal, StaffPrincipal } from '../../plugins/auth.ts';
import {
  announceReleased,
  dropUnpaidOrder,
  type OrderTrackingService,
  releasePaidOrder,
} from '../order-tracking/service.ts';
import type { OrderService } from '../orders/service.ts';
import { LedgerCheck, storeDay } from './ledger-check.ts';
import { notificationPath } from './notification-url.ts';
import type { ChargeOwner, PaymentProviders, ShareCardKit, StoreProvider } from './ports.ts';
import {
  type CardPayments,
  type ChargeState,
  type NotificationInput,
  NotificationRefused,
  type PixProvider,
  ProviderError,
  type ProviderKind,
  RefundRefused,
  type TokenPayment,
} from './providers/provider.ts';
import * as repo from './repository.ts';

export type { ChargeOwner, OwnedAttempt, PaymentProviders, ShareCardKit, StoreProvider } from './ports.ts';

import {
  isStrayStatus,
  type StrayCharge,
  StrayCharges,
  type StrayRow,
  type StrayStatus,
} from './stray-charges.ts';

/** A saved card as the spec's calls show it: brand and last 4 digits, nothing else. */
export function savedCardOf(row: repo.SavedCardRow): SavedCard {
  const brand = row.brand === 'visa' || row.brand === 'mastercard' ? row.brand : 'other';
  return { id: row.id, brand, ultimos4: row.last4, excluido: row.deletedAt !== null };
}

/** The customer's saved cards at this store, deleted ones left out (the customer record's `cards`). */
export async function listSavedCards(
  db: DbExecutor,
  storeId: number,
  customerId: number,
): Promise<SavedCard[]> {
  return (await repo.listSavedCards(db, storeId, customerId)).map(savedCardOf);
}

/*
 * Online payment by PIX (docs/decisions/0018-online-payments-pix.md): the payment-intent call
 * places the order awaiting its payment and opens the charge; the poll, the provider's
 * notifications, the reconciliation job and the store's confirmation of a static key all end in
 * `settle`, which moves the payment (and releases or drops the order) by conditional updates, so
 * however many of them race, a payment is paid once and an order released once.
 */

export interface PaymentServiceDeps {
  db: Database;
  now: () => Date;
  events: OrderEvents;
  orders: OrderService;
  tracking: OrderTrackingService;
  providers: PaymentProviders;
  /** The address a store's provider notifications come to: http(s)://<slug>.<domain>. */
  publicOrigin: (slug: string) => string;
  log: FastifyBaseLogger;
  /** The shortest time between two provider reads of one payment. */
  checkGapMs?: number;
  /** How long after its expiry a pending payment is given up. */
  expiryGraceMs?: number;
}

export interface PaymentReply<T> {
  statusCode: number;
  body: T | OrderErrorReply;
}

/** A store-local date, YYYY-MM-DD (UTC-3). */
const storeClockDate = (at: Date) => storeLocalTime(at).dateISO;

const REFERENCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 26 letters and digits (an API Pix txid): C, the store in base 36, then random. */
export function newReference(storeId: number, prefix = 'C'): string {
  const store = storeId.toString(36).toUpperCase().padStart(4, '0').slice(-4);
  const bytes = randomBytes(21);
  let tail = '';
  for (const byte of bytes) tail += REFERENCE_ALPHABET[byte % REFERENCE_ALPHABET.length];
  return `${prefix}${store}${tail}`;
}

const newPublicId = () => `pi_${randomBytes(16).toString('base64url')}`;

const refusal = (statusCode: number, code: string, detail: string): PaymentReply<never> => ({
  statusCode,
  body: { detail, code, non_field_errors: [detail] },
});

const intentNotFound = () => new AppError('not_found', 'INTENT_NOT_FOUND', 'Pagamento não encontrado.');
const notificationRefused = (kind: 'unauthorized' | 'not_found' | 'invalid', detail: string) =>
  new AppError(kind, 'NOTIFICATION_REFUSED', detail);

const STATUS_DETAIL: Record<PaymentStatus, string> = {
  pending: 'Aguardando o pagamento.',
  paid: 'Pagamento confirmado!',
  failed: 'O pagamento não foi concluído. Seu pedido não foi enviado à loja.',
  expired: 'O tempo para pagar este PIX acabou. Seu pedido não foi enviado à loja.',
  canceled: 'Pagamento cancelado. Seu pedido não foi enviado à loja.',
  refunded: 'O pagamento chegou depois do prazo e foi devolvido.',
};

const CARD_STATUS_DETAIL: Record<PaymentStatus, string> = {
  pending: 'Aguardando o pagamento com cartão.',
  paid: 'Pagamento aprovado!',
  failed: 'O pagamento com cartão não foi concluído. Seu pedido não foi enviado à loja.',
  expired: 'O tempo para pagar com cartão acabou. Seu pedido não foi enviado à loja.',
  canceled: 'Pagamento cancelado. Seu pedido não foi enviado à loja.',
  refunded: 'O pagamento foi devolvido ao cartão.',
};

/** Why the money of a refunded payment went back, in the customer's words. */
const REFUND_DETAIL: Record<repo.RefundReason, string> = {
  late: 'O pagamento chegou depois do prazo e foi devolvido.',
  amount: 'O valor pago não era o do pedido e foi devolvido. Seu pedido não foi enviado à loja.',
  stopped: 'O pagamento chegou depois que a tentativa foi encerrada e foi devolvido.',
  store_cancel: 'A loja cancelou o pedido e o pagamento foi devolvido.',
  provider: 'O pagamento foi devolvido.',
};

const statusDetail = (payment: repo.PaymentRow) => {
  if (payment.status === 'refunded' && payment.refundReason) {
    const reason = payment.refundReason as repo.RefundReason;
    if (payment.method === 'card' && reason === 'stopped')
      return 'O cartão foi cobrado depois que a tentativa foi encerrada; o valor foi devolvido ao cartão.';
    if (payment.method === 'card' && reason !== 'amount' && reason !== 'store_cancel')
      return CARD_STATUS_DETAIL.refunded;
    return REFUND_DETAIL[reason] ?? REFUND_DETAIL.provider;
  }
  return (payment.method === 'card' ? CARD_STATUS_DETAIL : STATUS_DETAIL)[payment.status as PaymentStatus];
};

/** What a customer is told when a card was charged for an attempt that no longer took it. */
const STRAY_CARD_DETAIL: Record<StrayStatus, string> = {
  due: 'Este pagamento já não estava aberto: a cobrança deste cartão será devolvida.',
  refunded: 'Este pagamento já não estava aberto: a cobrança deste cartão foi devolvida.',
  canceled: 'Este pagamento já não estava aberto: a cobrança deste cartão foi cancelada.',
  manual: 'Este pagamento já não estava aberto: a loja vai devolver a cobrança deste cartão.',
};

/** A token being paid with longer than this is taken as lost (its request died): another may pay. */
export const CARD_CLAIM_MS = 60_000;

const PROVIDER_FAILED = 'Não foi possível gerar o PIX agora. Tente de novo em instantes.';
const CARD_PROVIDER_FAILED =
  'Não foi possível iniciar o pagamento com cartão agora. Tente de novo em instantes.';

/** How long a card attempt may wait for the customer (fields, 3-D Secure) before it is given up. */
export const CARD_ATTEMPT_SECONDS = 15 * 60;

/** The provider's decline in the customer's words (the provider's own text for what we do not know). */
export function declineText(message: string | null): string {
  const text = message ?? '';
  // Mercado Pago's status_detail of a rejected card payment.
  const mercadoPago: Record<string, string> = {
    cc_rejected_insufficient_amount: 'Cartão recusado: saldo ou limite insuficiente.',
    cc_rejected_bad_filled_security_code: 'Cartão recusado: confira o código de segurança.',
    cc_rejected_bad_filled_date: 'Cartão recusado: confira a data de vencimento.',
    cc_rejected_bad_filled_other: 'Cartão recusado: confira os dados do cartão.',
    cc_rejected_call_for_authorize: 'Cartão recusado: autorize o pagamento com o seu banco e tente de novo.',
    cc_rejected_card_disabled: 'Cartão recusado: o cartão está bloqueado. Fale com o seu banco.',
    cc_rejected_3ds_challenge:
      'A autenticação do cartão não foi concluída. Tente de novo ou use outro cartão.',
    cc_rejected_3ds_mandatory: 'Este cartão pede autenticação do banco. Use outro cartão.',
    cc_rejected_high_risk:
      'Cartão recusado pela análise de segurança. Use outro cartão ou outra forma de pagamento.',
  };
  if (mercadoPago[text]) return mercadoPago[text];
  if (/^cc_rejected/.test(text))
    return 'Cartão recusado pelo banco. Use outro cartão ou outra forma de pagamento.';
  if (/insufficient funds/i.test(text)) return 'Cartão recusado: saldo ou limite insuficiente.';
  if (/authenticat/i.test(text))
    return 'A autenticação do cartão não foi concluída. Tente de novo ou use outro cartão.';
  if (/expired/i.test(text)) return 'Cartão recusado: o cartão está vencido.';
  if (/declined/i.test(text))
    return 'Cartão recusado pelo banco. Use outro cartão ou outra forma de pagamento.';
  return text ? `Cartão recusado: ${text}` : 'Cartão recusado.';
}

/**
 * A card's decline as a stable word (for a guest's language on the storefront): Mercado Pago's
 * status_detail, or the provider's words.
 */
export function declineReason(
  message: string | null,
): 'insufficient_funds' | 'check_data' | 'call_bank' | 'authentication' | 'declined' {
  const text = message ?? '';
  if (text === 'cc_rejected_insufficient_amount' || /insufficient funds/i.test(text))
    return 'insufficient_funds';
  if (/^cc_rejected_bad_filled_/.test(text)) return 'check_data';
  if (text === 'cc_rejected_call_for_authorize' || text === 'cc_rejected_card_disabled') return 'call_bank';
  if (/^cc_rejected_3ds_/.test(text) || /authenticat/i.test(text)) return 'authentication';
  return 'declined';
}

export class PaymentService {
  private readonly checkGapMs: number;
  private readonly expiryGraceMs: number;

  private readonly owners: ChargeOwner[] = [];
  private readonly strays: StrayCharges;
  private readonly ledger: LedgerCheck;

  constructor(private readonly deps: PaymentServiceDeps) {
    this.checkGapMs = deps.checkGapMs ?? 3000;
    this.expiryGraceMs = deps.expiryGraceMs ?? 60_000;
    this.strays = new StrayCharges({
      db: deps.db,
      now: deps.now,
      log: deps.log,
      providerOf: async (storeId) => (await deps.providers.forStore(storeId))?.provider ?? null,
    });
    this.ledger = new LedgerCheck({
      db: deps.db,
      now: deps.now,
      providers: deps.providers,
      strays: this.strays,
      owners: () => this.owners,
      log: deps.log,
    });
  }

  // -------------------------------------------------------------------------------------------
  // The customer's calls

  /** POST /bar/v2/payment/create-payment-intent/: the order awaiting payment, and its PIX charge. */
  async createIntent(
    principal: CustomerPrincipal,
    body: CreatePaymentIntentRequest,
    keyHeader: string | string[] | undefined,
  ): Promise<PaymentReply<PaymentIntentReply>> {
    const { db } = this.deps;
    const unavailable = (detail: string) => refusal(409, 'ONLINE_PAYMENT_UNAVAILABLE', detail);
    if (body.type === 'card') return this.createCardIntent(principal, body, keyHeader);
    const store = await repo.storeFacts(db, principal.storeId);
    if (!store?.onlinePayment || !store.paymentByPix) {
      return unavailable('Esta loja não aceita PIX pelo app.');
    }
    const provider = await this.deps.providers.forStore(principal.storeId);
    if (!provider) return unavailable('Esta loja ainda não configurou o pagamento online.');

    const placed = await this.placeAwaitingPayment(principal, body, keyHeader, {
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
      body: await this.intentReply(payment, 'PIX gerado. Pague com o app do seu banco.'),
    };
  }

  /**
   * Places the order awaiting its payment (order placement's stages with the online entry as the
   * payment) and writes the payment record in the same transaction. `created` is this request's
   * new payment; a replay of the same Idempotency-Key finds the first request's (`created` null).
   */
  private async placeAwaitingPayment(
    principal: CustomerPrincipal,
    body: CreatePaymentIntentRequest,
    keyHeader: string | string[] | undefined,
    attempt: {
      method: 'pix' | 'card';
      provider: ProviderKind;
      lifetimeSeconds: number;
      savedCardId: number | null;
    },
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
    const placed = await this.deps.orders.place(principal, order, keyHeader, {
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
    });
    if (placed.statusCode !== 201) {
      return { refusal: { statusCode: placed.statusCode, body: placed.body as OrderErrorReply } };
    }
    const orderId = (placed.body as OrderPlacedReply).order_info.order_id;
    const payment = created ?? (await this.awaitCharge(principal.storeId, orderId));
    if (!payment) throw intentNotFound();
    return { payment, created };
  }

  /** POST /integracoes/v2/payment/check-confirmation/: polling stays true while the payment may come. */
  async check(principal: CustomerPrincipal, intentId: string): Promise<CheckConfirmationReply> {
    const payment = await this.refreshed(await this.customerPayment(principal, intentId), 'poll');
    const status = payment.status as PaymentStatus;
    return {
      success: status === 'pending' || status === 'paid',
      detail: statusDetail(payment),
      data: { polling: status === 'pending', status, order_id: payment.orderId },
    };
  }

  /** POST /bar/v2/payment/get-payment-intent/: the attempt as it stands, with the order once paid. */
  async getIntent(principal: CustomerPrincipal, intentId: string): Promise<PaymentIntentReply> {
    const payment = await this.refreshed(await this.customerPayment(principal, intentId), 'poll');
    return this.intentReply(payment, statusDetail(payment));
  }

  /**
   * POST /bar/v2/payment/cancel-pix-order/: the customer gives up. The charge is cancelled at the
   * provider first; if the payment won that race the order is released and the call says so (409).
   */
  async abandon(principal: CustomerPrincipal, intentId: string): Promise<PaymentReply<CancelPixReply>> {
    let payment = await this.customerPayment(principal, intentId);
    if (payment.status === 'pending') {
      const provider = await this.deps.providers.forStore(payment.storeId);
      let state: ChargeState | null = null;
      if (provider && payment.providerRef) {
        try {
          state = await provider.provider.cancelCharge(payment.providerRef);
        } catch (error) {
          this.logProviderError(error, payment, 'cancel');
        }
      }
      if (state?.status === 'paid' && provider) {
        await this.settle(payment, state, 'abandon', provider);
      } else {
        await this.stop(payment, 'canceled', 'abandon', 'Pagamento abandonado pelo cliente');
      }
      payment = (await repo.findById(this.deps.db, payment.id))!;
    }
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

  // -------------------------------------------------------------------------------------------
  // Charges of other modules (a share of a table's tab by PIX or card: the tables module keeps its
  // own record)

  /** Another module's charges: the provider's notifications about them are handed to it. */
  registerChargeOwner(owner: ChargeOwner): void {
    this.owners.push(owner);
  }

  /**
   * A charge that is not its attempt's one paid charge (another module's too: a table share's):
   * recorded, and its money given back in full through the provider (docs/decisions/0037).
   */
  giveBackStray(charge: StrayCharge, state?: ChargeState): Promise<StrayRow> {
    return this.strays.giveBack(charge, state);
  }

  /**
   * The store's PIX provider when the store takes PIX in the app (online payment and PIX on, a
   * provider that confirms payments itself: a static key, confirmed by hand, is not offered), with
   * how long its charges last; null otherwise.
   */
  async pixOffer(storeId: number): Promise<{ kind: ProviderKind; lifetimeSeconds: number } | null> {
    const store = await repo.storeFacts(this.deps.db, storeId);
    if (!store?.onlinePayment || !store.paymentByPix) return null;
    const provider = await this.deps.providers.forStore(storeId);
    if (!provider?.provider.notifies) return null;
    return { kind: provider.kind, lifetimeSeconds: store.expirationTimePix };
  }

  /**
   * Opens a PIX charge at the store's provider and checks its BR Code; the QR as an image src.
   * Throws ProviderError when the provider fails or gives a wrong BR Code (then cancelled).
   */
  async openPixCharge(
    storeId: number,
    request: { reference: string; amount: number; expiresInSeconds: number; description: string },
  ): Promise<{ providerRef: string; copyPaste: string; qr: string }> {
    const provider = await this.deps.providers.forStore(storeId);
    const store = await repo.storeFacts(this.deps.db, storeId);
    if (!provider || !store) throw new ProviderError('the store has no PIX provider');
    const charge = await provider.provider.createPixCharge({
      ...request,
      description: `${request.description} - ${store.name}`,
      payerEmail: `mesa@${store.slug}.comanda.app`,
      notificationUrl: this.notificationUrl(store.slug, provider),
    });
    const check = checkBrCode(charge.copyPaste, { amount: request.amount });
    if (!check.ok) {
      await provider.provider.cancelCharge(charge.providerRef).catch(() => undefined);
      throw new ProviderError(`BR Code refused: ${check.reason}`);
    }
    const qr = charge.qrPngBase64
      ? `data:image/png;base64,${charge.qrPngBase64}`
      : await qrSvgDataUrl(charge.copyPaste);
    return { providerRef: charge.providerRef, copyPaste: charge.copyPaste, qr };
  }

  /**
   * A charge's state (a PIX charge, or a card payment) as the store's provider reports it (throws
   * ProviderError when unreachable).
   */
  async readCharge(storeId: number, providerRef: string): Promise<ChargeState> {
    const provider = await this.deps.providers.forStore(storeId);
    if (!provider) throw new ProviderError('the store has no payment provider');
    return provider.provider.getCharge(providerRef);
  }

  /** Cancels a pending charge at the store's provider: the state after (paid when the payment won). */
  async cancelCharge(storeId: number, providerRef: string): Promise<ChargeState> {
    const provider = await this.deps.providers.forStore(storeId);
    if (!provider) throw new ProviderError('the store has no payment provider');
    return provider.provider.cancelCharge(providerRef);
  }

  /**
   * Cards in the app for another module (a share of a table's tab, docs/decisions/0035): the store's
   * provider when the store takes cards online (online payment and cards on) through a provider with
   * cards, with its flow and the browser kit; null otherwise.
   */
  async cardOffer(
    storeId: number,
  ): Promise<{ kind: ProviderKind; flow: CardPayments['flow']; kit: ShareCardKit } | null> {
    const store = await repo.storeFacts(this.deps.db, storeId);
    if (!store?.onlinePayment || !store.paymentByCard) return null;
    const provider = await this.deps.providers.forStore(storeId);
    const cards = provider?.provider.cards;
    if (!provider || !cards) return null;
    const kit = cards.kit();
    return {
      kind: provider.kind,
      flow: cards.flow,
      kit: { provider: kit.provider, scriptUrl: kit.scriptUrl, publicKey: kit.publicKey },
    };
  }

  /**
   * Opens a card payment for a guest's browser to confirm (the intent flow, Stripe): no customer, no
   * saved card. Throws ProviderError when the provider fails or takes cards by token.
   */
  async openCardIntent(
    storeId: number,
    request: { reference: string; amount: number; description: string },
  ): Promise<{ providerRef: string; clientSecret: string }> {
    const provider = await this.deps.providers.forStore(storeId);
    const store = await repo.storeFacts(this.deps.db, storeId);
    const cards = provider?.provider.cards;
    if (!store || !cards?.createCardPayment) throw new ProviderError('the store takes no card intents');
    const opened = await cards.createCardPayment({
      reference: request.reference,
      amount: request.amount,
      description: `${request.description} - ${store.name}`,
      providerCustomer: null,
      savedMethodId: null,
    });
    if (!opened.clientSecret) throw new ProviderError('the provider gave no client secret');
    return { providerRef: opened.providerRef, clientSecret: opened.clientSecret };
  }

  /**
   * Pays with a card token a guest's browser made (the token flow, Mercado Pago): the provider's
   * outcome (approved, declined with its reason, or a 3-D Secure challenge). Throws ProviderError
   * when the provider fails or takes no tokens.
   */
  async payWithCardToken(
    storeId: number,
    request: {
      reference: string;
      attemptKey: string;
      amount: number;
      description: string;
      token: string;
      paymentMethodId: string;
    },
  ): Promise<TokenPayment> {
    const provider = await this.deps.providers.forStore(storeId);
    const store = await repo.storeFacts(this.deps.db, storeId);
    const cards = provider?.provider.cards;
    if (!provider || !store || !cards?.payWithToken)
      throw new ProviderError('the store takes no card tokens');
    return cards.payWithToken({
      ...request,
      description: `${request.description} - ${store.name}`,
      payer: { email: `mesa@${store.slug}.comanda.app` },
      notificationUrl: this.notificationUrl(store.slug, provider),
    });
  }

  // -------------------------------------------------------------------------------------------
  // The provider's side

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
    const strays = await this.strays.byProviderRefs(
      storeId,
      provider.kind,
      refs.filter((ref) => !payments.some((payment) => payment.providerRef === ref)),
    );
    const ours = new Set([
      ...payments.map((payment) => payment.providerRef),
      ...strays.map((row) => row.providerRef),
    ]);
    const others: { owner: ChargeOwner; ref: string }[] = [];
    for (const owner of this.owners) {
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
        this.logProviderError(error, payment, 'read');
        return { statusCode: 503, body: { received: false } };
      }
      await this.settle(payment, state, 'notification', provider);
    }
    for (const { owner, ref } of others) {
      if (!(await owner.recheck(storeId, ref))) return { statusCode: 503, body: { received: false } };
    }
    for (const stray of strays) {
      const after = await this.strays.again(stray);
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

  /**
   * One round of the reconciliation job: payments whose notification has not come are read from
   * their provider (a lost notification never loses a paid order), pending ones past their expiry
   * are cancelled there and expired, and recently expired ones are checked for a late payment.
   */
  async reconcile(limit = 50): Promise<{ checked: number; strays: number }> {
    const { db, now } = this.deps;
    const due = await repo.listDue(db, now(), 30_000, limit);
    let checked = 0;
    for (const payment of due) {
      if (!(await repo.claimCheck(db, payment.id, now(), this.checkGapMs))) continue;
      checked += 1;
      await this.refresh(payment, 'reconcile');
    }
    const { tried } = await this.strays.retryDue(limit);
    return { checked, strays: tried };
  }

  /**
   * GET /staff/payments/ledger: every charge the store's provider holds for a store-local day,
   * each mapped to one released order, one paid share or one recorded refund; the rest listed.
   */
  ledgerOfDay(staff: StaffPrincipal, date: string): Promise<LedgerCheckReply> {
    return this.ledger.check(staff.storeId, storeDay(date), date);
  }

  /**
   * The ledger job's round: yesterday and today (store time) of every store with a provider that
   * lists its charges, so unrecorded money is given back and exceptions reach the log within the hour.
   */
  async checkLedgers(): Promise<{ stores: number; exceptions: number }> {
    const { db, now, log } = this.deps;
    const today = storeClockDate(now());
    const yesterday = storeClockDate(new Date(now().getTime() - 24 * 3600_000));
    let stores = 0;
    let exceptions = 0;
    for (const storeId of await repo.storesWithProvider(db)) {
      for (const date of [yesterday, today]) {
        const report = await this.ledger.check(storeId, storeDay(date), date);
        if (!report.available) continue;
        stores += 1;
        exceptions += report.exceptions.length;
        if (report.exceptions.length > 0) {
          log.warn(
            { storeId, date, exceptions: report.exceptions.map((e) => [e.kind, e.provider_ref]) },
            'ledger check: charges that do not add up',
          );
        }
      }
    }
    return { stores, exceptions };
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
    await this.settle(
      payment,
      { status: 'paid', paidAmount: payment.amount, paidAt: at, detail: 'staff' },
      'staff',
      provider,
    );
    const after = (await repo.findById(this.deps.db, payment.id))!;
    return { status: after.status as PaymentStatus };
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

  // -------------------------------------------------------------------------------------------
  // Cards (issue 15)

  /**
   * The payment-intent call with type card: the order is placed awaiting its payment (as for PIX),
   * then the provider's PaymentIntent is opened. A new card is confirmed in the customer's browser
   * by the provider's kit with the client secret (the card never reaches us); a saved card is
   * charged here at once. Either way the order is released only by `settle`, on the provider's word.
   */
  private async createCardIntent(
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

    const placed = await this.placeAwaitingPayment(principal, body, keyHeader, {
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
    return { statusCode: 201, body: await this.intentReply(payment, detail) };
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
    store: NonNullable<Awaited<ReturnType<typeof repo.storeFacts>>>,
    principal: CustomerPrincipal,
  ): Promise<{ payment: repo.PaymentRow } | { refusal: PaymentReply<never> }> {
    const { db, now } = this.deps;
    try {
      const providerCustomer = await this.providerCustomer(payment, provider, cards);
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
        await this.failAttempt(attached, principal, opened.declineMessage);
        return { refusal: refusal(402, 'CARD_DECLINED', declineText(opened.declineMessage)) };
      }
      if (opened.state.status !== 'pending') await this.settle(attached, opened.state, 'create', provider);
      return { payment: (await repo.findById(db, payment.id))! };
    } catch (error) {
      this.logProviderError(error, payment, 'create');
      await this.failAttempt(payment, principal, error instanceof Error ? error.message : 'provider error');
      return { refusal: refusal(502, 'PAYMENT_PROVIDER_ERROR', CARD_PROVIDER_FAILED) };
    }
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
    body: {
      intent_id: string;
      token: string;
      payment_method_id: string;
      save_token?: string | null | undefined;
    },
  ): Promise<PaymentReply<PaymentIntentReply>> {
    const { db, now } = this.deps;
    const payment = await this.customerPayment(principal, body.intent_id);
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
    if (now().getTime() > payment.expiresAt.getTime() + this.expiryGraceMs) {
      await this.refresh(payment, 'card');
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
        saving || payment.savedCardId ? await this.providerCustomer(payment, provider, cards) : null;
      outcome = await cards.payWithToken({
        reference: payment.reference,
        attemptKey: `${payment.reference}-${body.token.slice(0, 64)}`,
        amount: payment.amount,
        description: `Pedido ${payment.orderId} - ${store?.name ?? ''}`.trim(),
        token: body.token,
        paymentMethodId: body.payment_method_id,
        payer: customer ? { customer } : { email: await this.placeholderEmail(payment) },
        notificationUrl: this.notificationUrl(store?.slug ?? '', provider),
      });
    } catch (error) {
      this.logProviderError(error, payment, 'pay with token');
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
      const stray = await this.strays.giveBack(
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
    if (outcome.state.status !== 'pending') await this.settle(attached, outcome.state, 'card', provider);
    let after = (await repo.findById(db, payment.id))!;
    if (after.status !== 'paid' && after.status !== 'pending') {
      // Stopped while this card was charged (the abandon went through first): its money went back.
      return refusal(409, 'PAYMENT_NOT_PENDING', statusDetail(after));
    }
    if (after.status === 'paid' && body.save_token && !payment.savedCardId) {
      await this.keepTokenCard(after, provider, cards, body.save_token);
    }
    after = (await repo.findById(db, payment.id))!;
    const reply = await this.intentReply(
      after,
      outcome.challenge ? 'Confirme o pagamento com o seu banco.' : statusDetail(after),
    );
    return {
      statusCode: 200,
      body: { ...reply, data: { ...reply.data, three_ds: outcome.challenge } },
    };
  }

  /** Keeps the card of a paid token payment (with its own token); the payment stands either way. */
  private async keepTokenCard(
    payment: repo.PaymentRow,
    provider: StoreProvider,
    cards: CardPayments,
    saveToken: string,
  ): Promise<void> {
    try {
      const customer = await this.providerCustomer(payment, provider, cards);
      const card = await cards.keepCard!(customer, saveToken);
      await repo.keepSavedCard(this.deps.db, {
        storeId: payment.storeId,
        customerId: payment.customerId,
        provider: provider.kind,
        providerMethodId: card.methodId,
        brand: card.brand,
        last4: card.last4,
        at: this.deps.now(),
      });
    } catch (error) {
      this.logProviderError(error, payment, 'keep card');
    }
  }

  /** Providers that need a payer's e-mail get the customer's, or one of the store's own for the order. */
  private async placeholderEmail(payment: repo.PaymentRow): Promise<string> {
    const customer = await repo.customerFacts(this.deps.db, payment.storeId, payment.customerId);
    if (customer?.email) return customer.email;
    const store = await repo.storeFacts(this.deps.db, payment.storeId);
    return `cliente${payment.customerId}@${store?.slug ?? 'loja'}.comanda.app`;
  }

  /** The attempt ends before it could be paid: the order is dropped and its Idempotency-Key forgotten. */
  private async failAttempt(
    payment: repo.PaymentRow,
    principal: CustomerPrincipal,
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
      await dropUnpaidOrder(tx, this.orderOf(payment), orderNote, now());
      await this.deps.orders.forgetAttempt(tx, {
        storeId: principal.storeId,
        customerId: principal.customerId,
        orderId: payment.orderId,
      });
    });
  }

  /** The customer's account at the provider, made on the first card payment and kept. */
  private async providerCustomer(
    payment: repo.PaymentRow,
    provider: StoreProvider,
    cards: CardPayments,
  ): Promise<string> {
    const { db, now } = this.deps;
    const key = { storeId: payment.storeId, customerId: payment.customerId, provider: provider.kind };
    const known = await repo.findProviderCustomer(db, key);
    if (known) return known;
    const customer = await repo.customerFacts(db, payment.storeId, payment.customerId);
    const id = await cards.createCustomer({
      reference: `S${payment.storeId}C${payment.customerId}`,
      email: customer?.email || (await this.placeholderEmail(payment)),
      name: customer?.name ?? `Cliente ${payment.customerId}`,
    });
    return repo.keepProviderCustomer(db, key, id, now());
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

  /** GET /core/cartoes/: the customer's saved cards at this store, for its current provider. */
  async listCards(principal: CustomerPrincipal): Promise<SavedCard[]> {
    const provider = await this.deps.providers.forStore(principal.storeId);
    if (!provider?.provider.cards) return [];
    const rows = await repo.listSavedCards(this.deps.db, principal.storeId, principal.customerId);
    return rows.filter((card) => card.provider === provider.kind).map(savedCardOf);
  }

  /** PATCH /core/cartoes/{id}/ {excluido: true}: the card is removed here and detached at the provider. */
  async removeCard(principal: CustomerPrincipal, id: number): Promise<SavedCard> {
    const { db, now } = this.deps;
    const removed = await repo.deleteSavedCard(db, principal.storeId, principal.customerId, id, now());
    if (!removed) throw new AppError('not_found', 'CARD_NOT_FOUND', 'Cartão não encontrado.');
    const provider = await this.deps.providers.forStore(principal.storeId);
    if (provider?.kind === removed.provider && provider.provider.cards) {
      try {
        const customer = await repo.findProviderCustomer(db, {
          storeId: principal.storeId,
          customerId: principal.customerId,
          provider: removed.provider,
        });
        await provider.provider.cards.detachCard(removed.providerMethodId, customer ?? null);
      } catch (error) {
        // Gone from the customer's list either way; the store's provider keeps an unused card.
        this.deps.log.warn(
          { cardId: removed.id, reason: (error as Error).message },
          'card not detached at the provider',
        );
      }
    }
    return savedCardOf(removed);
  }

  // -------------------------------------------------------------------------------------------
  // Moves

  /**
   * Applies what the provider says of a charge. Paid: a pending payment is paid and its order
   * released; a payment that stopped counting gets its money back (or is flagged to the store).
   * Expired, canceled, failed: a pending payment stops and its order is dropped. Each move is
   * conditional on the status it leaves, so running this twice (or in two places) moves once.
   */
  private async settle(
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
          await this.giveMoneyBack(payment, paidAmount, source, provider, 'amount');
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
            return releasePaidOrder(tx, this.orderOf(payment), payment.pointsToEarn, at);
          });
          if (released) {
            announceReleased(events, { ...this.orderOf(payment), status: 'Solicitado' }, at);
            return;
          }
          // Not pending any more: paid by another path, or stopped (abandoned, expired) meanwhile.
          const current = (await repo.findById(db, payment.id))!;
          if (current.status !== 'pending') await this.settle(current, state, source, provider);
          return;
        }
        if (payment.status === 'expired' || payment.status === 'canceled' || payment.status === 'failed') {
          const reason = payment.status === 'expired' ? 'late' : 'stopped';
          await this.giveMoneyBack(payment, paidAmount, source, provider, reason);
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

  /** A pending payment stops (expired, canceled, failed) and its order is dropped, in one transaction. */
  private async stop(
    payment: repo.PaymentRow,
    to: 'expired' | 'canceled' | 'failed',
    source: string,
    detail: string | null,
  ): Promise<void> {
    const at = this.deps.now();
    await this.deps.db.transaction(async (tx) => {
      const moved = await repo.move(tx, { id: payment.id, from: ['pending'], to, source, at, detail });
      if (moved) {
        await dropUnpaidOrder(
          tx,
          this.orderOf(payment),
          (payment.method === 'card' ? CARD_STATUS_DETAIL : STATUS_DETAIL)[to],
          at,
        );
      }
    });
  }

  /**
   * Money that came for a payment that no longer counts: refunded through the provider (the
   * refund is idempotent by our reference, so two of these racing refund once), or, for a static
   * key, flagged for the store to give back by hand.
   */
  private async giveMoneyBack(
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
      this.logProviderError(error, payment, 'refund');
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

  // -------------------------------------------------------------------------------------------
  // Helpers

  private orderOf(payment: repo.PaymentRow) {
    return { id: payment.orderId, storeId: payment.storeId, customerId: payment.customerId };
  }

  private async customerPayment(principal: CustomerPrincipal, intentId: string): Promise<repo.PaymentRow> {
    const payment = await repo.findByPublicId(
      this.deps.db,
      principal.storeId,
      principal.customerId,
      intentId,
    );
    if (!payment) throw intentNotFound();
    return payment;
  }

  /** The payment after asking its provider, when a pending one is due a look. */
  private async refreshed(payment: repo.PaymentRow, source: string): Promise<repo.PaymentRow> {
    if (payment.status !== 'pending') return payment;
    if (!(await repo.claimCheck(this.deps.db, payment.id, this.deps.now(), this.checkGapMs))) return payment;
    await this.refresh(payment, source);
    return (await repo.findById(this.deps.db, payment.id))!;
  }

  /** Reads the charge from its provider and settles it; past its expiry, a pending one is given up. */
  private async refresh(payment: repo.PaymentRow, source: string): Promise<void> {
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
      const overdue = now().getTime() > payment.expiresAt.getTime() + this.expiryGraceMs;
      if (state.status === 'pending' && overdue && payment.status === 'pending') {
        state = await provider.provider.cancelCharge(payment.providerRef);
        if (state.status === 'pending') state = { ...state, status: 'expired' };
      }
      if (state.status === 'canceled' && payment.status === 'pending' && overdue) {
        state = { ...state, status: 'expired' };
      }
      await this.settle(payment, state, source, provider);
    } catch (error) {
      this.logProviderError(error, payment, 'read');
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

  /**
   * Opens the charge at the provider (after the order's commit: never a network call inside a
   * transaction). A provider failure, or a BR Code that is not right, fails the attempt: the order
   * is dropped, its holds given back and its Idempotency-Key forgotten, so a retry starts afresh.
   */
  private async openCharge(
    payment: repo.PaymentRow,
    provider: StoreProvider,
    store: NonNullable<Awaited<ReturnType<typeof repo.storeFacts>>>,
    principal: CustomerPrincipal,
  ): Promise<repo.PaymentRow | null> {
    const { db, now } = this.deps;
    const customer = await repo.customerFacts(db, payment.storeId, payment.customerId);
    const notificationUrl = this.notificationUrl(store.slug, provider);
    try {
      const charge = await provider.provider.createPixCharge({
        reference: payment.reference,
        amount: payment.amount,
        expiresInSeconds: Math.round((payment.expiresAt.getTime() - payment.createdAt.getTime()) / 1000),
        description: `Pedido ${payment.orderId} - ${store.name}`,
        payerEmail: customer?.email || `pedido${payment.orderId}@${store.slug}.comanda.app`,
        notificationUrl,
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
      this.logProviderError(error, payment, 'create');
      await this.failAttempt(
        payment,
        principal,
        error instanceof Error ? error.message : 'provider error',
        'Não foi possível gerar o PIX',
      );
      return null;
    }
  }

  private notificationUrl(slug: string, provider: StoreProvider): string {
    // API Pix PSPs authenticate by mutual TLS, which this HTTP listener cannot check: the URL carries a secret.
    return `${this.deps.publicOrigin(slug)}${notificationPath(provider.kind, provider.notificationToken)}`;
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

  private async intentReply(payment: repo.PaymentRow, detail: string): Promise<PaymentIntentReply> {
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
        status: tracked.order.status,
        total: tracked.order.total,
        estimated_time: storeClockText(tracked.order.estimatedAt),
        pontos_fidelidade: customer?.points ?? 0,
      },
      order: orderRecordOf(tracked.order, tracked.lines),
    };
  }

  private logProviderError(error: unknown, payment: repo.PaymentRow, action: string): void {
    const status = error instanceof ProviderError ? error.status : null;
    this.deps.log.warn(
      {
        paymentId: payment.id,
        provider: payment.provider,
        action,
        status,
        reason: (error as Error)?.message,
      },
      'payment provider call failed',
    );
  }
}
