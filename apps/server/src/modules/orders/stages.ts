import type { OrderPlacedReply } from '@comanda/contract';
import {
  type CartLineDraft,
  type CheckoutAddress,
  type CheckoutCoupon,
  type CheckoutDraft,
  type CheckoutPaymentMethod,
  type CheckoutQuote,
  type CheckoutStore,
  type CouponRules,
  checkoutQuote,
  estimatedTime,
  isOnlinePayment,
  type LoyaltyProgram,
  linePricing,
  loyaltyPointsEarned,
  ONLINE_PAYMENT_IDS,
  ONLINE_PAYMENT_NAMES,
  type OnlinePayment,
  type OnlinePaymentKind,
  onlinePaymentOf,
  paymentRefusals,
  type StaffOrderChannel,
  storeClockText,
  storeRefusals,
  type TabStatus,
  tabJoinRefusal,
} from '@comanda/domain';
import type { DbExecutor } from '../../db/client.ts';
import { orderRecordOf } from '../../lib/order-record.ts';
import { tableTokenMatches } from '../../lib/table-links.ts';
import { savedAddress } from '../addresses/index.ts';
import { checkCoupon, couponRefusal } from '../coupons/index.ts';
import { availabilityAt } from '../menu/index.ts';
import { checkoutRefusalError, refuse, tabJoinRefusalError } from './refusals.ts';
import type * as repo from './repository.ts';
import type { OrderRequest } from './request.ts';

/*
 * The stages of order placement after the request checks (request.ts) and before the write: each
 * reads what it needs of the order context (one statement of repository.ts) and either answers or
 * throws the refusal of refusals.ts. The rules are the checkout quote of @comanda/domain; the
 * stages that refuse before it (store, payment) apply the quote's own rules early, so a closed store
 * is refused before its cart is priced.
 */

// ---------------------------------------------------------------------------------------------
// The store: its settings as the quote reads them; the table; open now or a free period

const toLoyaltyProgram = (row: repo.ContextLoyalty): LoyaltyProgram => ({
  ativo: row.ativo,
  descricao: row.descricao,
  pontos_recompensa: row.pontosRecompensa,
  recompensa_perc: row.recompensaPerc,
  perc_recompensa: row.percRecompensa,
  vlr_recompensa: row.vlrRecompensa,
});

/** The store's side of the checkout at `now`. */
export function checkoutStoreOf(context: repo.OrderContext, now: Date): CheckoutStore {
  const { open, periods } = availabilityAt(context, context.shifts, now);
  return {
    permite_entrega: context.permiteEntrega,
    permite_busca: context.permiteBusca,
    permite_comer_local: context.permiteComerLocal,
    valor_minimo: context.valorMinimo,
    delivery_customer_doc_required: context.deliveryCustomerDocRequired,
    self_checkout_require_imply_pay: context.selfCheckoutRequireImplyPay,
    open,
    schedulingOn: context.agendamentoAtivo && context.permiteAgendamento,
    freePeriods: periods.filter((period) => period.free).map((period) => period.period),
    loyalty: context.loyalty ? toLoyaltyProgram(context.loyalty) : null,
    online: {
      pix: context.onlinePayment && context.paymentByPix,
      card: context.onlinePayment && context.paymentByCard,
    },
    orderLimits: { maxLineQuantity: context.qtdMaximaItem, maxOrderTotal: context.valorMaximoPedido },
  };
}

export type DiningTable = NonNullable<repo.OrderContext['diningTable']>;

/**
 * The table of a table order (404 TABLE_NOT_FOUND) and its QR code's token (400 TABLE_TOKEN_INVALID),
 * then the store takes the order now or for its period.
 */
export function checkStore(
  request: OrderRequest,
  context: repo.OrderContext,
  store: CheckoutStore,
): DiningTable | null {
  if (request.tableOrder && !context.diningTable) throw refuse.tableNotFound();
  if (request.tableOrder && !tableTokenMatches(request.tableToken, context.diningTable!.token)) {
    throw refuse.tableTokenInvalid();
  }
  const [refusal] = storeRefusals(store, request);
  if (refusal) throw checkoutRefusalError(refusal, null);
  return request.tableOrder ? context.diningTable : null;
}

