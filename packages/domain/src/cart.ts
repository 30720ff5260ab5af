/**
 * Cart lines and the cart (spec sections 2 "Cart", 3 "Cart line" and "Ordered item", 4 "Cart").
 * A cart is an array of lines; every function returns a new array and never mutates its input.
 */
import type { Centavos } from './money.ts';
import {
  type Channel,
  type ChargePolicy,
  type FullProduct,
  type GroupItem,
  groupStatus,
  offeredItems,
  type Picks,
  type Product,
  type ProductGroup,
  priceProduct,
} from './product-pricing.ts';

// The saved cart's validity lives apart so the storefront can restore a cart without the cart rules.
export { CART_VALIDITY_SECONDS, canRestoreSavedCart, type SavedCartStamp } from './saved-cart.ts';

/** Notes are limited to 50 characters (spec sections 5 "Notes" and 9 "Field limits"). */
export const NOTE_MAX_LENGTH = 50;

/**
 * Upper bounds of one order (ours; the spec sets none). A line's qtd and an item's picked quantity
 * are at most 99, and an order has at most 100 lines, so no total can leave the safe integers and a
 * mistyped 1000 never reaches a kitchen. The server refuses anything beyond them.
 */
export const MAX_LINE_QUANTITY = 99;
export const MAX_ITEM_QUANTITY = 99;
export const MAX_CART_LINES = 100;

/** One picked (or removed default) option of a cart line, in the order payload's shape. */
export interface OrderedItem {
  /** The group item's id. */
  item_id: number;
  /** The line's product (the chosen variant when there is one). */
  produto_pedido: number;
  /** 0 records a default ingredient the customer removed. */
  quantidade_pedida: number;
  /** The item's qt_padrao: units included in the base price. */
  quantidade_padrao: number;
  /**
   * Centavos per charged unit (units above quantidade_padrao). Fractional only for a 'Média' group
   * whose item charge does not divide by its units; see product-pricing.ts on rounding.
   */
  valor: number;
  /** The group's id. */
  grupo: number;
  grupo_descricao: string;
  descricao: string;
  /** The item group's id (the same as `grupo`: a group belongs to the product through its id). */
  grupo_itens: number;
  ingrediente: boolean;
  observacoes: string;
}

/** One group of a line, for the cart's 'Added' and 'Removed' lists and the line's extras. */
export interface CartLineGroup {
  grupo: number;
  grupo_descricao: string;
  politica_cobranca: ChargePolicy;
  /** Units picked in the group. */
  total: number;
  /** What the group adds to one unit of the line. */
  charge: Centavos;
  /**
   * The group is a choice that makes the product's own price (a required group, or the flavours of
   * a half-and-half priced 'Média' or 'SomaMaior'): its charge is the product's price, not an extra.
   * Absent on lines saved before it existed (then an extra).
   */
  in_price?: boolean;
  /** Items above their default quantity (every picked non-default item). */
  added: OrderedItem[];
  /** Default ingredients below their default quantity (removed ones have quantity 0). */
  removed: OrderedItem[];
}

/** The product data a line was built from, enough to show it and to edit or re-price it. */
export interface PickedProduct extends Product {
  variant: Product | null;
  picks: Picks;
  channel: Channel;
}

export interface CartLine {
  /** The ordered product's id: the chosen variant's, else the product's. */
  produto: number;
  descricao_produto: string;
  descricao_categoria: string;
  /** Base price of one unit: the ordered product's valor_venda. */
  produto_valor: Centavos;
  observacao: string;
  /** An integer >= 1. */
  qtd: number;
  /** Every picked item, plus the removed default ingredients with quantity 0, in step order. */
  itens_pedidos: OrderedItem[];
  /** Default ingredients kept (quantity > 0). */
  default_items: OrderedItem[];
  /** Default ingredients the customer removed, recorded with quantity 0. */
  removed_items: OrderedItem[];
  groups: CartLineGroup[];
  /** Unique within the cart, assigned by addToCart. */
  sequence: number;
  /** Shared by identical lines, assigned by addToCart. */
  equality_seq: number;
  product: PickedProduct;
}

