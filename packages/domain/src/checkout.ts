import { type CartLineDraft, lineIdentity, MAX_LINE_QUANTITY } from './cart.ts';
import { type CashChangeVerdict, cashChangeVerdict, MAX_CHANGE_ABOVE_TOTAL } from './cash-change.ts';
import { type Coupon, type CouponOrderRefusal, couponOrderRefusal } from './coupon.ts';
import { documentRequired, isValidDocument, normalizeDocument } from './customer-document.ts';
import { type AddressFees, chooseDeliveryFee } from './delivery-fee.ts';
import { DELIVERY_TYPES, type DeliveryType } from './delivery-types.ts';
import {
  type LoyaltyProgram,
  type LoyaltyUnusableReason,
  type LoyaltyVerdict,
  loyaltyEligibility,
} from './loyalty.ts';
import type { Centavos } from './money.ts';
import { checkoutTotals, type OrderTotals } from './order-totals.ts';
import {
  type CheckoutPayment,
  isOnlinePayment,
  type OnlinePaymentKind,
  offeredInPerson,
} from './payment-methods.ts';
import { assertCentavos } from './percent.ts';

/*
 * The checkout rulebook (spec sections 2 "Checkout", 4 "Delivery type" and "Store-level payment
 * mode", 5, 6 "Local (table) mode" and 9 "Delivery fee and totals"): every rule that decides what an
 * order costs and whether it may be placed, applied in one order by `checkoutQuote`. The
 * storefront's checkout shows the quote (totals, blocks, main action); the server's order placement
 * refuses with the quote's first refusal. Neither side applies these rules any other way.
 */

// ---------------------------------------------------------------------------------------------
// Delivery types

export interface AllowedDeliveryTypes {
  permite_entrega: boolean;
  permite_busca: boolean;
  permite_comer_local: boolean;
}

/** The delivery types the store offers, in priority order. */
export function allowedDeliveryTypes(company: AllowedDeliveryTypes): DeliveryType[] {
  const allowed: Record<DeliveryType, boolean> = {
    Entregar: company.permite_entrega,
    Retirada: company.permite_busca,
    'Vem comer': company.permite_comer_local,
  };
  return DELIVERY_TYPES.filter((type) => allowed[type]);
}

/**
 * Spec section 4 "Delivery type": the first allowed in priority Entregar, Retirada, Vem comer;
 * always Vem comer for a table order. Null when the store allows none.
 */
export function defaultDeliveryType(company: AllowedDeliveryTypes, tableOrder: boolean): DeliveryType | null {
  if (tableOrder) return 'Vem comer';
  return allowedDeliveryTypes(company)[0] ?? null;
}

// ---------------------------------------------------------------------------------------------
// Minimum order

export interface MinimumOrderInput {
  /** Company valor_minimo; 0 means no minimum. */
  valor_minimo: Centavos;
  /** The order total, delivery included. */
  total: Centavos;
  deliveryFee: Centavos;
  tableOrder: boolean;
}

export interface MinimumOrderResult {
  met: boolean;
  /** How much more the customer must buy; 0 when met. */
  missing: Centavos;
}

/**
 * Spec section 5 "Minimum order": valor_minimo is compared with the total minus the delivery
 * price (so discounts count, the fee does not). Not applied to table orders.
 */
export function minimumOrder({
  valor_minimo,
  total,
  deliveryFee,
  tableOrder,
}: MinimumOrderInput): MinimumOrderResult {
  assertCentavos('total', total);
  assertCentavos('deliveryFee', deliveryFee);
  if (tableOrder) return { met: true, missing: 0 };
  const missing = Math.max(0, valor_minimo - Math.max(0, total - deliveryFee));
  return { met: missing === 0, missing };
}

// ---------------------------------------------------------------------------------------------
// Order limits

/**
 * A store's caps on one order (docs/decisions/0021): units of one item, and the order's total. They
 * bound what a single account can commit a store to before anyone checks it by hand. An item is a
 * line as the cart shows it: identical lines (same product, options and note) count together, so
 * splitting 99 units into 99 lines of one does not pass the cap.
 */
export interface OrderLimits {
  /** The most units of one item (1 to MAX_LINE_QUANTITY). */
  maxLineQuantity: number;
  /** The largest order total, in centavos. */
  maxOrderTotal: Centavos;
}

export const DEFAULT_ORDER_LIMITS: OrderLimits = { maxLineQuantity: 30, maxOrderTotal: 300_000 };