// ---------------------------------------------------------------------------------------------
// The table's tab (issue 19): every round ordered at a table joins it

/** What a table order's round needs to join its table's tab in the order's transaction. */
export interface TabToJoin {
  tableId: number;
  requiresCode: boolean;
  code: string | null;
  /** Whether the waiter's code matched, when one was compared (the service counts the guesses); else null. */
  codeMatches: boolean | null;
}

/**
 * A table order's tab as read now: a tab being closed takes no round (409 TAB_NOT_OPEN), nor does a
 * table nobody opened at a store that opens them with the waiter's code (409 TABLE_LOCKED). The
 * code itself is compared here and refused by the caller once the guess is counted. All of it is
 * checked again under the tab's lock when the order joins it.
 */
export function checkTab(
  request: OrderRequest,
  context: repo.OrderContext,
  table: DiningTable | null,
): TabToJoin | null {
  if (!table) return null;
  const requiresCode = context.mesaExigeCodigo;
  const open = context.openTab;
  const tab = open
    ? { status: (open.status === 'open' ? 'open' : 'closing') as TabStatus, code: open.code }
    : null;
  const refusal = tabJoinRefusal({ requiresCode, tab, code: request.tableCode });
  if (refusal && refusal !== 'TABLE_CODE_INVALID') throw tabJoinRefusalError(refusal);
  const compared = requiresCode && tab?.code !== null && tab?.code !== undefined;
  return {
    tableId: table.id,
    requiresCode,
    code: request.tableCode,
    codeMatches: compared ? refusal === null : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Payment

export type OrderPaymentMethod = (CheckoutPaymentMethod | OnlinePayment) & { id: number; descricao: string };

/**
 * The chosen method: one of this store's offered for the delivery type, or, when the order is
 * placed through a payment intent (`online`), the online entry of that kind; none only for a
 * table order the store lets pay at the table. The order call itself never takes an online entry:
 * its payment is confirmed through the payment calls (PAYMENT_NOT_CONFIRMED).
 */
export function checkPayment(
  request: OrderRequest,
  context: repo.OrderContext,
  store: CheckoutStore,
  online: OnlinePaymentKind | null = null,
): OrderPaymentMethod | null {
  const { methodId } = request;
  let payment: OrderPaymentMethod | null;
  if (methodId !== null && ONLINE_PAYMENT_IDS.includes(methodId)) {
    const kind = onlinePaymentOf(methodId);
    if (!online || kind !== online) {
      throw kind && store.online[kind] ? refuse.paymentNotConfirmed() : refuse.paymentMethodUnavailable();
    }
    payment = { online: kind, id: methodId, descricao: ONLINE_PAYMENT_NAMES[kind] };
  } else {
    const row = context.method;
    if (methodId !== null && (!row || row.tipo === 'online')) throw refuse.paymentMethodUnavailable();
    payment = row
      ? {
          id: row.id,
          tipo: row.tipo,
          descricao: row.descricao,
          tipos_entrega: row.tiposEntrega,
          permite_troco: row.permiteTroco,
        }
      : null;
  }
  if (online && !(payment && isOnlinePayment(payment))) throw refuse.paymentMethodUnavailable();
  const [refusal] = paymentRefusals(store, { ...request, payment });
  if (refusal) throw checkoutRefusalError(refusal, payment?.descricao ?? null);
  return payment;
}

// ---------------------------------------------------------------------------------------------
// The delivery address and the coupon: what the quote needs from the database

export interface DeliveryAddress {
  id: number;
  text: string;
  quote: CheckoutAddress;
}

/** The customer's own address of a delivery order with its fees (404 ADDRESS_NOT_FOUND); null otherwise. */
export async function findDeliveryAddress(
  db: DbExecutor,
  principal: { storeId: number; customerId: number },
  request: OrderRequest,
): Promise<DeliveryAddress | null> {
  const delivering = !request.tableOrder && request.deliveryType === 'Entregar';
  if (!delivering || request.addressId === null) return null;
  const address = await savedAddress(db, { ...principal, addressId: request.addressId });
  return {
    id: address.id,
    text: address.full_address,
    quote: address.deliverable
      ? {
          deliverable: true,
          fees: {
            delivery_fee: address.delivery_fee,
            original_delivery_fee: address.original_delivery_fee,
            discount_minimum_order: address.discount_minimum_order,
          },
        }
      : { deliverable: false },
  };
}

const couponRulesOf = (row: repo.ContextCoupon): CouponRules => ({
  ativo: row.ativo,
  validFrom: row.validFrom ? new Date(row.validFrom) : null,
  validUntil: row.validUntil ? new Date(row.validUntil) : null,
  maxUses: row.maxUses,
  uses: row.uses,
  maxUsesPerCustomer: row.maxUsesPerCustomer,
  minSubtotal: row.minSubtotal,
  local: row.local,
});

export type OrderCoupon = CheckoutCoupon & { code: string; maxUsesPerCustomer: number | null };

/**
 * The coupon's own limits now (found, active, started, not expired, uses left); the rules that
 * depend on the order (minimum subtotal, delivery only) are the quote's.
 */
export function checkCouponLimits(
  request: OrderRequest,
  context: repo.OrderContext,
  now: Date,
): OrderCoupon | null {
  const row = context.coupon;
  if (request.couponId !== null && !row) throw couponRefusal('COUPON_NOT_FOUND');
  if (!row) return null;
  checkCoupon(couponRulesOf(row), {
    now,
    subtotal: null,
    deliveryType: null,
    customerUses: context.couponCustomerUses,
  });
  return {
    id: row.id,
    code: row.code,
    valor: row.valor,
    perc: row.perc,
    descricao: row.descricao,
    local: row.local,
    minSubtotal: row.minSubtotal,
    maxUsesPerCustomer: row.maxUsesPerCustomer,
  };
}

// ---------------------------------------------------------------------------------------------
// The quote

export interface QuoteInput {
  request: OrderRequest;
  store: CheckoutStore;
  lines: CartLineDraft[];
  payment: OrderPaymentMethod | null;
  address: DeliveryAddress | null;
  coupon: OrderCoupon | null;
  points: number;
}

/** The checkout quote of the order; its first refusal, then a total the customer did not confirm. */
export function quoteOrder({
  request,
  store,
  lines,
  payment,
  address,
  coupon,
  points,
}: QuoteInput): CheckoutQuote {
  const draft: CheckoutDraft = {
    lines,
    deliveryType: request.deliveryType,
    tableOrder: request.tableOrder,
    address: address?.quote ?? null,
    coupon,
    redeemLoyalty: request.redeemLoyalty,
    points,
    payment,
    changeFor: request.changeFor,
    document: request.document,
    scheduledPeriod: request.scheduledPeriod,
  };
  const quote = checkoutQuote(store, draft);
  const [refusal] = quote.refusals;
  if (refusal) throw checkoutRefusalError(refusal, payment?.descricao ?? null);
  const { total } = quote.totals;
  if (request.confirmedTotal !== null && request.confirmedTotal !== total) throw refuse.totalChanged(total);
  return quote;
}

// ---------------------------------------------------------------------------------------------
// What is written, and the reply

export interface OrderToWrite {
  order: repo.OrderValues;
  lines: repo.OrderLineValues[];
  reply: OrderPlacedReply;
  /** Points the order spends and earns. */
  spend: number;
  earn: number;
}

export interface OrderValuesInput {
  principal: { storeId: number; customerId: number };
  request: OrderRequest;
  context: repo.OrderContext;
  now: Date;
  quote: CheckoutQuote;
  lines: CartLineDraft[];
  table: DiningTable | null;
  payment: OrderPaymentMethod | null;
  address: DeliveryAddress | null;
  coupon: OrderCoupon | null;
  /** A staff member entering the order (the PDV); absent for a customer's own. */
  enteredBy?: { channel: StaffOrderChannel; staffId: number };
}

/** The order's row, lines and reply from the quote: nothing here decides a price or a rule. */
export function orderToWrite(input: OrderValuesInput): OrderToWrite {
  const { principal, request, context, now, quote, lines, table, payment, address, coupon } = input;
  const { totals } = quote;
  const period = quote.scheduled && request.scheduledPeriod ? new Date(request.scheduledPeriod) : null;
  const estimate = period
    ? { at: period, text: storeClockText(period, context.timeZone) }
    : estimatedTime({
        now,
        timeZone: context.timeZone,
        deliveryType: quote.deliveryType,
        delivery_time: context.deliveryTime,
        pickup_time: context.pickupTime,
      });
  // A reward that could not be redeemed was refused by the quote.
  const redeemed = request.redeemLoyalty;
  const spend = redeemed && context.loyalty ? context.loyalty.pontosRecompensa : 0;
  const earn = context.loyalty?.ativo
    ? loyaltyPointsEarned({
        pontosPorReal: context.loyalty.pontosPorReal,
        total: totals.total,
        deliveryFee: totals.deliveryFee,
      })
    : 0;
  const order: repo.OrderValues = {
    id: context.orderId,
    storeId: principal.storeId,
    customerId: principal.customerId,
    dhIniciado: now,
    tipoEntrega: quote.deliveryType,
    formaEntrada: request.source,
    channel: input.enteredBy?.channel ?? (table ? 'mesa' : 'app'),
    enteredBy: input.enteredBy?.staffId ?? null,
    tableId: table?.id ?? null,
    mesa: table?.description ?? null,
    totalProdutos: totals.products,
    acrescimo: totals.extras,
    valorEntrega: totals.deliveryFee,
    descontoCupom: totals.couponDiscount,
    descontoFidelidade: totals.loyaltyDiscount,
    total: totals.total,
    couponId: coupon?.id ?? null,
    cupom: coupon?.code ?? null,
    observacoes: request.notes,
    paymentMethodId: payment?.id ?? null,
    formaPagamentoNome: payment?.descricao ?? null,
    trocoPara: quote.change?.ok ? quote.change.changeFor : null,
    horaEntrega: period,
    estimatedAt: estimate.at,
    addressId: address?.id ?? null,
    addressString: address?.text ?? null,
    fidelidadeUtilizada: redeemed,
    pontosFidelidade: earn,
    pontosUtilizados: spend,
    documentoCliente: quote.document.value || null,
    foneParaMensagens: request.phone,
    imprimir: request.print,
    awaitingPayment: payment !== null && isOnlinePayment(payment),
  };
  const lineValues = lines.map((line, seq): repo.OrderLineValues => {
    const pricing = linePricing(line);
    return {
      seq,
      productId: line.produto,
      descricaoProduto: line.descricao_produto,
      descricaoCategoria: line.descricao_categoria,
      produtoValor: pricing.base,
      valorAdicionais: pricing.extras,
      qtd: line.qtd,
      valorTotal: pricing.total,
      observacao: line.observacao,
      itensPedidos: line.itens_pedidos.map((item) => ({
        item_id: item.item_id,
        quantidade_pedida: item.quantidade_pedida,
        quantidade_padrao: item.quantidade_padrao,
        valor: item.valor,
        grupo: item.grupo,
        grupo_descricao: item.grupo_descricao,
        descricao: item.descricao,
        ingrediente: item.ingrediente,
      })),
    };
  });
  const reply: OrderPlacedReply = {
    success: true,
    detail: 'Pedido recebido!',
    order_info: {
      order_id: order.id,
      status: 'Solicitado',
      total: order.total,
      estimated_time: estimate.text,
      // The balance after the order: set when it is written, under the customer's row lock.
      pontos_fidelidade: 0,
    },
    order: orderRecordOf({ ...order, status: 'Solicitado' }, lineValues),
  };
  return { order, lines: lineValues, reply, spend, earn };
}