/** A line before it is in a cart: addToCart gives it its sequence numbers. */
export type CartLineDraft = Omit<CartLine, 'sequence' | 'equality_seq'>;

export type Cart = readonly CartLine[];

export type CartLineError =
  | { code: 'INVALID_LINE_QUANTITY'; qtd: number }
  | { code: 'NOTE_TOO_LONG'; maxLength: number }
  | { code: 'VARIANT_REQUIRED'; productId: number }
  | { code: 'INVALID_VARIANT'; productId: number; variantId: number }
  | { code: 'INVALID_PRICE'; productId: number; itemId?: number }
  | { code: 'UNKNOWN_GROUP'; groupId: number }
  | { code: 'ITEM_NOT_OFFERED'; groupId: number; itemId: number }
  | { code: 'INVALID_QUANTITY'; groupId: number; itemId: number; quantity: number }
  | { code: 'REPEAT_NOT_ALLOWED'; groupId: number; itemId: number; quantity: number }
  | { code: 'GROUP_NOT_OK'; groupId: number; min: number; max: number; total: number; missing: number };

export type CartLineResult = { ok: true; line: CartLineDraft } | { ok: false; error: CartLineError };

export interface CartLineOptions {
  channel: Channel;
  /** The chosen child variant; required when the product is a parent. */
  variant?: Product | null;
  observacao?: string;
  /** Defaults to 1. */
  qtd?: number;
}

const isCount = (value: number): boolean => Number.isInteger(value) && value >= 0;
const isPickQuantity = (value: number): boolean => isCount(value) && value <= MAX_ITEM_QUANTITY;

function checkVariant(product: FullProduct, variant: Product | null): CartLineError | null {
  if (variant === null) {
    return product.item_pai ? { code: 'VARIANT_REQUIRED', productId: product.id } : null;
  }
  if (variant.id === product.id)
    return product.item_pai ? { code: 'VARIANT_REQUIRED', productId: product.id } : null;
  // A parent's child, or a sibling when the dialog was opened on a child.
  const parentId = product.item_filho ? product.cod_pai : product.id;
  if (variant.item_filho && parentId !== null && variant.cod_pai === parentId) return null;
  return { code: 'INVALID_VARIANT', productId: product.id, variantId: variant.id };
}

function checkPrices(product: FullProduct, ordered: Product): CartLineError | null {
  if (!isCount(ordered.valor_venda)) return { code: 'INVALID_PRICE', productId: ordered.id };
  for (const group of product.grupos) {
    for (const item of group.grupo.lista_itens) {
      if (!isCount(item.preco) || !isCount(item.qt_padrao)) {
        return { code: 'INVALID_PRICE', productId: product.id, itemId: item.id };
      }
    }
  }
  return null;
}

function checkPicks(product: FullProduct, picks: Picks, channel: Channel): CartLineError | null {
  for (const [groupKey, groupPicks] of Object.entries(picks)) {
    const groupId = Number(groupKey);
    const group = product.grupos.find((candidate) => candidate.grupo.id === groupId);
    if (!group) {
      if (Object.values(groupPicks).every((quantity) => quantity === 0)) continue;
      return { code: 'UNKNOWN_GROUP', groupId };
    }
    const offered = offeredItems(group, channel);
    for (const [itemKey, quantity] of Object.entries(groupPicks)) {
      const itemId = Number(itemKey);
      if (!isPickQuantity(quantity)) return { code: 'INVALID_QUANTITY', groupId, itemId, quantity };
      if (quantity === 0) continue;
      const item = offered.find((candidate) => candidate.id === itemId);
      if (!item) return { code: 'ITEM_NOT_OFFERED', groupId, itemId };
      if (!group.grupo.repetir_itens && quantity > Math.max(1, item.qt_padrao)) {
        return { code: 'REPEAT_NOT_ALLOWED', groupId, itemId, quantity };
      }
    }
  }
  for (const group of product.grupos) {
    const status = groupStatus(group, picks);
    if (!status.ok) {
      const { total, missing } = status;
      return {
        code: 'GROUP_NOT_OK',
        groupId: group.grupo.id,
        min: group.min,
        max: group.max,
        total,
        missing,
      };
    }
  }
  return null;
}

