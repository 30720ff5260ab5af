import {
  addParts,
  isOnlinePaymentId,
  isZeroParts,
  type LedgerKind,
  type LedgerParts,
  ledgerCorrection,
  NO_PARTS,
  ONLINE_PAYMENT_IDS,
  ONLINE_PAYMENT_NAMES,
  type OnlinePaymentKind,
  type OrderChannel,
  onlinePaymentId,
  orderLedgerParts,
  REFUND_BY_HAND_PAYMENT,
  samePaymentName,
  shareLedgerParts,
  subtractParts,
} from '@comanda/domain';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { ledgerEntries, orders, paymentMethods, registerSessions, tabShares } from '../../db/schema.ts';

/*
 * The writers of the store's takings (docs/decisions/0057). Each runs in the transaction that
 * changes the money: an order's placement (in its write statement, orders/repository), its release
 * once paid online, its cancel or edit, a table share paid. An order's entries are brought to what
 * it is worth now, so calling the writer twice writes nothing the second time.
 */

/** A payment method's name when the order carries none (never for an order the ledger counts). */
export const UNNAMED_PAYMENT = 'Não informado';

/**
 * The register session in-person money goes to: the store's register opened first and still open.
 * Read FOR SHARE, so a closing (which locks the session to count it) waits for the money being
 * written now, and money written after the closing never lands in a counted session.
 */
export function openSessionOf(storeId: number): SQL<number | null> {
  return sql<number | null>`(select s.id from ${registerSessions} s
    where s.store_id = ${storeId} and s.closed_at is null
    order by s.opened_at, s.id limit 1 for share of s)`;
}

/** What the ledger holds for an order now, by the payment method it was taken with. */
async function heldForOrder(tx: DbExecutor, storeId: number, orderId: number) {
  return tx
    .select({
      paymentMethodId: ledgerEntries.paymentMethodId,
      paymentName: ledgerEntries.paymentName,
      online: ledgerEntries.online,
      products: sql<number>`sum(${ledgerEntries.products})::int`,
      extras: sql<number>`sum(${ledgerEntries.extras})::int`,
      deliveryFee: sql<number>`sum(${ledgerEntries.deliveryFee})::int`,
      serviceFee: sql<number>`sum(${ledgerEntries.serviceFee})::int`,
      discount: sql<number>`sum(${ledgerEntries.discount})::int`,
      amount: sql<number>`sum(${ledgerEntries.amount})::int`,
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.storeId, storeId), eq(ledgerEntries.orderId, orderId)))
    .groupBy(ledgerEntries.paymentMethodId, ledgerEntries.paymentName, ledgerEntries.online);
}

interface EntryValues {
  storeId: number;
  at: Date;
  kind: LedgerKind;
  orderId: number | null;
  tabId: number | null;
  shareId: number | null;
  channel: OrderChannel | string;
  deliveryType: string;
  paymentMethodId: number | null;
  paymentName: string;
  online: boolean;
  parts: LedgerParts;
  staffId: number | null;
  /** False: in person but in no register (money owed, not yet given). */
  drawer?: boolean;
}

async function insertEntry(tx: DbExecutor, entry: EntryValues): Promise<void> {
  await tx.insert(ledgerEntries).values({
    storeId: entry.storeId,
    at: entry.at,
    kind: entry.kind,
    orderId: entry.orderId,
    tabId: entry.tabId,
    shareId: entry.shareId,
    channel: entry.channel,
    deliveryType: entry.deliveryType,
    paymentMethodId: entry.paymentMethodId,
    paymentName: entry.paymentName,
    online: entry.online,
    ...entry.parts,
    registerSessionId: entry.online || entry.drawer === false ? null : openSessionOf(entry.storeId),
    staffId: entry.staffId,
  });
}

/**
 * Brings an order's entries to what it is worth now (a sale, an edit's difference, a cancel's
 * reversal). Call it in the transaction that changed the order, after the change.
 */
export async function syncOrderLedger(
  tx: DbExecutor,
  change: { storeId: number; orderId: number; at: Date; staffId: number | null },
): Promise<void> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.storeId, change.storeId), eq(orders.id, change.orderId)));
  if (!order) return;
  const entryOf = (
    kind: LedgerKind,
    parts: LedgerParts,
    payment: { id: number | null; name: string; online: boolean },
  ) =>
    insertEntry(tx, {
      storeId: change.storeId,
      at: change.at,
      kind,
      orderId: order.id,
      tabId: order.tabId,
      shareId: null,
      channel: order.channel,
      deliveryType: order.tipoEntrega,
      paymentMethodId: payment.id,
      paymentName: payment.name,
      online: payment.online,
      parts,
      staffId: change.staffId,
    });
  const current = {
    id: order.paymentMethodId,
    name: order.formaPagamentoNome ?? UNNAMED_PAYMENT,
    online: isOnlinePaymentId(order.paymentMethodId),
  };
  let heldNow: LedgerParts = NO_PARTS;
  const heldByMethod = await heldForOrder(tx, change.storeId, change.orderId);
  for (const held of heldByMethod) {
    if (held.paymentMethodId === current.id && held.paymentName === current.name) {
      heldNow = addParts(heldNow, held);
      continue;
    }
    // Taken with a payment the order no longer has (an edit changed it): it leaves that method.
    const back = subtractParts(NO_PARTS, held);
    if (isZeroParts(back)) continue;
    await entryOf('ajuste', back, { id: held.paymentMethodId, name: held.paymentName, online: held.online });
  }
  const correction = ledgerCorrection(orderLedgerParts(order), heldNow, heldByMethod.length > 0);
  if (!correction) return;
  await entryOf(correction.kind, correction.parts, current);
}