/** The most units a line may have at this store: the store's cap, never above the wire's limit. */
export function lineQuantityCap(limits: OrderLimits): number {
  return Math.max(1, Math.min(MAX_LINE_QUANTITY, limits.maxLineQuantity));
}

/** Units of each item in these lines, identical lines together (keyed by `lineIdentity`). */
export function unitsByItem(lines: readonly CartLineDraft[]): Map<string, number> {
  const units = new Map<string, number>();
  for (const line of lines) {
    const identity = lineIdentity(line);
    units.set(identity, (units.get(identity) ?? 0) + line.qtd);
  }
  return units;
}

/** How many more units of this line the cart takes under the store's cap. */
export function itemRoom(limits: OrderLimits, cart: readonly CartLineDraft[], line: CartLineDraft): number {
  const identity = lineIdentity(line);
  const taken = cart.reduce(
    (sum, existing) => sum + (lineIdentity(existing) === identity ? existing.qtd : 0),
    0,
  );
  return Math.max(0, lineQuantityCap(limits) - taken);
}

/** The caps this order breaks: an item above the store's units per item, a total above its maximum. */
export function orderLimitRefusals(
  limits: OrderLimits,
  lines: readonly CartLineDraft[],
  total: Centavos,
): CheckoutRefusal[] {
  const refusals: CheckoutRefusal[] = [];
  const maximum = lineQuantityCap(limits);
  if ([...unitsByItem(lines).values()].some((units) => units > maximum)) {
    refusals.push({ code: 'LINE_QUANTITY_TOO_HIGH', maximum });
  }
  if (total > limits.maxOrderTotal) {
    refusals.push({ code: 'ORDER_TOTAL_TOO_HIGH', maximum: limits.maxOrderTotal });
  }
  return refusals;
}

// ---------------------------------------------------------------------------------------------
// The quote

/** The store's side of a checkout: its settings and whether it takes orders now. */
export interface CheckoutStore extends AllowedDeliveryTypes {
  /** valor_minimo; 0 means no minimum. */
  valor_minimo: Centavos;
  delivery_customer_doc_required: boolean;
  /** Table orders must be paid in the app (spec: self_checkout_require_imply_pay). */
  self_checkout_require_imply_pay: boolean;
  /** The store takes orders now: within a shift, not paused. */
  open: boolean;
  /** Scheduling is on: agendamento_ativo and permite_agendamento. */
  schedulingOn: boolean;
  /** The periods an order can be scheduled for now, as ISO instants; free ones only. */
  freePeriods: readonly string[];
  /** The loyalty program, if the store has one (active or not). */
  loyalty: LoyaltyProgram | null;
  /** Payment through the app the store takes (online_payment with payment_by_pix / payment_by_card). */
  online: Record<OnlinePaymentKind, boolean>;
  /** The store's caps on units per line and on the total. */
  orderLimits: OrderLimits;
}

/** The chosen delivery address: its fees when the store delivers there. */
export type CheckoutAddress = { deliverable: true; fees: AddressFees } | { deliverable: false };

/** An applied coupon, with the subtotal it needs (0 = none). */
export interface CheckoutCoupon extends Coupon {
  minSubtotal: Centavos;
}

/** What the customer chose (spec section 3 "Order draft"), plus the priced cart. */
export interface CheckoutDraft {
  /** The cart's lines as `buildCartLine` made them. */
  lines: readonly CartLineDraft[];
  deliveryType: DeliveryType;
  /** A table order (source 'local'): eaten in, no minimum, payment as the store requires. */
  tableOrder: boolean;
  /** The delivery address; null when none is chosen. Ignored unless delivering. */
  address: CheckoutAddress | null;
  coupon: CheckoutCoupon | null;
  /** The customer redeems the loyalty reward (fidelidade_utilizada). */
  redeemLoyalty: boolean;
  /** The customer's pontos_fidelidade. */
  points: number;
  /** The chosen payment: an in-person method or online; null when none. */
  payment: CheckoutPayment | null;
  /** The cash change-for amount; null or 0 when no change is needed. */
  changeFor: Centavos | null;
  /** The CPF or CNPJ typed, formatted or not; empty when none. */
  document: string;
  /** The chosen schedule period (ISO instant); null when ordering for now, '' when asked without one. */
  scheduledPeriod: string | null;
}