function pickedProduct(
  product: Product,
  variant: Product | null,
  picks: Picks,
  channel: Channel,
): PickedProduct {
  return {
    id: product.id,
    descricao: product.descricao,
    detalhes: product.detalhes,
    valor_venda: product.valor_venda,
    url_imagem: product.url_imagem,
    categoria_id: product.categoria_id,
    categoria: product.categoria,
    item_pai: product.item_pai,
    item_filho: product.item_filho,
    cod_pai: product.cod_pai,
    variant,
    picks,
    channel,
  };
}

/**
 * A cart line from the product dialog, validated: quantity an integer from 1 to 99, notes within the
 * limit, a valid variant (required for a parent), every pick an offered item with an integer quantity
 * from 0 to 99 (at most one unit, or the default quantity, in a group without repeats), every group
 * OK. Zero-quantity non-default items are dropped; offered default ingredients picked at 0 are
 * recorded with quantity 0. The server rebuilds the line from the submitted quantities with this same
 * function.
 */
export function buildCartLine(product: FullProduct, picks: Picks, options: CartLineOptions): CartLineResult {
  const { channel } = options;
  const variant = options.variant ?? null;
  const qtd = options.qtd ?? 1;
  const observacao = (options.observacao ?? '').trim();

  if (!Number.isInteger(qtd) || qtd < 1 || qtd > MAX_LINE_QUANTITY) {
    return { ok: false, error: { code: 'INVALID_LINE_QUANTITY', qtd } };
  }
  if (observacao.length > NOTE_MAX_LENGTH) {
    return { ok: false, error: { code: 'NOTE_TOO_LONG', maxLength: NOTE_MAX_LENGTH } };
  }
  const ordered = variant ?? product;
  const error =
    checkVariant(product, variant) ?? checkPrices(product, ordered) ?? checkPicks(product, picks, channel);
  if (error) return { ok: false, error };

  const price = priceProduct(product, picks, variant);
  const groups: CartLineGroup[] = [];
  const itens_pedidos: OrderedItem[] = [];
  for (const charge of price.groups) {
    const group = product.grupos.find((candidate) => candidate.grupo.id === charge.groupId);
    if (!group) continue;
    const toOrdered = (item: GroupItem, quantity: number, valor: number): OrderedItem => ({
      item_id: item.id,
      produto_pedido: ordered.id,
      quantidade_pedida: quantity,
      quantidade_padrao: item.qt_padrao,
      valor,
      grupo: group.grupo.id,
      grupo_descricao: group.grupo.descricao,
      descricao: item.descricao,
      grupo_itens: group.grupo.id,
      ingrediente: item.ingrediente,
      observacoes: '',
    });
    const rows: OrderedItem[] = [];
    for (const item of offeredItems(group, channel)) {
      const picked = charge.items.find((candidate) => candidate.item.id === item.id);
      if (picked) rows.push(toOrdered(item, picked.quantity, picked.valor));
      else if (item.qt_padrao > 0) rows.push(toOrdered(item, 0, item.preco));
    }
    itens_pedidos.push(...rows);
    groups.push({
      grupo: group.grupo.id,
      grupo_descricao: group.grupo.descricao,
      politica_cobranca: charge.policy,
      total: charge.total,
      charge: charge.charge,
      in_price: isPriceChoice(group),
      added: rows.filter((row) => row.quantidade_pedida > row.quantidade_padrao),
      removed: rows.filter((row) => row.quantidade_pedida < row.quantidade_padrao),
    });
  }

  return {
    ok: true,
    line: {
      produto: ordered.id,
      descricao_produto: ordered.descricao,
      descricao_categoria: ordered.categoria,
      produto_valor: price.base,
      observacao,
      qtd,
      itens_pedidos,
      default_items: itens_pedidos.filter((row) => row.quantidade_padrao > 0 && row.quantidade_pedida > 0),
      removed_items: itens_pedidos.filter((row) => row.quantidade_padrao > 0 && row.quantidade_pedida === 0),
      groups,
      product: pickedProduct(product, variant, picks, channel),
    },
  };
}

