import type { FullProduct, TrackedOrder } from '@comanda/contract';
import { buildCartLine, type CartLineDraft, type Channel, picksOfItems } from '@comanda/domain';
import { visibleLines } from './order-view.ts';

type OrderLine = TrackedOrder['produtos_pedidos'][number];

/** A product as fetched today: the full product, or null when it is gone (404) or cannot be read. */
export type FetchFullProduct = (id: number) => Promise<FullProduct | null>;

export interface ReorderPlan {
  /** Lines rebuilt from today's products, at today's prices, each with how many copies to add. */
  lines: { line: CartLineDraft; times: number }[];
  /** Descriptions of the lines that could not be rebuilt (product or option gone). */
  gone: string[];
}

/**
 * Rebuilds one ordered line with the domain's buildCartLine from the product as it is today. A child
 * variant is rebuilt through its parent (the line names the variant). One unit: the cart holds
 * `qtd` copies of it, as the product dialog adds them.
 */
export async function rebuildLine(
  line: OrderLine,
  fetchFull: FetchFullProduct,
  channel: Channel,
): Promise<CartLineDraft | null> {
  const picks = picksOfItems(line.itens_pedidos);
  if (!picks) return null;
  const full = await fetchFull(line.produto);
  if (!full) return null;
  let product: FullProduct = full;
  let variant = null;
  if (full.item_filho && full.cod_pai !== null) {
    const parent = await fetchFull(full.cod_pai);
    const child = parent?.variantes.find((candidate) => candidate.id === line.produto);
    if (parent && child) {
      product = parent;
      variant = child;
    }
  }
  const result = buildCartLine(product, picks, {
    channel,
    variant,
    qtd: 1,
    observacao: line.observacao,
  });
  return result.ok ? result.line : null;
}

/** Issue 8 item 5: the order's still-available lines at today's prices, and what is gone. */
export async function planReorder(
  order: Pick<TrackedOrder, 'produtos_pedidos'>,
  fetchFull: FetchFullProduct,
  channel: Channel,
): Promise<ReorderPlan> {
  const lines: ReorderPlan['lines'] = [];
  const gone: string[] = [];
  for (const line of visibleLines(order)) {
    const rebuilt = await rebuildLine(line, fetchFull, channel).catch(() => null);
    if (rebuilt) lines.push({ line: rebuilt, times: line.qtd });
    else gone.push(line.descricao_produto);
  }
  return { lines, gone };
}
