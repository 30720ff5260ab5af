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
 * The stepper for a status: steps up to and including orderStepIndex(status) are completed, and
 * the last of them is the current one. Null for a cancelled (or unknown) status: not shown.
 */
export function stepperOf(status: string): StepView[] | null {
  const active = orderStepIndex(status);
  if (active === null) return null;
  return ORDER_STEPS.map((name, index) => ({
    name,
    state: index < active ? 'completed' : index === active ? 'current' : 'upcoming',
  }));
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
