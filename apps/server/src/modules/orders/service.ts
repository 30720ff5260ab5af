import { createHash } from 'node:crypto';
import {
  IDEMPOTENCY_KEY_MAX_LENGTH,
  type OrderErrorReply,
  type OrderPlacedReply,
  type OrderRecord,
  type orderSubmission,
} from '@comanda/contract';
import {
  type CartLineDraft,
  type Channel,
  type CouponRules,
  cashChangeVerdict,
  checkoutTotals,
  type DeliveryType,
  documentRequired,
  estimatedTime,
  formatBRL,
  isValidDocument,
  type LoyaltyProgram,
  linePricing,
  loyaltyEligibility,
  loyaltyPointsEarned,
  MAX_CART_LINES,
  MAX_CHANGE_ABOVE_TOTAL,
  MAX_ITEM_QUANTITY,
  MAX_LINE_QUANTITY,
  minimumOrder,
  NOTE_MAX_LENGTH,
  normalizeDocument,
  storeClockText,
} from '@comanda/domain';
import type { z } from 'zod';
import type { Database, DbExecutor } from '../../db/client.ts';
import type { OrderLineItemSnapshot } from '../../db/schema.ts';
import { AppError, invalid } from '../../lib/errors.ts';
import type { OrderEvents } from '../../lib/order-events.ts';
import { type CustomerPrincipal, forbidden, notAuthenticated } from '../../plugins/auth.ts';
import { addressNotDeliverable, quoteDelivery } from '../addresses/service.ts';
import { checkCoupon, couponRefusal } from '../coupons/service.ts';
import { availabilityAt } from '../menu/service.ts';
import { CartProductCopies } from './cart-products.ts';
import { priceChangedError, rebuildCart } from './cart-rebuild.ts';
import * as repo from './repository.ts';

/*
 * Order placement (spec section 7 "Orders and payment"): the server prices the order from its own
 * data with the @comanda/domain rules, enforces every checkout rule, and writes the order, its
 * lines, the coupon use and the loyalty points in one transaction, exactly once per
 * Idempotency-Key (docs/decisions/0010-order-placement.md).
 */

export type OrderSubmissionBody = z.output<typeof orderSubmission>;

export interface PlaceOrderResult {
  statusCode: number;
  body: OrderPlacedReply | OrderErrorReply;
  /** The reply of an earlier request with the same key. */
  replayed: boolean;
}

const IDEMPOTENCY_KEY_FORMAT = /^[\x21-\x7e]+$/;
const DEFAULT_SOURCE = 'Instagram';
const TABLE_SOURCE = 'local';
const ONLINE_PAYMENT_IDS: readonly number[] = [993, 994, 995, 996, 997, 998, 999];

export function errorBody(error: AppError): OrderErrorReply {
  return {
    detail: error.detail,
    code: error.code,
    non_field_errors: [error.detail],
    ...(error.extra.field ? { field: error.extra.field } : {}),
  };
}

/** The Idempotency-Key header: required, 1–100 visible ASCII characters. */
export function checkIdempotencyKey(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value === '') {
    throw invalid(
      'IDEMPOTENCY_KEY_REQUIRED',
      'Não foi possível confirmar o pedido: falta o cabeçalho Idempotency-Key.',
      'Idempotency-Key',
    );
  }
  if (value.length > IDEMPOTENCY_KEY_MAX_LENGTH || !IDEMPOTENCY_KEY_FORMAT.test(value)) {
    throw invalid(
      'IDEMPOTENCY_KEY_INVALID',
      `O cabeçalho Idempotency-Key deve ter de 1 a ${IDEMPOTENCY_KEY_MAX_LENGTH} caracteres visíveis.`,
      'Idempotency-Key',
    );
  }
  return value;
}

