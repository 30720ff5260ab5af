import type { OrderPlacedReply, OrderSubmission, PaymentMethod, ValidatedCoupon } from '@comanda/contract';
import type { Cart, CheckoutDraft, CheckoutQuote, DeliveryType, OrderTotals } from '@comanda/domain';
import { offeredInPerson, paymentIdOf, truncateText } from '@comanda/domain';
import { lineSubmission } from '../../../lib/line-submission.ts';

/** Spec section 3 "Order draft": what the customer chose on /confirmation. */
export interface OrderDraft {
  deliveryType: DeliveryType;
  addressId: number | null;
  paymentId: number | null;
  /** The saved card chosen when paymentId is the online card entry; null for a new card. */
  cardId: number | null;
  /** Cash change-for amount in centavos; null when no change is needed. */
  changeFor: number | null;
  coupon: ValidatedCoupon | null;
  fidelity: boolean;
  notes: string;
  scheduledPeriod: string | null;
  document: string;
}

export const NOTES_MAX_LENGTH = 50;

/** Spec section 4 "Order response": loading, success, failure. */
export type OrderResult =
  /** What is under way: the order call, the PIX charge, or the paid PIX's order being fetched. */
  | { status: 'loading'; step: 'order' | 'pix' | 'card' | 'confirming'; last4?: string }
  /** `paidByPix`: online or to the store's key; the dialog offers to send the receipt. */
  /** `number`: the store's number of the order, the one the customer reads (docs/decisions/0065). */
  | { status: 'success'; orderId: number; number: number; estimatedTime: string; paidByPix: boolean }
  | { status: 'error'; message: string; title?: string };

/** In-person methods offered for the delivery type, in the store's order. */
export function inPersonMethods(
  methods: readonly PaymentMethod[],
  deliveryType: DeliveryType,
): PaymentMethod[] {
  return methods.filter((method) => offeredInPerson(method, deliveryType)).sort((a, b) => a.ordem - b.ordem);
}

export interface PayloadInput {
  /** The draft as the quote read it (checkoutDraftOf) and its quote. */
  sent: CheckoutDraft;
  quote: CheckoutQuote;
  draft: OrderDraft;
  customerId: number;
  phone: string | null;
  source: string | null;
  tableId: string | null;
  /** The token of the table's QR code (stored with the table id when the QR was read). */
  tableToken: string | null;
  /** The waiter's code of the table's tab, when the store opens tables with one. */
  tableCode: string | null;
}

/**
 * Spec section 3 "Order submission payload", built from the cart lines as buildCartLine made them
 * and the draft as its quote read it. The client's prices (produto_valor, each item's valor, total)
 * go along so the server can refuse with PRICE_CHANGED when they moved.
 */
export function orderPayload({
  sent,
  quote,
  draft,
  customerId,
  phone,
  source,
  tableId,
  tableToken,
  tableCode,
}: PayloadInput): OrderSubmission {
  return {
    id: null,
    tipo_entrega: quote.deliveryType,
    observacoes: sent.tableOrder ? '' : truncateText(draft.notes, NOTES_MAX_LENGTH),
    forma_entrada: source || 'Instagram',
    troco_para: sent.payment ? sent.changeFor : null,
    hora_entrega: quote.scheduled ? sent.scheduledPeriod : null,
    // The contract caps fone_para_mensagens at 32 characters.
    fone_para_mensagens: phone ? phone.slice(0, 32) : null,
    imprimir: true,
    fk_forma_pagamento: sent.payment ? paymentIdOf(sent.payment) : null,
    fk_endereco: quote.delivering ? draft.addressId : null,
    fk_cliente: customerId,
    fidelidade_utilizada: sent.redeemLoyalty,
    fk_cupom: sent.coupon?.id ?? null,
    fk_telefone: null,
    produtos_pedidos: sent.lines.map(lineSubmission),
    stripe_payment_intent_id: null,
    agendado: quote.scheduled,
    identificador_pedido_novo: sent.tableOrder ? tableId : null,
    token_mesa: sent.tableOrder ? tableToken : null,
    codigo_mesa: sent.tableOrder ? tableCode : null,
    documento_cliente: quote.document.value === '' ? null : quote.document.value,
    codigo_autorizacao: null,
    total: quote.totals.total,
  };
}

/**
 * One Idempotency-Key per checkout attempt: the same key while the order sent is the same (a retry),
 * a new one once the customer changes the order or after a success (`reset`).
 */
export function createAttemptKeys(newKey: () => string = () => crypto.randomUUID()) {
  let current: { key: string; body: string } | null = null;
  return {
    keyFor(body: string): string {
      if (!current || current.body !== body) current = { key: newKey(), body };
      return current.key;
    },
    reset(): void {
      current = null;
    },
  };
}

/** The refusal text of spec section 8: non_field_errors[0], else detail, else the status text. */
export function refusalMessage(body: unknown, fallback: string): string {
  if (body && typeof body === 'object') {
    const { non_field_errors: list, detail } = body as { non_field_errors?: unknown; detail?: unknown };
    if (Array.isArray(list) && typeof list[0] === 'string' && list[0] !== '') return list[0];
    if (typeof detail === 'string' && detail !== '') return detail;
  }
  return fallback;
}

/** The stable code of a server refusal, when it has one. */
export function refusalCode(body: unknown): string | null {
  const code = body && typeof body === 'object' ? (body as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : null;
}

/** Spec section 7 "Third-party calls": an analytics 'purchase' in BRL, no customer or document data. */
export function pushPurchase(
  reply: OrderPlacedReply,
  cart: Cart,
  totals: Pick<OrderTotals, 'deliveryFee'>,
  couponCode: string | null,
) {
  const layer = (globalThis as { dataLayer?: unknown[] }).dataLayer;
  if (!Array.isArray(layer)) return;
  layer.push({
    event: 'purchase',
    ecommerce: {
      transaction_id: String(reply.order_info.order_id),
      currency: 'BRL',
      value: reply.order_info.total / 100,
      shipping: totals.deliveryFee / 100,
      ...(couponCode ? { coupon: couponCode } : {}),
      items: cart.map((line) => ({
        item_id: String(line.produto),
        item_name: line.descricao_produto,
        item_category: line.descricao_categoria,
        price: line.produto_valor / 100,
        quantity: line.qtd,
      })),
    },
  });
}
