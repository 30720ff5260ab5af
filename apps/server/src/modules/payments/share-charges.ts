import { checkBrCode } from '@comanda/domain';
import { qrSvgDataUrl } from '../../lib/qr-svg.ts';
import { notificationUrl, type PaymentDeps } from './attempt-rules.ts';
import type { ShareCardKit } from './ports.ts';
import {
  type CardPayments,
  type ChargeState,
  ProviderError,
  type ProviderKind,
  type TokenPayment,
} from './providers/provider.ts';
import * as repo from './repository.ts';

/*
 * Charges the payments module opens for another module that keeps its own record of them (a share
 * of a table's tab by PIX or card, docs/decisions/0033, 0035): what the store offers, opening a
 * charge, reading and cancelling it. The record, its moves and its money's fate are the owner's.
 */

/** A guest's card token paying a share's attempt (the token flow). */
export interface ShareTokenPayment {
  reference: string;
  /** One per token: the provider call's idempotency key. */
  attemptKey: string;
  amount: number;
  description: string;
  token: string;
  paymentMethodId: string;
}

export class ShareCharges {
  constructor(private readonly deps: PaymentDeps) {}

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
      notificationUrl: notificationUrl(this.deps, store.slug, provider),
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
  async payWithCardToken(storeId: number, request: ShareTokenPayment): Promise<TokenPayment> {
    const provider = await this.deps.providers.forStore(storeId);
    const store = await repo.storeFacts(this.deps.db, storeId);
    const cards = provider?.provider.cards;
    if (!provider || !store || !cards?.payWithToken)
      throw new ProviderError('the store takes no card tokens');
    return cards.payWithToken({
      ...request,
      description: `${request.description} - ${store.name}`,
      payer: { email: `mesa@${store.slug}.comanda.app` },
      notificationUrl: notificationUrl(this.deps, store.slug, provider),
    });
  }
}