/** JSON with sorted keys, so the same request always hashes the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export const requestHash = (body: unknown) =>
  createHash('sha256').update(canonicalJson(body)).digest('base64url');

const deliveryTypeText: Record<DeliveryType, string> = {
  Entregar: 'entrega',
  Retirada: 'retirada',
  'Vem comer': 'comer no local',
};

const conflict = (code: string, detail: string, field?: string) =>
  new AppError('conflict', code, detail, field ? { field } : {});

/** The checks that need no data: shapes and limits of the request. */
function checkRequest(body: OrderSubmissionBody): void {
  if (body.id !== undefined && body.id !== null && body.id !== 0) {
    throw invalid('ORDER_UPDATE_NOT_ALLOWED', 'Um pedido enviado não pode ser alterado.', 'id');
  }
  const lines = body.produtos_pedidos;
  if (lines.length === 0) throw invalid('EMPTY_CART', 'Seu carrinho está vazio.', 'produtos_pedidos');
  if (lines.length > MAX_CART_LINES) {
    throw invalid(
      'TOO_MANY_LINES',
      `Um pedido pode ter no máximo ${MAX_CART_LINES} itens. Divida-o em dois.`,
      'produtos_pedidos',
    );
  }
  lines.forEach((line, i) => {
    const field = `produtos_pedidos.${i}`;
    if (!Number.isInteger(line.qtd) || line.qtd < 1 || line.qtd > MAX_LINE_QUANTITY) {
      throw invalid(
        'INVALID_QUANTITY',
        `A quantidade de cada item deve ser de 1 a ${MAX_LINE_QUANTITY}.`,
        `${field}.qtd`,
      );
    }
    line.itens_pedidos.forEach((item, j) => {
      const quantity = item.quantidade_pedida;
      if (!Number.isInteger(quantity) || quantity < 0 || quantity > MAX_ITEM_QUANTITY) {
        throw invalid(
          'INVALID_QUANTITY',
          `A quantidade de cada opção deve ser de 0 a ${MAX_ITEM_QUANTITY}.`,
          `${field}.itens_pedidos.${j}.quantidade_pedida`,
        );
      }
    });
    if ((line.observacao ?? '').trim().length > NOTE_MAX_LENGTH) {
      throw invalid(
        'NOTE_TOO_LONG',
        `As observações podem ter no máximo ${NOTE_MAX_LENGTH} caracteres.`,
        `${field}.observacao`,
      );
    }
  });
  if ((body.observacoes ?? '').trim().length > NOTE_MAX_LENGTH) {
    throw invalid(
      'NOTE_TOO_LONG',
      `As observações podem ter no máximo ${NOTE_MAX_LENGTH} caracteres.`,
      'observacoes',
    );
  }
  if (body.fidelidade_utilizada && body.fk_cupom) {
    throw invalid(
      'COUPON_AND_LOYALTY',
      'Cupom e fidelidade não podem ser usados juntos. Escolha um dos dois.',
      'fk_cupom',
    );
  }
  const change = body.troco_para;
  if (change !== undefined && change !== null && (!Number.isSafeInteger(change) || change < 0)) {
    throw invalid('INVALID_CHANGE', 'Informe o valor do troco em centavos.', 'troco_para');
  }
  const document = normalizeDocument(body.documento_cliente ?? '');
  if (document !== '' && !isValidDocument(document)) {
    throw invalid('INVALID_DOCUMENT', 'Informe um CPF ou CNPJ válido.', 'documento_cliente');
  }
}

function tableRefOf(body: OrderSubmissionBody): string {
  const value = body.identificador_pedido_novo;
  return value === undefined || value === null ? '' : String(value).trim();
}

function schedulePeriodOf(body: OrderSubmissionBody): Date {
  const text = body.hora_entrega?.trim() ?? '';
  if (text === '') {
    throw invalid('SCHEDULE_REQUIRED', 'Escolha o horário do agendamento.', 'hora_entrega');
  }
  const at = new Date(text);
  if (Number.isNaN(at.getTime())) {
    throw conflict(
      'SCHEDULE_PERIOD_UNAVAILABLE',
      'Este horário não está disponível. Escolha outro.',
      'hora_entrega',
    );
  }
  return at;
}