export interface LinePricing {
  /**
   * Price of one unit of the product: its valor_venda plus the charges of the choices that make its
   * price (a half-and-half's flavours, a size): the order's produto_valor and total_produtos.
   */
  base: Centavos;
  /** The optional additions of one unit (a border, extra bacon): the order's acrescimo. */
  extras: Centavos;
  /** base + extras. */
  unitTotal: Centavos;
  /** unitTotal × qtd. */
  total: Centavos;
}

/**
 * A group whose charge is the product's own price rather than an addition: a required choice
 * (min ≥ 1, e.g. a size or the flavours) or a group priced by the half-and-half rules ('Média',
 * 'SomaMaior'), whose items carry the whole pizza's price.
 */
export function isPriceChoice(
  group: Pick<ProductGroup, 'min'> & { grupo: Pick<ProductGroup['grupo'], 'politica_cobranca'> },
): boolean {
  return (
    group.min > 0 ||
    group.grupo.politica_cobranca === 'Média' ||
    group.grupo.politica_cobranca === 'SomaMaior'
  );
}

/** Line price = base price (with the choices that make it) + extras; line total = unit price × qtd. */
export function linePricing(line: CartLineDraft): LinePricing {
  let base = line.produto_valor;
  let extras = 0;
  for (const group of line.groups) {
    if (group.in_price) base += group.charge;
    else extras += group.charge;
  }
  const unitTotal = base + extras;
  return { base, extras, unitTotal, total: unitTotal * line.qtd };
}

/** An ordered item as an order (or a saved cart) carries it; `valor` is the value the customer saw. */
export interface SubmittedItem {
  grupo: number;
  item_id: number;
  quantidade_pedida: number;
  valor?: number;
}

/**
 * The picks a line's ordered items stand for, which buildCartLine rebuilds the line from; null when
 * an item is listed twice in a group.
 */
export function picksOfItems(items: readonly SubmittedItem[]): Picks | null {
  const picks: Record<number, Record<number, number>> = {};
  for (const item of items) {
    const group = picks[item.grupo] ?? {};
    if (item.item_id in group) return null;
    group[item.item_id] = item.quantidade_pedida;
    picks[item.grupo] = group;
  }
  return picks;
}

/** Differences below this are floating-point noise of a 'Média' share, not a price change. */
const VALOR_TOLERANCE = 1e-6;

/**
 * Whether a line was shown at other prices than the same line rebuilt today: its base price, or the
 * value of any item (each compared when present). The server refuses such an order (PRICE_CHANGED);
 * the cart flags the line before that.
 */
export function linePricesDiffer(
  shown: { produto_valor?: number; itens_pedidos: readonly SubmittedItem[] },
  rebuilt: CartLineDraft,
): boolean {
  if (shown.produto_valor !== undefined && shown.produto_valor !== rebuilt.produto_valor) return true;
  const today = new Map(rebuilt.itens_pedidos.map((item) => [`${item.grupo}:${item.item_id}`, item.valor]));
  return shown.itens_pedidos.some((item) => {
    if (item.valor === undefined) return false;
    const valor = today.get(`${item.grupo}:${item.item_id}`);
    return valor !== undefined && Math.abs(valor - item.valor) > VALOR_TOLERANCE;
  });
}

/** Zero-quantity items are dropped unless they record a removed default (spec section 4 "Cart"). */
const isRecorded = (item: OrderedItem): boolean => item.quantidade_pedida > 0 || item.quantidade_padrao > 0;

