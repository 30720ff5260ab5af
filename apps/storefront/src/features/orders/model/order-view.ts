import { DELIVERY_LINE_DESCRIPTION, DELIVERY_LINE_PRODUCT_ID, type TrackedOrder } from '@comanda/contract';
import {
  type OrderTab,
  orderStepIndex,
  orderTab,
  sortOrdersNewestFirst,
  storeDateTimeText,
} from '@comanda/domain';

/** The tabs of the list, in order; 'in progress' is the default (spec section 4 "Order list tabs"). */
export const ORDER_TABS: readonly OrderTab[] = ['in_progress', 'done', 'canceled'];
export const DEFAULT_TAB: OrderTab = 'in_progress';

/** The orders of one tab, newest first. */
export function ordersOfTab<T extends { status: string; dh_iniciado: string }>(
  orders: readonly T[],
  tab: OrderTab,
  now: Date,
  timeZone: string,
): T[] {
  return sortOrdersNewestFirst(
    orders.filter((order) => orderTab(order, now, timeZone) === tab),
    timeZone,
  );
}

/** The five steps of the stepper (spec section 2 "Orders"). */
export const ORDER_STEPS = ['received', 'accepted', 'preparing', 'ready', 'delivered'] as const;
export type OrderStepName = (typeof ORDER_STEPS)[number];

export type StepState = 'completed' | 'current' | 'upcoming';

export interface StepView {
  name: OrderStepName;
  state: StepState;
}

/**
 * The stepper for a status: steps before the active one are completed, the active one is current.
 * Null for a cancelled (or unknown) status: not shown. The spec gives Solicitado step 1 ('received
 * or accepted'); here the store accepts an order by moving it to Preparo, so a Solicitado order is
 * only received (its status reads 'Recebido') and the stepper stops at 'Recebido', not 'Aceito'.
 */
export function stepperOf(status: string): StepView[] | null {
  const index = orderStepIndex(status);
  if (index === null) return null;
  const active = status === 'Solicitado' ? 0 : index;
  return ORDER_STEPS.map((name, index) => ({
    name,
    state: index < active ? 'completed' : index === active ? 'current' : 'upcoming',
  }));
}

/** A tracked order's dispatch (issue 35): who took it, how many stops before it. */
export interface OrderDeliveryView {
  estado: 'saiu_para_entrega' | 'entregue' | 'nao_entregue';
  entregador: string;
  paradas_antes: number;
  saiu_em: string | null;
}

/** The order's delivery as the server sends it (`entrega`), or null: not on a route (yet). */
export function deliveryOf(order: object): OrderDeliveryView | null {
  const entrega = (order as { entrega?: unknown }).entrega;
  if (!entrega || typeof entrega !== 'object') return null;
  const value = entrega as Partial<OrderDeliveryView>;
  if (value.estado !== 'saiu_para_entrega' && value.estado !== 'entregue' && value.estado !== 'nao_entregue')
    return null;
  return {
    estado: value.estado,
    entregador: typeof value.entregador === 'string' ? value.entregador : '',
    paradas_antes: typeof value.paradas_antes === 'number' ? Math.max(0, value.paradas_antes) : 0,
    saiu_em: typeof value.saiu_em === 'string' ? value.saiu_em : null,
  };
}

/**
 * Out for delivery: the order is still 'Concluido' (the spec's statuses stay), but its route left.
 * The stepper's 'ready' step then reads 'Saiu para entrega' and the status says so.
 */
export function isOutForDelivery(order: { status: string }): boolean {
  return order.status === 'Concluido' && deliveryOf(order)?.estado === 'saiu_para_entrega';
}

/** The status text's key: the spec's, or 'Saiu para entrega' while the courier is on the way. */
export function statusTextKey(order: { status: string }): string {
  return isOutForDelivery(order) ? 'statusOutForDelivery' : `status${order.status}`;
}

/** The product lines shown: without the delivery line. */
export function visibleLines(
  order: Pick<TrackedOrder, 'produtos_pedidos'>,
): TrackedOrder['produtos_pedidos'] {
  return order.produtos_pedidos.filter(
    (line) =>
      !(line.descricao_produto === DELIVERY_LINE_DESCRIPTION && line.produto === DELIVERY_LINE_PRODUCT_ID),
  );
}

type OrderLine = TrackedOrder['produtos_pedidos'][number];

/** What makes two lines the same thing ordered twice: product, price, items and note. */
function lineIdentity(line: OrderLine): string {
  return JSON.stringify([
    line.produto,
    line.descricao_produto,
    line.produto_valor,
    line.valor_adicionais,
    line.observacao,
    line.itens_pedidos.map((item) => [item.item_id, item.quantidade_pedida, item.descricao, item.valor]),
  ]);
}

/**
 * The lines as the customer ordered them: the cart keeps one line per unit (spec section 4,
 * "adding a line (quantity times)"), so identical lines are shown once with their quantities and
 * totals added ('4× Açaí tradicional 500 ml'), in the order they were first ordered.
 */
export function groupedLines(order: Pick<TrackedOrder, 'produtos_pedidos'>): OrderLine[] {
  const groups = new Map<string, OrderLine>();
  for (const line of visibleLines(order)) {
    const key = lineIdentity(line);
    const group = groups.get(key);
    if (group) {
      group.qtd += line.qtd;
      group.valor_total += line.valor_total;
    } else groups.set(key, { ...line });
  }
  return [...groups.values()];
}

/** Units ordered (the delivery line does not count). */
export function unitCount(order: Pick<TrackedOrder, 'produtos_pedidos'>): number {
  return visibleLines(order).reduce((sum, line) => sum + line.qtd, 0);
}

/** A past order can be ordered again: anything not in progress. */
export function canReorder(
  order: { status: string; dh_iniciado: string },
  now: Date,
  timeZone: string,
): boolean {
  return orderTab(order, now, timeZone) !== 'in_progress';
}

/** An ISO instant on the store's clock: '04/05/2026 18:00'. */
export function formatStoreDateTime(iso: string, timeZone: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : storeDateTimeText(date, timeZone);
}