function loyaltyRefusal(reason: string): AppError {
  const texts: Record<string, string> = {
    PROGRAM_INACTIVE: 'O programa de fidelidade não está ativo nesta loja.',
    NOT_ENOUGH_POINTS: 'Você ainda não tem pontos suficientes para a recompensa.',
    COUPON_IN_USE: 'Cupom e fidelidade não podem ser usados juntos. Escolha um dos dois.',
    TOTAL_BELOW_REWARD: 'O total do pedido é menor que a recompensa da fidelidade.',
  };
  return conflict('LOYALTY_UNAVAILABLE', texts[reason] ?? texts.PROGRAM_INACTIVE!, 'fidelidade_utilizada');
}

function snapshotItems(line: CartLineDraft): OrderLineItemSnapshot[] {
  return line.itens_pedidos.map((item) => ({
    item_id: item.item_id,
    quantidade_pedida: item.quantidade_pedida,
    quantidade_padrao: item.quantidade_padrao,
    valor: item.valor,
    grupo: item.grupo,
    grupo_descricao: item.grupo_descricao,
    descricao: item.descricao,
    ingrediente: item.ingrediente,
  }));
}

export interface OrderServiceDeps {
  db: Database;
  now: () => Date;
  /** Where a new order is announced (the live order status streams). */
  events?: OrderEvents;
}

const keyReusedReply = (): OrderErrorReply => {
  const detail = 'Esta chave Idempotency-Key já foi usada para outro pedido.';
  return { detail, code: 'IDEMPOTENCY_KEY_REUSED', non_field_errors: [detail], field: 'Idempotency-Key' };
};

const toLoyaltyProgram = (row: repo.ContextLoyalty): LoyaltyProgram => ({
  ativo: row.ativo,
  descricao: row.descricao,
  pontos_recompensa: row.pontosRecompensa,
  recompensa_perc: row.recompensaPerc,
  perc_recompensa: row.percRecompensa,
  vlr_recompensa: row.vlrRecompensa,
});

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

interface Attempt {
  principal: CustomerPrincipal;
  body: OrderSubmissionBody;
  key: string;
  hash: string;
  now: Date;
}

export class OrderService {
  private readonly cartProducts = new CartProductCopies();

  constructor(private readonly deps: OrderServiceDeps) {}

  /**
   * POST /bar/v2/app/order/upsert/, exactly once per Idempotency-Key. The key's row is written by
   * the same statement as the order, under the customer's row lock: of two requests with one key
   * the second waits for the first and then answers its stored reply (422 when its body differs).
   * A refusal writes nothing and is then stored as the key's reply, so a key always answers the
   * same (docs/decisions/0014-order-placement-round-trips.md).
   */
  async place(
    principal: CustomerPrincipal,
    body: OrderSubmissionBody,
    keyHeader: string | string[] | undefined,
  ): Promise<PlaceOrderResult> {
    const key = checkIdempotencyKey(keyHeader);
    if (body.fk_cliente !== principal.customerId) throw forbidden();
    const attempt: Attempt = { principal, body, key, hash: requestHash(body), now: this.deps.now() };
    const { db } = this.deps;
    try {
      checkRequest(body);
      const result = await this.placeOnce(attempt);
      if (result.statusCode === 201 && !result.replayed)
        this.announce(principal, result.body as OrderPlacedReply);
      return result;
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      const reply = errorBody(error);
      const stored = await repo.storeRefusal(db, {
        storeId: principal.storeId,
        customerId: principal.customerId,
        key,
        requestHash: attempt.hash,
        statusCode: error.status,
        response: reply,
        createdAt: attempt.now,
      });
      if (stored) return { statusCode: error.status, body: reply, replayed: false };
      // Another request with this key finished first: its reply is the key's.
      return this.replay(db, attempt);
    }
  }

  /**
   * The new order's event, published once the transaction has committed and coalesced with other
   * orders' (a NOTIFY inside the order's transaction would serialise every placement's commit on
   * PostgreSQL's notification lock; docs/decisions/0012).
   */
  private announce(principal: CustomerPrincipal, reply: OrderPlacedReply): void {
    this.deps.events?.publishCommitted({
      storeId: principal.storeId,
      customerId: principal.customerId,
      id: reply.order.id,
      status: reply.order.status,
      updatedAt: reply.order.dh_iniciado,
    });
  }

