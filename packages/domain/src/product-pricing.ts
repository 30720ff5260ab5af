/**
 * Option groups and the price of a customised product (spec sections 2 "Product dialog", 3 "Full
 * product", 5 "Product groups", 9 "Group pricing").
 *
 * Rounding (docs/decisions/0007-rounding-of-group-prices.md): only 'Média' divides, so only it can
 * produce a fraction of a centavo. Its group charge, Σ(preco × charged units) / Q, is rounded half up
 * to whole centavos once per group. That integer is then allocated to the picked items by the
 * largest-remainder method: each item gets the floor of its exact share, and the centavos left over
 * go one each to the items with the largest remainders (ties to the earlier item in display order).
 * Item charges are therefore integers that add up exactly to the group charge. The payload `valor` of
 * an item is its charge divided by its charged units (fractional only when that division is), so
 * valor × units gives the charge back. Every other amount is a product or sum of integers, so the
 * price chip, the cart, the order payload and the server (which recomputes with these functions)
 * agree to the centavo.
 */
import type { Centavos } from './money.ts';
import type { Product } from './product.ts';

export type { Product } from './product.ts';
// The menu's price labels live apart so the menu home does not load the customisation rules.
export { isVariablePrice, lowestVariantPrice, variantsOf } from './variant-prices.ts';

/** Where the order comes from: the app, or a table ('local', self-checkout). */
export type Channel = 'app' | 'local';

/** How a group with several picked items is priced (spec section 9 "Product price"). */
export const CHARGE_POLICIES = ['Soma', 'Média', 'SomaMaior'] as const;

export type ChargePolicy = (typeof CHARGE_POLICIES)[number];

/** The item list control of a group step (spec section 2 "Product dialog"). */
export type ItemControl = 'radio' | 'counter' | 'checkbox';

export interface GroupItem {
  id: number;
  descricao: string;
  detalhes: string;
  preco: Centavos;
  url_imagem: string | null;
  ordem: number;
  /** A stock item this option stands for, if any. */
  fk_item: number | null;
  /** Default quantity: units included in the product's base price (0 = not a default ingredient). */
  qt_padrao: number;
  excluido: boolean;
  /** Offered in app orders. */
  ativo_pedidos: boolean;
  /** Offered in table ('local') orders. */
  ativo_garcom: boolean;
  ingrediente: boolean;
  /** Sold out for now (the staff's switch): never offered until switched back. */
  esgotado?: boolean;
}

export interface ItemGroup {
  id: number;
  ordem: number;
  descricao: string;
  detalhes: string;
  repetir_itens: boolean;
  politica_cobranca: ChargePolicy;
  lista_itens: readonly GroupItem[];
}

export interface ProductGroup {
  min: number;
  /** 0 = no cap. */
  max: number;
  grupo: ItemGroup;
}

export interface FullProduct extends Product {
  grupos: readonly ProductGroup[];
}

/** itemId → picked quantity within one group. */
export type GroupPicks = Readonly<Record<number, number>>;

/**
 * groupId → (itemId → quantity). An absent entry is quantity 0: the picks are the whole selection,
 * default ingredients included, so a selection starts from `initialPicks`.
 */
export type Picks = Readonly<Record<number, GroupPicks>>;

export interface GroupStatus {
  /** total <= max (or max is 0) and total >= min (or min is 0). */
  ok: boolean;
  /** Units picked in the group. */
  total: number;
  /** Units still needed to reach the minimum. */
  missing: number;
}

export interface ItemCharge {
  item: GroupItem;
  quantity: number;
  /** Units above the default quantity: the only ones charged. */
  chargedUnits: number;
  /** What the item adds to the product, an integer. */
  charge: Centavos;
  /** The per-unit value sent in the order payload: charge / chargedUnits, may be fractional. */
  valor: number;
}

export interface GroupCharge {
  groupId: number;
  policy: ChargePolicy;
  /** Units picked in the group. */
  total: number;
  /** What the group adds to the product: the sum of its items' charges. */
  charge: Centavos;
  /** The picked items (quantity > 0), in display order. */
  items: ItemCharge[];
}

export interface ProductPrice {
  /** The product's valor_venda, or the chosen variant's. */
  base: Centavos;
  /** The sum of the group charges. */
  extras: Centavos;
  /** base + extras: the price of one unit of the line. */
  unitTotal: Centavos;
  groups: GroupCharge[];
}

interface Ordered {
  id: number;
  ordem: number;
}

const byDisplayOrder = (a: Ordered, b: Ordered): number => a.ordem - b.ordem || a.id - b.id;