/** Why an order cannot be placed; `code` is the server's error code. */
export type CheckoutRefusal =
  | { code: 'EMPTY_CART' }
  | { code: 'DELIVERY_TYPE_UNAVAILABLE'; deliveryType: DeliveryType }
  | { code: 'SCHEDULING_UNAVAILABLE' }
  | { code: 'SCHEDULE_REQUIRED' }
  | { code: 'SCHEDULE_PERIOD_UNAVAILABLE' }
  | { code: 'STORE_CLOSED' }
  | { code: 'PAYMENT_METHOD_REQUIRED' }
  | { code: 'PAYMENT_METHOD_UNAVAILABLE'; deliveryType: DeliveryType }
  | { code: 'ADDRESS_REQUIRED' }
  | { code: 'ADDRESS_NOT_DELIVERABLE' }
  | { code: 'COUPON_AND_LOYALTY' }
  | { code: CouponOrderRefusal; minSubtotal: Centavos }
  | { code: 'LOYALTY_UNAVAILABLE'; reason: LoyaltyUnusableReason }
  | { code: 'MIN_ORDER_NOT_MET'; minimum: Centavos; missing: Centavos }
  | { code: 'LINE_QUANTITY_TOO_HIGH'; maximum: number }
  | { code: 'ORDER_TOTAL_TOO_HIGH'; maximum: Centavos }
  | { code: 'CHANGE_BELOW_TOTAL'; total: Centavos }
  | { code: 'CHANGE_TOO_HIGH'; maximum: Centavos }
  | { code: 'INVALID_DOCUMENT' }
  | { code: 'DOCUMENT_REQUIRED' };

export type CheckoutRefusalCode = CheckoutRefusal['code'];

export type CheckoutAction =
  | 'closed'
  | 'pick_address'
  | 'set_schedule'
  | 'inform_document'
  | 'confirm'
  | 'no_payment';

export interface CheckoutMainAction {
  action: CheckoutAction;
  disabled: boolean;
}

export interface CheckoutQuote {
  /** The order's delivery type: Vem comer for a table order, else the chosen one. */
  deliveryType: DeliveryType;
  /** The delivery types to offer: only Vem comer at a table. */
  deliveryTypes: readonly DeliveryType[];
  delivering: boolean;
  /** The scheduler is shown: closed now, scheduling on with free periods, not at a table. */
  schedulingAvailable: boolean;
  /** The order is for a schedule period. */
  scheduled: boolean;
  /** The payment block is shown (spec section 2 "Checkout"). */
  paymentShown: boolean;
  /** The order needs a payment method (all but table orders the store lets pay at the table). */
  paymentRequired: boolean;
  /** The chosen method is one offered for this order. */
  paymentChosen: boolean;
  /** Every total by name; a coupon or reward that does not apply discounts nothing. */
  totals: OrderTotals;
  /** Whether the loyalty reward may be used; null when the store has no program. */
  loyalty: LoyaltyVerdict | null;
  minimum: MinimumOrderResult;
  /** The change verdict when cash with change was asked for; null otherwise. */
  change: CashChangeVerdict | null;
  document: {
    /** Digits (and CNPJ letters) only; empty when none. */
    value: string;
    /** A valid document is required (for delivery by the store, or because one was typed). */
    required: boolean;
    /** Required and not valid: the checkout says 'a valid document is required'. */
    pending: boolean;
  };
  /** Every rule the order breaks, in the order the server checks them; empty when it may be placed. */
  refusals: readonly CheckoutRefusal[];
  /** Spec section 2 "Checkout": the main button, first match wins. */
  mainAction: CheckoutMainAction;
}

/** A table order the store lets pay at the table needs no payment method (spec section 6). */
export function paymentBlock(
  store: CheckoutStore,
  tableOrder: boolean,
): { paymentRequired: boolean; paymentShown: boolean } {
  const paymentRequired = !tableOrder || store.self_checkout_require_imply_pay;
  const schedulingAvailable = schedulingShown(store, tableOrder);
  return { paymentRequired, paymentShown: paymentRequired && (store.open || schedulingAvailable) };
}

/** The scheduler is shown: closed now, scheduling on with free periods, and not at a table. */
export function schedulingShown(store: CheckoutStore, tableOrder: boolean): boolean {
  return !store.open && store.schedulingOn && store.freePeriods.length > 0 && !tableOrder;
}

/** The order's delivery type: always Vem comer at a table (spec section 6). */
export function orderDeliveryType(draft: Pick<CheckoutDraft, 'deliveryType' | 'tableOrder'>): DeliveryType {
  return draft.tableOrder ? 'Vem comer' : draft.deliveryType;
}

