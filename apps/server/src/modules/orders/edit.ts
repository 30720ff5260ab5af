import type { OrderLineSubmission } from '@comanda/contract';
import {
  type CheckoutDraft,
  type CheckoutQuote,
  checkoutQuote,
  type DeliveryType,
  isOnlinePayment,
  linePricing,
  loyaltyPointsEarned,
  ONLINE_PAYMENT_IDS,
  type PlacedLine,
  placedLineDraft,
} from '@comanda/domain';
import type { DbExecutor } from '../../db/client.ts';
import { savedAddress } from '../addresses/index.ts';
import { fullProducts, repriceCart } from './cart-rebuild.ts';
import { checkoutRefusalError, refuse } from './refusals.ts';
import * as repo from './repository.ts';
import { checkoutStoreOf } from './stages.ts';

/*
 * An order edited before it is prepared (issue 33, docs/decisions/0058): the lines kept at the
 * prices they were placed with, the added ones priced from today's menu as a new order's are
 * (repriceCart: unavailable, sold out, invalid options are the same refusals), and the whole order
 * quoted again by the checkout rulebook (minimum, delivery fee of its address, coupon, loyalty
 * reward, payment offered for its delivery type, cash change). The store being closed now does not
 * matter: the order was taken when it was open.
 */

/** A line the order already has, as stored. */
export interface KeptLine extends PlacedLine {
  seq: number;
}

export interface OrderToEdit {
  storeId: number;
  customerId: number;
  tipoEntrega: DeliveryType;
  tableId: number | null;
  addressId: number | null;
  couponId: number | null;
  fidelidadeUtilizada: boolean;
  pontosUtilizados: number;
}

export interface EditPricing {
  quote: CheckoutQuote;
  /** The added lines as order lines (seq from `firstSeq`). */
  added: repo.OrderLineValues[];
  /** The payment method after the edit, with its name; null for a table order without one. */
  method: { id: number; descricao: string } | null;
  /** Points the order will earn once delivered. */
  earn: number;
}

/** The edited order priced, or the first refusal (nothing written here). */
export async function priceOrderEdit(
  tx: DbExecutor,
  input: {
    order: OrderToEdit;
    kept: readonly KeptLine[];
    add: readonly OrderLineSubmission[];
    methodId: number | null;
    changeFor: number | null;
    firstSeq: number;
    now: Date;
  },
): Promise<EditPricing> {
  const { order, now } = input;
  if (input.methodId !== null && ONLINE_PAYMENT_IDS.includes(input.methodId)) {
    throw refuse.paymentMethodUnavailable();
  }
  const context = await repo.loadOrderContext(tx, {
    storeId: order.storeId,
    customerId: order.customerId,
    // No key: nothing is placed, only priced.
    key: '',
    methodId: input.methodId,
    tableId: order.tableId,
    couponId: order.couponId,
    productIds: [...new Set(input.add.map((line) => line.produto))],
    knownMenuVersion: null,
  });
  if (!context) throw refuse.storeNotFound();
  const rows = new Map((context.products ?? []).map((row) => [row.id, row]));
  const channel = order.tableId !== null ? 'local' : 'app';
  const added = repriceCart(input.add, fullProducts(context.products ?? []), rows, channel);
  const method = context.method && context.method.tipo !== 'online' ? context.method : null;
  if (input.methodId !== null && !method) throw refuse.paymentMethodUnavailable();
  const delivering = order.tableId === null && order.tipoEntrega === 'Entregar' && order.addressId !== null;
  const address = delivering
    ? await savedAddress(tx, {
        storeId: order.storeId,
        customerId: order.customerId,
        addressId: order.addressId!,
      })
    : null;
  const store = { ...checkoutStoreOf(context, now), open: true };
  const payment = method
    ? {
        id: method.id,
        tipo: method.tipo,
        tipos_entrega: method.tiposEntrega,
        permite_troco: method.permiteTroco,
      }
    : null;
  const coupon = context.coupon
    ? {
        id: context.coupon.id,
        valor: context.coupon.valor,
        perc: context.coupon.perc,
        descricao: context.coupon.descricao,
        local: context.coupon.local,
        minSubtotal: context.coupon.minSubtotal,
      }
    : null;
  const draft: CheckoutDraft = {
    lines: [...input.kept.map(placedLineDraft), ...added],
    deliveryType: order.tipoEntrega,
    tableOrder: order.tableId !== null,
    address: address
      ? address.deliverable
        ? {
            deliverable: true,
            fees: {
              delivery_fee: address.delivery_fee,
              original_delivery_fee: address.original_delivery_fee,
              discount_minimum_order: address.discount_minimum_order,
            },
          }
        : { deliverable: false }
      : null,
    coupon,
    redeemLoyalty: order.fidelidadeUtilizada,
    // The reward's points were spent when the order was placed.
    points: (context.points ?? 0) + order.pontosUtilizados,
    payment,
    changeFor: payment ? input.changeFor : null,
    document: '',
    scheduledPeriod: null,
  };
  const quote = checkoutQuote(store, draft);
  const [refusal] = quote.refusals;
  if (refusal) throw checkoutRefusalError(refusal, method?.descricao ?? null);
  if (payment && isOnlinePayment(payment)) throw refuse.paymentMethodUnavailable();
  const earn = context.loyalty?.ativo
    ? loyaltyPointsEarned({
        pontosPorReal: context.loyalty.pontosPorReal,
        total: quote.totals.total,
        deliveryFee: quote.totals.deliveryFee,
      })
    : 0;
  return {
    quote,
    added: added.map((line, index) => {
      const pricing = linePricing(line);
      return {
        seq: input.firstSeq + index,
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
    }),
    method: method ? { id: method.id, descricao: method.descricao } : null,
    earn,
  };
}