/** The product's groups in step order. */
export function sortedGroups(product: FullProduct): ProductGroup[] {
  return [...product.grupos].sort((a, b) => byDisplayOrder(a.grupo, b.grupo));
}

/**
 * The items a customer may pick, in display order. Deleted items are never offered; the others
 * only when active for the channel: ativo_pedidos in the app, ativo_garcom at a table (spec
 * section 6 "Local (table) mode").
 */
export function offeredItems(group: ProductGroup, channel: Channel): GroupItem[] {
  return group.grupo.lista_itens
    .filter(
      (item) =>
        !item.excluido && !item.esgotado && (channel === 'local' ? item.ativo_garcom : item.ativo_pedidos),
    )
    .sort(byDisplayOrder);
}

/** Radio when max is 1, counter when the group allows repeated items, otherwise checkbox. */
export function itemControl(group: ProductGroup): ItemControl {
  if (group.max === 1) return 'radio';
  return group.grupo.repetir_itens ? 'counter' : 'checkbox';
}

/** The starting selection: every offered default ingredient at its default quantity. */
export function initialPicks(product: FullProduct, channel: Channel): Picks {
  const picks: Record<number, GroupPicks> = {};
  for (const group of product.grupos) {
    const defaults = offeredItems(group, channel).filter((item) => item.qt_padrao > 0);
    if (defaults.length > 0) {
      picks[group.grupo.id] = Object.fromEntries(defaults.map((item) => [item.id, item.qt_padrao]));
    }
  }
  return picks;
}

export function pickedQuantity(picks: Picks, groupId: number, itemId: number): number {
  return picks[groupId]?.[itemId] ?? 0;
}

/** Units picked in a group, all items together. */
export function groupTotal(picks: Picks, groupId: number): number {
  let total = 0;
  for (const quantity of Object.values(picks[groupId] ?? {})) total += quantity;
  return total;
}

/** A group is OK when total <= max (or max is 0) and total >= min (or min is 0). */
export function groupStatus(group: ProductGroup, picks: Picks): GroupStatus {
  const total = groupTotal(picks, group.grupo.id);
  const withinMax = group.max === 0 || total <= group.max;
  const reachesMin = group.min === 0 || total >= group.min;
  return { ok: withinMax && reachesMin, total, missing: Math.max(0, group.min - total) };
}

/**
 * Adding is allowed only if max is 0 (no cap) or the group total plus the added quantity does not
 * exceed max; and, if the group does not allow repeats, the item is not yet chosen. Without repeats
 * one unit is added at a time (a default ingredient may come back at its default quantity).
 */
export function canAddItem(group: ProductGroup, picks: Picks, itemId: number, quantity = 1): boolean {
  const item = group.grupo.lista_itens.find((candidate) => candidate.id === itemId);
  if (!item || !Number.isInteger(quantity) || quantity < 1) return false;
  if (group.max !== 0 && groupTotal(picks, group.grupo.id) + quantity > group.max) return false;
  if (group.grupo.repetir_itens) return true;
  return pickedQuantity(picks, group.grupo.id, itemId) === 0 && quantity <= Math.max(1, item.qt_padrao);
}

/** Removing is allowed only if the chosen quantity minus the removal is not below 0. */
export function canRemoveItem(group: ProductGroup, picks: Picks, itemId: number, quantity = 1): boolean {
  if (!Number.isInteger(quantity) || quantity < 1) return false;
  return pickedQuantity(picks, group.grupo.id, itemId) - quantity >= 0;
}

function withQuantity(picks: Picks, groupId: number, itemId: number, quantity: number): Picks {
  const { [itemId]: _previous, ...others } = picks[groupId] ?? {};
  return { ...picks, [groupId]: quantity === 0 ? others : { ...others, [itemId]: quantity } };
}

/** The picks with `quantity` more of the item, or the same picks object when adding is not allowed. */
export function addPick(picks: Picks, group: ProductGroup, itemId: number, quantity = 1): Picks {
  if (!canAddItem(group, picks, itemId, quantity)) return picks;
  return withQuantity(
    picks,
    group.grupo.id,
    itemId,
    pickedQuantity(picks, group.grupo.id, itemId) + quantity,
  );
}

/** The picks with `quantity` fewer of the item, or the same picks object when removing is not allowed. */
export function removePick(picks: Picks, group: ProductGroup, itemId: number, quantity = 1): Picks {
  if (!canRemoveItem(group, picks, itemId, quantity)) return picks;
  return withQuantity(
    picks,
    group.grupo.id,
    itemId,
    pickedQuantity(picks, group.grupo.id, itemId) - quantity,
  );
}