type StoreRuleDraft = Pick<CheckoutDraft, 'deliveryType' | 'tableOrder' | 'scheduledPeriod'>;

/** The store takes this order: the delivery type is offered, and it is open now or the period is free. */
export function storeRefusals(store: CheckoutStore, draft: StoreRuleDraft): CheckoutRefusal[] {
  const refusals: CheckoutRefusal[] = [];
  const deliveryType = orderDeliveryType(draft);
  if (!draft.tableOrder && !allowedDeliveryTypes(store).includes(deliveryType)) {
    refusals.push({ code: 'DELIVERY_TYPE_UNAVAILABLE', deliveryType });
  }
  const period = draft.tableOrder ? null : draft.scheduledPeriod;
  if (period !== null) {
    if (!store.schedulingOn) refusals.push({ code: 'SCHEDULING_UNAVAILABLE' });
    else if (period === '') refusals.push({ code: 'SCHEDULE_REQUIRED' });
    else if (!store.freePeriods.includes(period)) refusals.push({ code: 'SCHEDULE_PERIOD_UNAVAILABLE' });
  } else if (!store.open) {
    refusals.push({ code: 'STORE_CLOSED' });
  }
  return refusals;
}

type PaymentRuleDraft = Pick<CheckoutDraft, 'deliveryType' | 'tableOrder' | 'payment'>;

/**
 * A payment offered for this order: online when the store takes that kind through the app, or an
 * in-person method offered for the delivery type; none only at a table that pays there.
 */
export function paymentRefusals(store: CheckoutStore, draft: PaymentRuleDraft): CheckoutRefusal[] {
  const deliveryType = orderDeliveryType(draft);
  if (draft.payment === null) {
    return paymentBlock(store, draft.tableOrder).paymentRequired ? [{ code: 'PAYMENT_METHOD_REQUIRED' }] : [];
  }
  return paymentOffered(store, draft.payment, deliveryType, draft.tableOrder)
    ? []
    : [{ code: 'PAYMENT_METHOD_UNAVAILABLE', deliveryType }];
}

/**
 * Whether in-person methods are offered: not at a table whose store requires in-app payment (issue
 * 15: self-checkout that requires paying in the app takes PIX and cards online only).
 */
export function inPersonOffered(
  store: Pick<CheckoutStore, 'self_checkout_require_imply_pay'>,
  tableOrder: boolean,
) {
  return !(tableOrder && store.self_checkout_require_imply_pay);
}

function paymentOffered(
  store: CheckoutStore,
  payment: CheckoutPayment,
  deliveryType: DeliveryType,
  tableOrder: boolean,
): boolean {
  if (isOnlinePayment(payment)) return store.online[payment.online];
  return inPersonOffered(store, tableOrder) && offeredInPerson(payment, deliveryType);
}

/**
 * Spec section 4 "Store-level payment mode": through the app when the store takes PIX or card
 * online and is open or can schedule, otherwise on delivery (in person).
 */
export function defaultPaymentMode(store: CheckoutStore, tableOrder: boolean): 'online' | 'on_delivery' {
  const takesOnline = store.online.pix || store.online.card;
  return takesOnline && paymentBlock(store, tableOrder).paymentShown ? 'online' : 'on_delivery';
}