  private async replay(db: DbExecutor, attempt: Attempt): Promise<PlaceOrderResult> {
    const { principal, key } = attempt;
    const first = await repo.findIdempotencyKey(db, principal.storeId, principal.customerId, key);
    if (!first) throw new Error('idempotency key row vanished');
    return this.answerFrom(first, attempt);
  }

  /** The key's stored reply, when this request is the same as the one that stored it. */
  private answerFrom(first: repo.KeyReply, { hash }: Attempt): PlaceOrderResult {
    if (first.requestHash !== hash) return { statusCode: 422, body: keyReusedReply(), replayed: false };
    return {
      statusCode: first.statusCode,
      body: first.response as OrderPlacedReply | OrderErrorReply,
      replayed: true,
    };
  }

  /** Every rule, then the writes; throws the first refusal, having written nothing. */
  private async placeOnce(attempt: Attempt): Promise<PlaceOrderResult> {
    const { db } = this.deps;
    const { principal, body, key, hash, now } = attempt;
    const { storeId, customerId } = principal;
    const source = body.forma_entrada?.trim() || DEFAULT_SOURCE;
    const tableRef = tableRefOf(body);
    const tableOrder = source === TABLE_SOURCE || tableRef !== '';
    const channel: Channel = tableOrder ? 'local' : 'app';
    // Table orders are eaten at the table, now (spec section 6 "Local (table) mode").
    const deliveryType: DeliveryType = tableOrder ? 'Vem comer' : body.tipo_entrega;
    const scheduled = !tableOrder && body.agendado === true;
    const methodId = body.fk_forma_pagamento ?? null;

    const productIds = [...new Set(body.produtos_pedidos.map((line) => line.produto))];
    const held = this.cartProducts.holding(storeId, productIds);
    const context = await repo.loadOrderContext(db, {
      storeId,
      customerId,
      key,
      methodId,
      tableId: /^\d{1,9}$/.test(tableRef) ? Number(tableRef) : null,
      couponId: body.fk_cupom ?? null,
      productIds,
      knownMenuVersion: held?.version ?? null,
    });
    if (!context) throw new AppError('not_found', 'STORE_NOT_FOUND', 'Loja não encontrada.');
    if (context.previous) return this.answerFrom(context.previous, attempt);

    // The store: the table, the delivery type, open or a schedule period.
    const table = context.diningTable;
    if (tableOrder && !table) {
      throw new AppError(
        'not_found',
        'TABLE_NOT_FOUND',
        'Mesa não encontrada. Leia o QrCode novamente ou faça o login',
        { field: 'identificador_pedido_novo' },
      );
    }
    if (!tableOrder) {
      const allowed = {
        Entregar: context.permiteEntrega,
        Retirada: context.permiteBusca,
        'Vem comer': context.permiteComerLocal,
      }[deliveryType];
      if (!allowed) {
        throw conflict(
          'DELIVERY_TYPE_UNAVAILABLE',
          `Esta loja não aceita pedidos para ${deliveryTypeText[deliveryType]}.`,
          'tipo_entrega',
        );
      }
    }
    const { open, periods } = availabilityAt(context, context.shifts, now);
    let period: Date | null = null;
    if (scheduled) {
      if (!(context.agendamentoAtivo && context.permiteAgendamento)) {
        throw conflict('SCHEDULING_UNAVAILABLE', 'Esta loja não aceita pedidos agendados.', 'agendado');
      }
      const at = schedulePeriodOf(body);
      if (!periods.some((candidate) => candidate.period === at.toISOString())) {
        throw conflict(
          'SCHEDULE_PERIOD_UNAVAILABLE',
          'Este horário não está disponível. Escolha outro.',
          'hora_entrega',
        );
      }
      period = at;
    } else if (!open) {
      throw conflict('STORE_CLOSED', 'Estamos fechados. Você não poderá concluir o pedido');
    }

    // The cart, priced from the database.
    const { rows, products } = this.cartProducts.cartProducts(storeId, productIds, held, context);
    const cart = rebuildCart(body.produtos_pedidos, products, rows, channel);
    if (cart.priceChange) throw priceChangedError(cart.priceChange.line, cart.priceChange.index);
    const lines = cart.lines;
    const subtotal = lines.reduce((acc, line) => acc + linePricing(line).total, 0);

    // Payment: a method of this store, offered for the delivery type; none only at a table.
    const method = context.method;
    if (methodId === null) {
      if (!tableOrder || context.selfCheckoutRequireImplyPay) {
        throw invalid('PAYMENT_METHOD_REQUIRED', 'Escolha a forma de pagamento.', 'fk_forma_pagamento');
      }
    } else if (ONLINE_PAYMENT_IDS.includes(methodId)) {
      // The payments issue confirms online payments; until then nothing is taken as paid.
      if (context.onlinePayment) {
        throw conflict(
          'PAYMENT_NOT_CONFIRMED',
          'O pagamento online não foi confirmado. Tente de novo.',
          'fk_forma_pagamento',
        );
      }
      throw conflict(
        'PAYMENT_METHOD_UNAVAILABLE',
        'Esta forma de pagamento não está disponível.',
        'fk_forma_pagamento',
      );
    } else if (!method || method.tipo === 'online') {
      throw conflict(
        'PAYMENT_METHOD_UNAVAILABLE',
        'Esta forma de pagamento não está disponível.',
        'fk_forma_pagamento',
      );
    } else if (!method.tiposEntrega.includes(deliveryType)) {
      throw conflict(
        'PAYMENT_METHOD_UNAVAILABLE',
        `${method.descricao} não está disponível para ${deliveryTypeText[deliveryType]}.`,
        'fk_forma_pagamento',
      );
    }

    // Delivery: the customer's own address, deliverable, and its fee for this subtotal.
    let deliveryFee = 0;
    let addressId: number | null = null;
    let addressText: string | null = null;
    if (deliveryType === 'Entregar') {
      if (!body.fk_endereco) {
        throw invalid('ADDRESS_REQUIRED', 'Escolha o endereço de entrega.', 'fk_endereco');
      }
      const quote = await quoteDelivery(db, { storeId, customerId, addressId: body.fk_endereco, subtotal });
      if (!quote.deliverable) throw addressNotDeliverable('fk_endereco');
      deliveryFee = quote.fee;
      addressId = body.fk_endereco;
      addressText = quote.addressText;
    }

    // Coupon or loyalty (never both: checkRequest), then the totals.
    const coupon = context.coupon;
    if (body.fk_cupom && !coupon) throw couponRefusal('COUPON_NOT_FOUND');
    if (coupon) {
      checkCoupon(couponRulesOf(coupon), {
        now,
        subtotal,
        deliveryType,
        customerUses: context.couponCustomerUses,
      });
    }
    const program = context.loyalty ? toLoyaltyProgram(context.loyalty) : null;
    const points = context.points ?? 0;
    const redeem = body.fidelidade_utilizada === true;
    if (redeem) {
      const before = checkoutTotals({ lines, deliveryFee, coupon: null, loyaltyReward: null });
      const verdict = program
        ? loyaltyEligibility({ program, points, couponApplied: false, total: before.total })
        : ({ usable: false, reason: 'PROGRAM_INACTIVE' } as const);
      if (!verdict.usable) throw loyaltyRefusal(verdict.reason);
    }
    const totals = checkoutTotals({
      lines,
      deliveryFee,
      coupon: coupon
        ? {
            id: coupon.id,
            valor: coupon.valor,
            perc: coupon.perc,
            descricao: coupon.descricao,
            local: coupon.local,
          }
        : null,
      loyaltyReward: redeem ? program : null,
    });
    if (body.total !== undefined && body.total !== totals.total) {
      throw conflict(
        'PRICE_CHANGED',
        `O total do pedido mudou para ${formatBRL(totals.total)}. Confira e confirme de novo.`,
        'total',
      );
    }

    // Minimum, change, document.
    const minimum = minimumOrder({
      valor_minimo: context.valorMinimo,
      total: totals.total,
      deliveryFee: totals.deliveryFee,
      tableOrder,
    });
    if (!minimum.met) {
      throw invalid(
        'MIN_ORDER_NOT_MET',
        `O pedido mínimo é de ${formatBRL(context.valorMinimo)}, sem contar a entrega. Faltam ${formatBRL(minimum.missing)}.`,
        'produtos_pedidos',
      );
    }
    let changeFor: number | null = null;
    if (method?.permiteTroco && body.troco_para) {
      const verdict = cashChangeVerdict({ total: totals.total, changeFor: body.troco_para });
      if (!verdict.ok) {
        if (verdict.reason === 'BELOW_TOTAL') {
          throw invalid(
            'CHANGE_BELOW_TOTAL',
            `O troco deve ser para um valor igual ou maior que o total (${formatBRL(totals.total)}).`,
            'troco_para',
          );
        }
        throw invalid(
          'CHANGE_TOO_HIGH',
          `O troco pode ser para no máximo ${formatBRL(totals.total + MAX_CHANGE_ABOVE_TOTAL)}.`,
          'troco_para',
        );
      }
      changeFor = verdict.changeFor;
    }
    const document = normalizeDocument(body.documento_cliente ?? '');
    const needsDocument = documentRequired({
      deliveryType,
      companyRequiresForDelivery: context.deliveryCustomerDocRequired,
      typedValue: document,
    });
    if (needsDocument && !isValidDocument(document)) {
      throw invalid(
        'DOCUMENT_REQUIRED',
        'Informe um CPF ou CNPJ válido para a entrega.',
        'documento_cliente',
      );
    }

    // The order, its reply, and the one statement that writes them.
    const capacity = period ? context.scheduleCapacity : null;
    const estimate = period
      ? { at: period, text: storeClockText(period) }
      : estimatedTime({
          now,
          deliveryType,
          delivery_time: context.deliveryTime,
          pickup_time: context.pickupTime,
        });
    const spend = redeem && program ? program.pontos_recompensa : 0;
    const earn = context.loyalty?.ativo
      ? loyaltyPointsEarned({
          pontosPorReal: context.loyalty.pontosPorReal,
          total: totals.total,
          deliveryFee: totals.deliveryFee,
        })
      : 0;
    const order: repo.OrderValues = {
      id: context.orderId,
      storeId,
      customerId,
      dhIniciado: now,
      tipoEntrega: deliveryType,
      formaEntrada: source,
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
      observacoes: (body.observacoes ?? '').trim(),
      paymentMethodId: method?.id ?? null,
      formaPagamentoNome: method?.descricao ?? null,
      trocoPara: changeFor,
      horaEntrega: period,
      estimatedAt: estimate.at,
      addressId,
      addressString: addressText,
      fidelidadeUtilizada: redeem,
      pontosFidelidade: earn,
      pontosUtilizados: spend,
      documentoCliente: document || null,
      foneParaMensagens: body.fone_para_mensagens?.trim() || null,
      imprimir: body.imprimir ?? true,
    };
    const lineValues: repo.OrderLineValues[] = lines.map((line, seq) => {
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
        itensPedidos: snapshotItems(line),
      };
    });
    const reply = placedReply(order, lineValues, estimate.text);
    const write: repo.WriteOrderInput = { order, lines: lineValues, key, requestHash: hash, reply };