/**
 * What makes two lines identical: the same product and variant, the same item quantities and the
 * same notes. The line quantity is not part of it.
 */
export function lineIdentity(line: CartLineDraft): string {
  const items = line.itens_pedidos
    .filter(isRecorded)
    .map((item) => [item.grupo, item.item_id, item.quantidade_pedida] as const)
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return JSON.stringify([
    line.product.id,
    line.produto,
    line.product.variant?.id ?? null,
    items,
    line.observacao,
  ]);
}

export function areIdenticalLines(a: CartLineDraft, b: CartLineDraft): boolean {
  return lineIdentity(a) === lineIdentity(b);
}

const nextNumber = (numbers: readonly number[]): number =>
  numbers.reduce((max, n) => Math.max(max, n), 0) + 1;

/**
 * The cart with `times` copies of the line added. Each copy gets a new sequence number; identical
 * lines share an equality number (the one already in the cart, else a new one). Lines come from
 * buildCartLine, which already records removed defaults with quantity 0.
 */
export function addToCart(cart: Cart, line: CartLineDraft, times = 1): CartLine[] {
  if (!Number.isInteger(times) || times < 1) throw new RangeError(`times must be an integer >= 1: ${times}`);
  const identity = lineIdentity(line);
  const equality_seq =
    cart.find((existing) => lineIdentity(existing) === identity)?.equality_seq ??
    nextNumber(cart.map((existing) => existing.equality_seq));
  const firstSequence = nextNumber(cart.map((existing) => existing.sequence));
  const itens_pedidos = line.itens_pedidos.filter(isRecorded);
  const added = Array.from({ length: times }, (_, index) => ({
    ...line,
    itens_pedidos,
    sequence: firstSequence + index,
    equality_seq,
  }));
  return [...cart, ...added];
}

/** The cart without the line of this sequence number or, with `all`, without every line identical to it. */
export function removeFromCart(cart: Cart, sequence: number, options: { all?: boolean } = {}): CartLine[] {
  const target = cart.find((line) => line.sequence === sequence);
  if (!target) return [...cart];
  if (options.all) return cart.filter((line) => line.equality_seq !== target.equality_seq);
  return cart.filter((line) => line.sequence !== sequence);
}

export interface IdenticalLines {
  equality_seq: number;
  /** The first of the identical lines, to display. */
  line: CartLine;
  /** Sequence numbers of all the identical lines, in cart order. */
  sequences: number[];
  /** How many lines: the cart's count badge. */
  count: number;
  /** Σ qtd of the lines. */
  quantity: number;
  /** Σ line totals. */
  total: Centavos;
}

/** Identical lines together, for display with counts, in order of first appearance. */
export function groupIdenticalLines(cart: Cart): IdenticalLines[] {
  const groups = new Map<number, IdenticalLines>();
  for (const line of cart) {
    const { total } = linePricing(line);
    const group = groups.get(line.equality_seq);
    if (group) {
      group.sequences.push(line.sequence);
      group.count += 1;
      group.quantity += line.qtd;
      group.total += total;
    } else {
      groups.set(line.equality_seq, {
        equality_seq: line.equality_seq,
        line,
        sequences: [line.sequence],
        count: 1,
        quantity: line.qtd,
        total,
      });
    }
  }
  return [...groups.values()];
}

export interface CartTotals {
  /** Σ base × qtd. */
  products: Centavos;
  /** Σ extras × qtd. */
  extras: Centavos;
  /** products + extras. */
  subtotal: Centavos;
  /** Number of cart lines: the tab bar badge. */
  lineCount: number;
}

export function cartTotals(cart: Cart): CartTotals {
  let products = 0;
  let extras = 0;
  for (const line of cart) {
    const pricing = linePricing(line);
    products += pricing.base * line.qtd;
    extras += pricing.extras * line.qtd;
  }
  return { products, extras, subtotal: products + extras, lineCount: cart.length };
}