/** Every rule of the checkout, in order: totals, refusals and the main action of one draft. */
export function checkoutQuote(store: CheckoutStore, draft: CheckoutDraft): CheckoutQuote {
  const refusals: CheckoutRefusal[] = [];
  const { tableOrder } = draft;
  const deliveryType = orderDeliveryType(draft);
  const deliveryTypes: readonly DeliveryType[] = tableOrder ? ['Vem comer'] : allowedDeliveryTypes(store);
  const delivering = deliveryType === 'Entregar';

  // The cart; the store (the delivery type, open now or a free period); the payment method.
  if (draft.lines.length === 0) refusals.push({ code: 'EMPTY_CART' });
  refusals.push(...storeRefusals(store, draft), ...paymentRefusals(store, draft));
  const schedulingAvailable = schedulingShown(store, tableOrder);
  const period = tableOrder ? null : draft.scheduledPeriod;
  const { paymentRequired, paymentShown } = paymentBlock(store, tableOrder);
  const { payment } = draft;
  const chosenOffered = payment !== null && paymentOffered(store, payment, deliveryType, tableOrder);

  // Delivery: a deliverable address, whose fee depends on the subtotal.
  const address = delivering ? draft.address : null;
  if (delivering && address === null) refusals.push({ code: 'ADDRESS_REQUIRED' });
  if (address && !address.deliverable) refusals.push({ code: 'ADDRESS_NOT_DELIVERABLE' });
  const { subtotal } = checkoutTotals({
    lines: draft.lines,
    deliveryFee: 0,
    coupon: null,
    loyaltyReward: null,
  });
  const deliveryFee = address?.deliverable ? chooseDeliveryFee({ subtotal, ...address.fees }) : 0;

  // Coupon or loyalty, never both; each only where it applies.
  const { coupon } = draft;
  if (coupon && draft.redeemLoyalty) refusals.push({ code: 'COUPON_AND_LOYALTY' });
  const couponRefusal = coupon ? couponOrderRefusal(coupon, { subtotal, deliveryType }) : null;
  if (coupon && couponRefusal) refusals.push({ code: couponRefusal, minSubtotal: coupon.minSubtotal });
  const appliedCoupon = coupon && !couponRefusal ? coupon : null;
  const beforeLoyalty = checkoutTotals({
    lines: draft.lines,
    deliveryFee,
    coupon: appliedCoupon,
    loyaltyReward: null,
  });
  const program = store.loyalty;
  const loyalty = program
    ? loyaltyEligibility({
        program,
        points: draft.points,
        couponApplied: coupon !== null,
        total: beforeLoyalty.total,
      })
    : null;
  const redeemed = draft.redeemLoyalty && loyalty?.usable === true;
  if (draft.redeemLoyalty && !redeemed) {
    refusals.push({
      code: 'LOYALTY_UNAVAILABLE',
      reason: loyalty && !loyalty.usable ? loyalty.reason : 'PROGRAM_INACTIVE',
    });
  }
  const totals = redeemed
    ? checkoutTotals({ lines: draft.lines, deliveryFee, coupon: appliedCoupon, loyaltyReward: program })
    : beforeLoyalty;

  // The minimum (not at a table), the change for cash, the document.
  const minimum = minimumOrder({
    valor_minimo: store.valor_minimo,
    total: totals.total,
    deliveryFee: totals.deliveryFee,
    tableOrder,
  });
  if (!minimum.met) {
    refusals.push({ code: 'MIN_ORDER_NOT_MET', minimum: store.valor_minimo, missing: minimum.missing });
  }
  refusals.push(...orderLimitRefusals(store.orderLimits, draft.lines, totals.total));
  const change =
    payment && !isOnlinePayment(payment) && payment.permite_troco && draft.changeFor
      ? cashChangeVerdict({ total: totals.total, changeFor: draft.changeFor })
      : null;
  if (change && !change.ok) {
    refusals.push(
      change.reason === 'BELOW_TOTAL'
        ? { code: 'CHANGE_BELOW_TOTAL', total: totals.total }
        : { code: 'CHANGE_TOO_HIGH', maximum: totals.total + MAX_CHANGE_ABOVE_TOTAL },
    );
  }
  const documentValue = normalizeDocument(draft.document);
  const documentIsRequired = documentRequired({
    deliveryType,
    companyRequiresForDelivery: store.delivery_customer_doc_required,
    typedValue: documentValue,
  });
  const documentIsValid = isValidDocument(documentValue);
  if (documentValue !== '' && !documentIsValid) refusals.push({ code: 'INVALID_DOCUMENT' });
  else if (documentIsRequired && !documentIsValid) refusals.push({ code: 'DOCUMENT_REQUIRED' });
  const documentPending = documentIsRequired && !documentIsValid;

  const paymentChosen = paymentShown && chosenOffered;
  const action = ((): CheckoutAction => {
    if (!store.open && !schedulingAvailable) return 'closed';
    if (delivering && !address?.deliverable) return 'pick_address';
    if (schedulingAvailable && period === null) return 'set_schedule';
    if (documentPending) return 'inform_document';
    if (paymentChosen || !paymentRequired) return 'confirm';
    return 'no_payment';
  })();

  return {
    deliveryType,
    deliveryTypes,
    delivering,
    schedulingAvailable,
    scheduled: period !== null,
    paymentShown,
    paymentRequired,
    paymentChosen,
    totals,
    loyalty,
    minimum,
    change,
    document: { value: documentValue, required: documentIsRequired, pending: documentPending },
    refusals,
    mainAction: { action, disabled: action === 'closed' },
  };
}