    // Without a coupon or a limited schedule period the statement is the whole transaction.
    if (!coupon && !capacity) {
      const written = await repo.writeOrder(db, write);
      if (!written.claimed) return this.unclaimed(db, attempt, written, spend);
      return { statusCode: 201, body: withBalance(reply, written, spend, earn), replayed: false };
    }
    // Otherwise the limits counted by the statement must see every earlier order: the customer's
    // row (and the period) are locked first, and a limit reached meanwhile rolls everything back.
    return db.transaction(async (tx) => {
      await repo.lockCustomer(tx, storeId, customerId);
      if (period && capacity) await repo.lockSchedulePeriod(tx, storeId, period);
      const written = await repo.writeOrder(tx, write);
      if (!written.claimed) return this.unclaimed(tx, attempt, written, spend);
      if (coupon && !written.couponClaimed) throw couponRefusal('COUPON_EXHAUSTED');
      if (coupon?.maxUsesPerCustomer != null && written.couponCustomerUses >= coupon.maxUsesPerCustomer) {
        throw couponRefusal('COUPON_CUSTOMER_LIMIT');
      }
      if (capacity && written.periodTaken >= capacity) {
        throw conflict('SCHEDULE_PERIOD_FULL', 'Este horário já está lotado. Escolha outro.', 'hora_entrega');
      }
      return { statusCode: 201, body: withBalance(reply, written, spend, earn), replayed: false };
    });
  }

  /** Nothing was written: the key was taken meanwhile (its reply), or the points were spent. */
  private async unclaimed(
    db: DbExecutor,
    attempt: Attempt,
    written: repo.WriteOrderResult,
    spend: number,
  ): Promise<PlaceOrderResult> {
    if (written.pointsBefore === null) throw notAuthenticated();
    const { principal, key } = attempt;
    const first = await repo.findIdempotencyKey(db, principal.storeId, principal.customerId, key);
    if (first) return this.answerFrom(first, attempt);
    if (written.pointsBefore < spend) throw loyaltyRefusal('NOT_ENOUGH_POINTS');
    throw new Error('the order write claimed no key, yet the key has no row');
  }
}

