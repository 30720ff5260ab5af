import type {
  CancelPixReply,
  CardTokenRequest,
  CheckConfirmationReply,
  CreatePaymentIntentRequest,
  LedgerCheckReply,
  PaymentIntentReply,
  PaymentStatus,
  SavedCard,
  StaffPixCharge,
  StaffPixChargeOffer,
} from '@comanda/contract';
import type { CustomerPrincipal, StaffPrincipal } from '../../plugins/auth.ts';
import type { PaymentDeps, PaymentReply } from './attempt-rules.ts';
import { PaymentAttempts } from './attempts.ts';
import { CardOrders } from './cards.ts';
import { PaymentIntents } from './intents.ts';
import { LedgerCheck } from './ledger-check.ts';
import { ProviderNotifications } from './notifications.ts';
import { PixPayments } from './pix.ts';
import type { ChargeOwner, CounterEntry, PaymentOwner, ShareCardKit } from './ports.ts';
import type {
  CardPayments,
  ChargeState,
  NotificationInput,
  ProviderKind,
  TokenPayment,
} from './providers/provider.ts';
import { Refunds } from './refunds.ts';
import { SavedCards } from './saved-cards.ts';
import { ShareCharges, type ShareTokenPayment } from './share-charges.ts';
import type { StrayCharge, StrayRow } from './stray-charges.ts';

export {
  CARD_ATTEMPT_SECONDS,
  CARD_CLAIM_MS,
  newReference,
  PAYMENT_EXPIRY_GRACE_MS,
  type PaymentReply,
} from './attempt-rules.ts';
export { declineReason, declineText } from './payment-texts.ts';
export type {
  AwaitingPayment,
  ChargeOwner,
  CounterEntry,
  OrderPlacement,
  OwnedAttempt,
  PaymentOwner,
  PaymentProviders,
  ShareCardKit,
  StoreProvider,
} from './ports.ts';
export type { ChargeState, ProviderKind } from './providers/provider.ts';
export { listSavedCards, savedCardOf } from './saved-cards.ts';
export type { StrayReason } from './stray-charges.ts';

/*
 * The payments module's face (docs/decisions/0018, 0029, 0035, 0037): the calls its routes, the
 * app's jobs and the tables module make. The work is done by one part per responsibility:
 * - attempts.ts: an order's payment attempt, placed, settled, stopped, refreshed, expired;
 * - intents.ts: the attempt as its customer sees it (reply, poll, abandon);
 * - pix.ts and cards.ts: an order paid by PIX or by card; saved-cards.ts: the customer's cards;
 * - share-charges.ts: charges opened for another module (a table share);
 * - notifications.ts: the provider's notifications; refunds.ts: money given back;
 * - ledger-check.ts: the store's charges against the provider's.
 */

export type PaymentServiceDeps = PaymentDeps;

export class PaymentService {
  private readonly refunds: Refunds;
  private readonly attempts: PaymentAttempts;
  private readonly intents: PaymentIntents;
  private readonly pix: PixPayments;
  private readonly cards: CardOrders;
  private readonly savedCards: SavedCards;
  private readonly shares: ShareCharges;
  private readonly notifications: ProviderNotifications;
  private readonly ledger: LedgerCheck;

  constructor(deps: PaymentServiceDeps) {
    this.refunds = new Refunds(deps);
    this.attempts = new PaymentAttempts(deps, this.refunds);
    this.intents = new PaymentIntents(deps, this.attempts);
    this.pix = new PixPayments(deps, this.attempts, this.intents);
    this.savedCards = new SavedCards(deps);
    this.cards = new CardOrders(deps, this.attempts, this.intents, this.savedCards, this.refunds);
    this.shares = new ShareCharges(deps);
    this.notifications = new ProviderNotifications(deps, this.attempts, this.refunds);
    this.ledger = new LedgerCheck({
      db: deps.db,
      now: deps.now,
      providers: deps.providers,
      strays: this.refunds.strays,
      owners: () => this.notifications.owners,
      log: deps.log,
    });
    // The store's cancel of an order paid online: its money goes back once the cancel has committed.
    deps.tracking.onCancelled((storeId, orderId) => this.refunds.refundCancelledOrder(storeId, orderId));
  }

  // -------------------------------------------------------------------------------------------
  // The customer's calls

  /** POST /bar/v2/payment/create-payment-intent/: the order awaiting payment, and its PIX charge or card payment. */
  createIntent(
    principal: CustomerPrincipal,
    body: CreatePaymentIntentRequest,
    keyHeader: string | string[] | undefined,
  ): Promise<PaymentReply<PaymentIntentReply>> {
    if (body.type === 'card') return this.cards.createIntent(principal, body, keyHeader);
    return this.pix.createIntent(principal, body, keyHeader);
  }

  /** POST /integracoes/v2/payment/check-confirmation/ */
  check(principal: CustomerPrincipal, intentId: string): Promise<CheckConfirmationReply> {
    return this.intents.check(principal, intentId);
  }

  /** POST /bar/v2/payment/get-payment-intent/ */
  getIntent(principal: CustomerPrincipal, intentId: string): Promise<PaymentIntentReply> {
    return this.intents.getIntent(principal, intentId);
  }