/** A radio choice: the group's picks become one unit of this item (same picks object if unknown). */
export function pickOnly(picks: Picks, group: ProductGroup, itemId: number): Picks {
  if (!group.grupo.lista_itens.some((item) => item.id === itemId)) return picks;
  return { ...picks, [group.grupo.id]: { [itemId]: 1 } };
}

/** Integer floor division with the matching non-negative remainder, exact for safe integers. */
function floorDiv(dividend: number, divisor: number): { quotient: number; remainder: number } {
  let quotient = Math.floor(dividend / divisor);
  let remainder = dividend - quotient * divisor;
  if (remainder < 0) {
    quotient -= 1;
    remainder += divisor;
  } else if (remainder >= divisor) {
    quotient += 1;
    remainder -= divisor;
  }
  return { quotient, remainder };
}

/**
 * Σ numerators / denominator rounded half up, split into integer shares by the largest-remainder
 * method. The shares add up to the rounded total exactly; ties go to the earlier numerator.
 */
export function allocateAverage(
  numerators: readonly number[],
  denominator: number,
): { total: number; shares: number[] } {
  if (denominator <= 0) return { total: 0, shares: numerators.map(() => 0) };
  const sum = numerators.reduce((acc, numerator) => acc + numerator, 0);
  const total = floorDiv(2 * sum + denominator, 2 * denominator).quotient;
  const parts = numerators.map((numerator) => floorDiv(numerator, denominator));
  const shares = parts.map((part) => part.quotient);
  // 0 <= leftover <= count of non-zero remainders, because |total - sum/denominator| <= 1/2.
  let leftover = total - shares.reduce((acc, share) => acc + share, 0);
  const byRemainder = parts
    .map((part, index) => ({ index, remainder: part.remainder }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (leftover <= 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    leftover -= 1;
  }
  return { total, shares };
}

/**
 * What a group adds to the product under its charge policy. Default ingredients are in the base
 * price: only units above qt_padrao are charged.
 * - 'Soma' (and any unknown policy): each charged unit at its own preco.
 * - 'Média': Σ(preco × charged units) / Q, Q the group's picked quantity (the average, so a half-and-
 *   half pizza whose flavours carry the full pizza price costs the average of the halves); rounded
 *   and allocated as the header explains.
 * - 'SomaMaior': each charged unit at the highest preco among the picked items.
 */
export function priceGroup(group: ProductGroup, picks: Picks): GroupCharge {
  const groupId = group.grupo.id;
  const policy = group.grupo.politica_cobranca;
  const picked = [...group.grupo.lista_itens]
    .sort(byDisplayOrder)
    .map((item) => ({ item, quantity: pickedQuantity(picks, groupId, item.id) }))
    .filter(({ quantity }) => quantity > 0)
    .map(({ item, quantity }) => ({ item, quantity, chargedUnits: Math.max(0, quantity - item.qt_padrao) }));
  const total = picked.reduce((acc, { quantity }) => acc + quantity, 0);

  let items: ItemCharge[];
  if (policy === 'Média') {
    const { shares } = allocateAverage(
      picked.map(({ item, chargedUnits }) => item.preco * chargedUnits),
      total,
    );
    items = picked.map((pick, index) => {
      const charge = shares[index] ?? 0;
      return {
        ...pick,
        charge,
        valor: pick.chargedUnits > 0 ? charge / pick.chargedUnits : pick.item.preco / total,
      };
    });
  } else if (policy === 'SomaMaior') {
    const highest = Math.max(0, ...picked.map(({ item }) => item.preco));
    items = picked.map((pick) => ({ ...pick, charge: highest * pick.chargedUnits, valor: highest }));
  } else {
    items = picked.map((pick) => ({
      ...pick,
      charge: pick.item.preco * pick.chargedUnits,
      valor: pick.item.preco,
    }));
  }

  const charge = items.reduce((acc, item) => acc + item.charge, 0);
  return { groupId, policy, total, charge, items };
}

/**
 * Price of one unit of a customised product: the base price (the chosen variant's valor_venda when
 * a child variant is chosen) plus every group's charge. For the running price chip and the cart line.
 */
export function priceProduct(product: FullProduct, picks: Picks, variant?: Product | null): ProductPrice {
  const base = (variant ?? product).valor_venda;
  const groups = sortedGroups(product).map((group) => priceGroup(group, picks));
  const extras = groups.reduce((acc, group) => acc + group.charge, 0);
  return { base, extras, unitTotal: base + extras, groups };
}