/** The reply with the points balance the order left (counted under the customer's row lock). */
function withBalance(
  reply: OrderPlacedReply,
  written: repo.WriteOrderResult,
  spend: number,
  earn: number,
): OrderPlacedReply {
  const balance = (written.pointsBefore ?? 0) - spend + earn;
  return { ...reply, order_info: { ...reply.order_info, pontos_fidelidade: balance } };
}

/** The reply to a placed order: order_info (read by the storefront) and the order record. */
function placedReply(
  order: repo.OrderValues,
  lines: repo.OrderLineValues[],
  estimatedText: string,
): OrderPlacedReply {
  const record: OrderRecord = {
    id: order.id,
    status: 'Solicitado',
    dh_iniciado: order.dhIniciado.toISOString(),
    tipo_entrega: order.tipoEntrega,
    forma_entrada: order.formaEntrada,
    total_produtos: order.totalProdutos,
    desconto: order.descontoCupom + order.descontoFidelidade,
    desconto_cupom: order.descontoCupom,
    desconto_fidelidade: order.descontoFidelidade,
    acrescimo: order.acrescimo,
    valor_entrega: order.valorEntrega,
    total: order.total,
    cupom: order.cupom,
    observacoes: order.observacoes,
    forma_pagamento_nome: order.formaPagamentoNome,
    troco_para: order.trocoPara,
    agendado: order.horaEntrega !== null,
    hora_entrega: order.horaEntrega?.toISOString() ?? null,
    address_string: order.addressString,
    mesa: order.mesa,
    fidelidade_utilizada: order.fidelidadeUtilizada,
    pontos_fidelidade: order.pontosFidelidade,
    pontos_utilizados: order.pontosUtilizados,
    produtos_pedidos: lines.map((line) => ({
      produto: line.productId,
      descricao_produto: line.descricaoProduto,
      descricao_categoria: line.descricaoCategoria,
      produto_valor: line.produtoValor,
      valor_adicionais: line.valorAdicionais,
      qtd: line.qtd,
      valor_total: line.valorTotal,
      observacao: line.observacao,
      itens_pedidos: line.itensPedidos,
    })),
  };
  return {
    success: true,
    detail: 'Pedido recebido!',
    order_info: {
      order_id: order.id,
      status: 'Solicitado',
      total: order.total,
      estimated_time: estimatedText,
      // The balance after the order: set when it is written, under the customer's row lock.
      pontos_fidelidade: 0,
    },
    order: record,
  };
}