  /** POST /bar/v2/payment/cancel-pix-order/ */
  abandon(principal: CustomerPrincipal, intentId: string): Promise<PaymentReply<CancelPixReply>> {
    return this.intents.abandon(principal, intentId);
  }

  /** POST /bar/v2/payment/card-token/ */
  payCardToken(
    principal: CustomerPrincipal,
    body: CardTokenRequest,
  ): Promise<PaymentReply<PaymentIntentReply>> {
    return this.cards.payCardToken(principal, body);
  }

  /** GET /core/cartoes/ */
  listCards(principal: CustomerPrincipal): Promise<SavedCard[]> {
    return this.savedCards.listCards(principal);
  }

  /** PATCH /core/cartoes/{id}/ {excluido: true} */
  removeCard(principal: CustomerPrincipal, id: number): Promise<SavedCard> {
    return this.savedCards.removeCard(principal, id);
  }

  // -------------------------------------------------------------------------------------------
  // An order entered by the staff paid by a PIX charge through the store's provider (0063)

  /** POST /staff/pix-charges */
  createCounterPix(
    owner: PaymentOwner,
    order: CreatePaymentIntentRequest['order'],
    keyHeader: string | string[] | undefined,
    staff: CounterEntry,
  ): Promise<PaymentReply<StaffPixCharge>> {
    return this.pix.createForCounter(owner, order, keyHeader, staff);
  }

  /** GET /staff/pix-charges/offer */
  counterPixOffer(staff: StaffPrincipal): Promise<StaffPixChargeOffer> {
    return this.pix.counterOffer(staff.storeId);
  }

  /** GET /staff/pix-charges/{intent} */
  counterPixCharge(staff: StaffPrincipal, intentId: string): Promise<StaffPixCharge> {
    return this.pix.counterCharge(staff, intentId);
  }

  /** POST /staff/pix-charges/{intent}/cancel */
  cancelCounterPix(staff: StaffPrincipal, intentId: string): Promise<PaymentReply<StaffPixCharge>> {
    return this.pix.cancelCounterCharge(staff, intentId);
  }

  // -------------------------------------------------------------------------------------------
  // Charges of other modules (a share of a table's tab by PIX or card: the tables module keeps its
  // own record)

  registerChargeOwner(owner: ChargeOwner): void {
    this.notifications.registerChargeOwner(owner);
  }

  giveBackStray(charge: StrayCharge, state?: ChargeState): Promise<StrayRow> {
    return this.refunds.giveBackStray(charge, state);
  }

  pixOffer(storeId: number): Promise<{ kind: ProviderKind; lifetimeSeconds: number } | null> {
    return this.shares.pixOffer(storeId);
  }

  openPixCharge(
    storeId: number,
    request: { reference: string; amount: number; expiresInSeconds: number; description: string },
  ): Promise<{ providerRef: string; copyPaste: string; qr: string }> {
    return this.shares.openPixCharge(storeId, request);
  }

  readCharge(storeId: number, providerRef: string): Promise<ChargeState> {
    return this.shares.readCharge(storeId, providerRef);
  }

  cancelCharge(storeId: number, providerRef: string): Promise<ChargeState> {
    return this.shares.cancelCharge(storeId, providerRef);
  }

  cardOffer(
    storeId: number,
  ): Promise<{ kind: ProviderKind; flow: CardPayments['flow']; kit: ShareCardKit } | null> {
    return this.shares.cardOffer(storeId);
  }

  openCardIntent(
    storeId: number,
    request: { reference: string; amount: number; description: string },
  ): Promise<{ providerRef: string; clientSecret: string }> {
    return this.shares.openCardIntent(storeId, request);
  }

  payWithCardToken(storeId: number, request: ShareTokenPayment): Promise<TokenPayment> {
    return this.shares.payWithCardToken(storeId, request);
  }

  // -------------------------------------------------------------------------------------------
  // The provider's side, the store's and the jobs

  /** A provider notification (POST /integracoes/v2/payment/notifications/{provider}). */
  notification(
    storeId: number,
    providerName: string,
    input: NotificationInput,
  ): Promise<{ statusCode: number; body: { received: boolean; duplicate?: boolean } }> {
    return this.notifications.notification(storeId, providerName, input);
  }

  /** One round of the reconciliation job. */
  reconcile(limit = 50): Promise<{ checked: number; strays: number }> {
    return this.attempts.reconcile(limit);
  }

  /** GET /staff/payments/ledger: the store's charges of a store-local day against the provider's. */
  ledgerOfDay(staff: StaffPrincipal, date: string): Promise<LedgerCheckReply> {
    return this.ledger.checkDay(staff.storeId, date);
  }

  /** The ledger job's round: yesterday and today of every store with a provider. */
  checkLedgers(): Promise<{ stores: number; exceptions: number }> {
    return this.ledger.checkRecentDays();
  }

  /** POST /staff/payments/{id}/confirm */
  confirmByStaff(staff: StaffPrincipal, paymentId: number): Promise<{ status: PaymentStatus }> {
    return this.pix.confirmByStaff(staff, paymentId);
  }
}
