import {
  type Channel,
  type FullProduct,
  formatBRL,
  type GroupItem,
  type GroupStatus,
  offeredItems,
  type ProductGroup,
  sortedGroups,
} from '@comanda/domain';
import type { ProductT } from './product-texts.ts';

/** A group search field shows once a group offers this many items (fewer fit on one screen). */
export const GROUP_SEARCH_MIN_ITEMS = 6;

/**
 * The groups that get a step, in step order: every group except an optional one with nothing on
 * offer for the channel (a required one stays, so the product cannot be inserted without it).
 */
export function stepGroups(product: FullProduct, channel: Channel): ProductGroup[] {
  return sortedGroups(product).filter((group) => group.min > 0 || offeredItems(group, channel).length > 0);
}

/** The header's status chip: OK, the count missing, or over the maximum. */
export function statusLabel(group: ProductGroup, status: GroupStatus, t: ProductT): string {
  if (status.ok) return t('statusOk');
  if (group.max !== 0 && status.total > group.max) return t('overMaximum');
  return t('missing', { count: status.missing });
}

/** Why Next is blocked on a group step. */
export function blockedMessage(group: ProductGroup, status: GroupStatus, t: ProductT): string {
  if (group.max !== 0 && status.total > group.max) return t('tooMany', { max: group.max });
  return t('needMore', { count: status.missing });
}

/**
 * An item's price as the list shows it: a default ingredient is included (extras cost its price);
 * in a 'Soma' group an item adds its price; under 'Média' and 'SomaMaior' the price is the item's
 * own, which the group's rule then averages or levels up.
 */
export function itemPriceText(group: ProductGroup, item: GroupItem, t: ProductT): string | null {
  if (item.qt_padrao > 0) {
    return item.preco > 0
      ? `${t('included')} · ${t('extraEach', { price: formatBRL(item.preco) })}`
      : t('included');
  }
  if (item.preco <= 0) return null;
  return group.grupo.politica_cobranca === 'Soma' ? `+ ${formatBRL(item.preco)}` : formatBRL(item.preco);
}
