import type { Company, Customer, LoyaltyProgram, PaymentMethod } from '@comanda/contract';
import {
  type Cart,
  type CheckoutAddress,
  type CheckoutDraft,
  type CheckoutPayment,
  type CheckoutStore,
  checkoutQuote,
  defaultPaymentMode,
  ONLINE_CARD_ID,
  ONLINE_PIX_ID,
  onlinePaymentOf,
  paymentBlock,
} from '@comanda/domain';
import { isSelectableAddress } from '../../../lib/default-address.ts';
import type { OrderDraft } from './order.ts';

/*
 * What the checkout screen knows, as the domain's checkout quote reads it. The screen shows the
 * quote and sends the order only when the quote has no refusal, so it agrees with the server,
 * which refuses with the same quote's first refusal.
 */

type CompanyRules = Pick<
  Company,
  | 'permite_entrega'
  | 'permite_busca'
  | 'permite_comer_local'
  | 'valor_minimo'
  | 'delivery_customer_doc_required'
  | 'self_checkout_require_imply_pay'
  | 'loja_aberta'
  | 'agendamento_ativo'
  | 'permite_agendamento'
  | 'schedule_periods'
  | 'online_payment'
  | 'payment_by_pix'
  | 'payment_by_card'
  | 'qtd_maxima_item'
  | 'valor_maximo_pedido'
>;

export function checkoutStoreOf(company: CompanyRules, program: LoyaltyProgram | null): CheckoutStore {
  return {
    permite_entrega: company.permite_entrega,
    permite_busca: company.permite_busca,
    permite_comer_local: company.permite_comer_local,
    valor_minimo: company.valor_minimo,
    delivery_customer_doc_required: company.delivery_customer_doc_required,
    self_checkout_require_imply_pay: company.self_checkout_require_imply_pay,
    open: company.loja_aberta,
    schedulingOn: company.agendamento_ativo && company.permite_agendamento,
    freePeriods: company.schedule_periods.filter((period) => period.free).map((period) => period.period),
    loyalty: program,
    online: {
      pix: company.online_payment && company.payment_by_pix,
      card: company.online_payment && company.payment_by_card,
    },
    orderLimits: { maxLineQuantity: company.qtd_maxima_item, maxOrderTotal: company.valor_maximo_pedido },
  };
}

export interface CheckoutState {
  draft: OrderDraft;
  cart: Cart;
  customer: Pick<Customer, 'enderecos' | 'pontos_fidelidade'>;
  /** The store's payment types (the start data). */
  methods: readonly PaymentMethod[];
  tableOrder: boolean;
}

function addressOf({ draft, customer }: CheckoutState): CheckoutAddress | null {
  const address = customer.enderecos.find((entry) => entry.id === draft.addressId && !entry.excluido);
  if (!address) return null;
  if (!isSelectableAddress(address)) return { deliverable: false };
  return {
    deliverable: true,
    fees: {
      delivery_fee: address.delivery_fee,
      original_delivery_fee: address.original_delivery_fee,
      discount_minimum_order: address.discount_minimum_order,
    },
  };
}

/** The draft as the order sends it: no payment when the block is hidden, no period while open. */
export function checkoutDraftOf(store: CheckoutStore, state: CheckoutState): CheckoutDraft {
  const { draft } = state;
  const { paymentShown } = paymentBlock(store, state.tableOrder);
  const online = onlinePaymentOf(draft.paymentId);
  const chosen: CheckoutPayment | null = online
    ? { online }
    : (state.methods.find((entry) => entry.id === draft.paymentId) ?? null);
  const method = paymentShown ? chosen : null;
  return {
    lines: state.cart,
    deliveryType: draft.deliveryType,
    tableOrder: state.tableOrder,
    address: addressOf(state),
    coupon: draft.coupon ? { ...draft.coupon, minSubtotal: draft.coupon.valor_minimo } : null,
    redeemLoyalty: draft.fidelity,
    points: state.customer.pontos_fidelidade,
    payment: method,
    changeFor: method ? draft.changeFor : null,
    document: draft.document,
    scheduledPeriod: store.open ? null : draft.scheduledPeriod,
  };
}

/** The quote of what the screen shows now. */
export function quoteOf(company: CompanyRules, program: LoyaltyProgram | null, state: CheckoutState) {
  const store = checkoutStoreOf(company, program);
  const draft = checkoutDraftOf(store, state);
  return { store, draft, quote: checkoutQuote(store, draft) };
}

/**
 * Spec section 4 "Store-level payment mode": online is preselected when the store takes it and the
 * payment block is shown (PIX first, else the card). Otherwise the customer picks an in-person method.
 */
export function initialPaymentId(company: CompanyRules, tableOrder: boolean): number | null {
  const store = checkoutStoreOf(company, null);
  if (defaultPaymentMode(store, tableOrder) !== 'online') return null;
  return store.online.pix ? ONLINE_PIX_ID : store.online.card ? ONLINE_CARD_ID : null;
}