/**
 * The store's in-person method a name typed or picked at the counter names (case and accents
 * aside), so the reports and the register put it with the orders paid that way; null when none does.
 */
async function methodNamed(tx: DbExecutor, storeId: number, name: string): Promise<number | null> {
  const methods = await tx
    .select({ id: paymentMethods.id, descricao: paymentMethods.descricao })
    .from(paymentMethods)
    .where(eq(paymentMethods.storeId, storeId))
    .orderBy(paymentMethods.ordem, paymentMethods.id);
  return (
    methods.find((m) => !ONLINE_PAYMENT_IDS.includes(m.id) && samePaymentName(m.descricao, name))?.id ?? null
  );
}

/**
 * A share of a table's bill paid: at the counter by the staff (`by`, the method as named there),
 * or online by a guest (`methodId` the online entry, 999 PIX or 998 card, `method` its name).
 */
export async function recordSharePaid(
  tx: DbExecutor,
  share: { storeId: number; tabId: number; id: number },
  paid: { at: Date; by: number | null; method: string; online: boolean; methodId?: number | null },
): Promise<void> {
  const [found] = await tx
    .select({ amount: tabShares.amount, serviceFee: tabShares.serviceFee })
    .from(tabShares)
    .where(and(eq(tabShares.storeId, share.storeId), eq(tabShares.id, share.id)));
  if (!found) return;
  const methodId = paid.methodId ?? (paid.online ? null : await methodNamed(tx, share.storeId, paid.method));
  await insertEntry(tx, {
    storeId: share.storeId,
    at: paid.at,
    kind: 'venda',
    orderId: null,
    tabId: share.tabId,
    shareId: share.id,
    channel: 'mesa',
    deliveryType: 'Vem comer',
    paymentMethodId: methodId,
    paymentName: paid.method,
    online: paid.online,
    parts: shareLedgerParts(found),
    staffId: paid.by,
  });
}

/**
 * Money received online for a table's tab that paid nothing (its share was paid otherwise first)
 * and that the provider could not give back: received online, and owed back by hand
 * (REFUND_BY_HAND_PAYMENT, in no register), two 'ajuste' entries that add up to 0
 * (docs/decisions/0064). They carry the tab, not the share: the share's own charge still matches.
 */
export async function recordRefundOwed(
  tx: DbExecutor,
  owed: { storeId: number; tabId: number; at: Date; amount: number; online: OnlinePaymentKind },
): Promise<void> {
  const entry = (amount: number, online: boolean) =>
    insertEntry(tx, {
      storeId: owed.storeId,
      at: owed.at,
      kind: 'ajuste',
      orderId: null,
      tabId: owed.tabId,
      shareId: null,
      channel: 'mesa',
      deliveryType: 'Vem comer',
      paymentMethodId: online ? onlinePaymentId(owed.online) : null,
      paymentName: online ? ONLINE_PAYMENT_NAMES[owed.online] : REFUND_BY_HAND_PAYMENT,
      online,
      parts: { ...NO_PARTS, products: amount, amount },
      staffId: null,
      drawer: false,
    });
  await entry(owed.amount, true);
  await entry(-owed.amount, false);
}

/**
 * What the takings hold online for some orders and table shares: the ledger check compares it with
 * what the provider says each charge kept.
 */
export async function onlineTakingsOf(
  db: DbExecutor,
  storeId: number,
  of: { orderIds: readonly number[]; shareIds: readonly number[] },
): Promise<{ byOrder: Map<number, number>; byShare: Map<number, number> }> {
  const byOrder = new Map<number, number>();
  const byShare = new Map<number, number>();
  if (of.orderIds.length === 0 && of.shareIds.length === 0) return { byOrder, byShare };
  const rows = await db
    .select({
      orderId: ledgerEntries.orderId,
      shareId: ledgerEntries.shareId,
      amount: sql<number>`sum(${ledgerEntries.amount})::int`,
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.storeId, storeId),
        eq(ledgerEntries.online, true),
        or(
          of.orderIds.length > 0 ? inArray(ledgerEntries.orderId, [...of.orderIds]) : sql`false`,
          of.shareIds.length > 0 ? inArray(ledgerEntries.shareId, [...of.shareIds]) : sql`false`,
        ),
      ),
    )
    .groupBy(ledgerEntries.orderId, ledgerEntries.shareId);
  for (const row of rows) {
    if (row.orderId !== null) byOrder.set(row.orderId, (byOrder.get(row.orderId) ?? 0) + row.amount);
    if (row.shareId !== null) byShare.set(row.shareId, (byShare.get(row.shareId) ?? 0) + row.amount);
  }
  return { byOrder, byShare };
}
