import type { TableCallKind, TabStatus } from '@comanda/domain';
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  or,
  sql,
} from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import {
  companySettings,
  diningTables,
  orderLines,
  orders,
  tableCalls,
  tableTabs,
  tabSharePayments,
  tabShares,
} from '../../db/schema.ts';

/*
 * The tables module's SQL (issue 19): a store's tables and their settings, the tables' tabs with
 * their rounds (the orders placed at the table) and shares, and the guests' calls. Every query
 * names the store.
 */

export type TableRow = typeof diningTables.$inferSelect;
export type TabRow = typeof tableTabs.$inferSelect;
export type ShareRow = typeof tabShares.$inferSelect;
export type TabWithTable = TabRow & { tableDescription: string };
export type SharePaymentRow = typeof tabSharePayments.$inferSelect;

const notClosed = ne(tableTabs.status, 'closed');

// ---------------------------------------------------------------------------------------------
// Tables and their settings

export async function findTable(db: DbExecutor, storeId: number, id: number): Promise<TableRow | undefined> {
  const [row] = await db
    .select()
    .from(diningTables)
    .where(and(eq(diningTables.storeId, storeId), eq(diningTables.id, id)));
  return row;
}

/** Every table of the store, active or not, by id. */
export function listTables(db: DbExecutor, storeId: number): Promise<TableRow[]> {
  return db
    .select()
    .from(diningTables)
    .where(eq(diningTables.storeId, storeId))
    .orderBy(asc(diningTables.id));
}

export async function tableSettingsOf(db: DbExecutor, storeId: number) {
  const [row] = await db
    .select({
      requiresCode: companySettings.mesaExigeCodigo,
      serviceFeePercent: companySettings.taxaServicoPerc,
      requireInAppPayment: companySettings.selfCheckoutRequireImplyPay,
    })
    .from(companySettings)
    .where(eq(companySettings.storeId, storeId));
  return row;
}

export type TableSettingsRow = NonNullable<Awaited<ReturnType<typeof tableSettingsOf>>>;

export async function updateTableSettings(
  tx: DbExecutor,
  storeId: number,
  change: { mesaExigeCodigo?: boolean; taxaServicoPerc?: number },
): Promise<void> {
  await tx.update(companySettings).set(change).where(eq(companySettings.storeId, storeId));
}

/** The store's name, logo and colour, for the printed QR sheet. */
export async function storeLookOf(db: DbExecutor, storeId: number) {
  const [row] = await db
    .select({
      nome: companySettings.nome,
      logo: companySettings.logo,
      primaryColor: companySettings.primaryColor,
    })
    .from(companySettings)
    .where(eq(companySettings.storeId, storeId));
  return row;
}

/**
 * Serialises the writes to a store's tables until the transaction ends (an advisory lock: a name
 * must be free when it is given, and nothing in the schema keeps two tables from sharing one).
 */
export async function lockTableWrites(tx: DbExecutor, storeId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`comanda:tables:${storeId}`}))`);
}

/** Another table of the store with this name (whatever its case and surrounding spaces). */
export async function descriptionTaken(
  tx: DbExecutor,
  storeId: number,
  description: string,
  exceptId: number | null,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: diningTables.id })
    .from(diningTables)
    .where(
      and(
        eq(diningTables.storeId, storeId),
        sql`lower(btrim(${diningTables.description})) = lower(btrim(${description}))`,
        exceptId === null ? undefined : ne(diningTables.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function refsOf(tx: DbExecutor, storeId: number): Promise<string[]> {
  const rows = await tx
    .select({ ref: diningTables.ref })
    .from(diningTables)
    .where(eq(diningTables.storeId, storeId));
  return rows.map((row) => row.ref);
}

export async function insertTable(
  tx: DbExecutor,
  values: { storeId: number; ref: string; description: string; token: string },
): Promise<TableRow> {
  const [row] = await tx
    .insert(diningTables)
    .values({ ...values, ativo: true })
    .returning();
  return row!;
}

export async function updateTable(
  tx: DbExecutor,
  storeId: number,
  id: number,
  change: { description?: string; ativo?: boolean; token?: string },
): Promise<TableRow | undefined> {
  const [row] = await tx
    .update(diningTables)
    .set(change)
    .where(and(eq(diningTables.storeId, storeId), eq(diningTables.id, id)))
    .returning();
  return row;
}

// ---------------------------------------------------------------------------------------------
// Tabs

/** The table's tab that is not closed (at most one: table_tabs_one_open). */
export async function openTabOf(
  db: DbExecutor,
  storeId: number,
  tableId: number,
): Promise<TabRow | undefined> {
  const [row] = await db
    .select()
    .from(tableTabs)
    .where(and(eq(tableTabs.storeId, storeId), eq(tableTabs.tableId, tableId), notClosed));
  return row;
}

/** As openTabOf, locked until the transaction ends (a round joining it, the staff closing it). */
export async function lockOpenTabOf(
  tx: DbExecutor,
  storeId: number,
  tableId: number,
): Promise<TabRow | undefined> {
  const [row] = await tx
    .select()
    .from(tableTabs)
    .where(and(eq(tableTabs.storeId, storeId), eq(tableTabs.tableId, tableId), notClosed))
    .for('update');
  return row;
}

/**
 * Opens a tab on a table; undefined when the table already has one that is not closed (the
 * partial unique index decides, so of two openings at once one gets it, the other waits for its
 * commit and then finds it).
 */
export async function insertOpenTab(
  tx: DbExecutor,
  values: { storeId: number; tableId: number; openedAt: Date; openedBy: number | null; code: string | null },
): Promise<TabRow | undefined> {
  const [row] = await tx
    .insert(tableTabs)
    .values({ ...values, status: 'open', rounds: 0, updatedAt: values.openedAt })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** One more round on a locked tab: the order joins it with the next round's number. */
export async function addRound(
  tx: DbExecutor,
  storeId: number,
  tabId: number,
  orderId: number,
  at: Date,
): Promise<number> {
  const [tab] = await tx
    .update(tableTabs)
    .set({ rounds: sql`${tableTabs.rounds} + 1`, updatedAt: at })
    .where(and(eq(tableTabs.storeId, storeId), eq(tableTabs.id, tabId)))
    .returning({ rounds: tableTabs.rounds });
  const rodada = tab!.rounds;
  await tx
    .update(orders)
    .set({ tabId, rodada })
    .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId)));
  return rodada;
}

const tabWithTable = { ...getTableColumns(tableTabs), tableDescription: diningTables.description };

export async function findTab(
  db: DbExecutor,
  storeId: number,
  id: number,
): Promise<TabWithTable | undefined> {
  const [row] = await db
    .select(tabWithTable)
    .from(tableTabs)
    .innerJoin(diningTables, eq(diningTables.id, tableTabs.tableId))
    .where(and(eq(tableTabs.storeId, storeId), eq(tableTabs.id, id)));
  return row;
}

/** A tab of the store, locked until the transaction ends: two staff closing it take turns. */
export async function lockTab(tx: DbExecutor, storeId: number, id: number): Promise<TabRow | undefined> {
  const [row] = await tx
    .select()
    .from(tableTabs)
    .where(and(eq(tableTabs.storeId, storeId), eq(tableTabs.id, id)))
    .for('update');
  return row;
}

/** The store's tabs that are not closed, oldest first. */
export function openTabs(db: DbExecutor, storeId: number): Promise<TabWithTable[]> {
  return db
    .select(tabWithTable)
    .from(tableTabs)
    .innerJoin(diningTables, eq(diningTables.id, tableTabs.tableId))
    .where(and(eq(tableTabs.storeId, storeId), notClosed))
    .orderBy(asc(tableTabs.openedAt), asc(tableTabs.id));
}

/** The store's last closed tabs, the most recently closed first. */
export function closedTabs(db: DbExecutor, storeId: number, limit: number): Promise<TabWithTable[]> {
  return db
    .select(tabWithTable)
    .from(tableTabs)
    .innerJoin(diningTables, eq(diningTables.id, tableTabs.tableId))
    .where(and(eq(tableTabs.storeId, storeId), eq(tableTabs.status, 'closed')))
    .orderBy(desc(tableTabs.closedAt), desc(tableTabs.id))
    .limit(limit);
}

export interface RoundRow {
  orderId: number;
  /** The store's number of the order (ADR 0065). */
  numero: number | null;
  tabId: number;
  rodada: number;
  dhIniciado: Date;
  status: string;
  total: number;
  /** Paid in the app when it was ordered. */
  paidOnline: boolean;
}

/**
 * The rounds of some tabs: their orders, but those still awaiting an online payment (nobody's
 * business until paid, and dropped if never paid). In the order they were placed.
 */
export async function roundsOf(
  db: DbExecutor,
  storeId: number,
  tabIds: readonly number[],
): Promise<RoundRow[]> {
  if (tabIds.length === 0) return [];
  const rows = await db
    .select({
      orderId: orders.id,
      numero: orders.numero,
      tabId: orders.tabId,
      rodada: orders.rodada,
      dhIniciado: orders.dhIniciado,
      status: orders.status,
      total: orders.total,
      // Named in full: drizzle writes a lone table's columns unqualified, which inside this subquery
      // would be the payment's own (any paid payment whose id met its order's would do).
      paidOnline: sql<boolean>`exists (select 1 from payments p
        where p.store_id = "orders"."store_id" and p.order_id = "orders"."id" and p.paid_at is not null)`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.storeId, storeId),
        inArray(orders.tabId, [...tabIds]),
        eq(orders.awaitingPayment, false),
        isNotNull(orders.rodada),
      ),
    )
    .orderBy(asc(orders.rodada), asc(orders.id));
  return rows.map((row) => ({
    ...row,
    tabId: row.tabId!,
    rodada: row.rodada!,
    paidOnline: Boolean(row.paidOnline),
  }));
}

export type RoundLineRow = Pick<
  typeof orderLines.$inferSelect,
  'id' | 'orderId' | 'descricaoProduto' | 'qtd' | 'valorTotal' | 'observacao' | 'itensPedidos'
>;

export function linesOf(
  db: DbExecutor,
  storeId: number,
  orderIds: readonly number[],
): Promise<RoundLineRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: orderLines.id,
      orderId: orderLines.orderId,
      descricaoProduto: orderLines.descricaoProduto,
      qtd: orderLines.qtd,
      valorTotal: orderLines.valorTotal,
      observacao: orderLines.observacao,
      itensPedidos: orderLines.itensPedidos,
    })
    .from(orderLines)
    .where(and(eq(orderLines.storeId, storeId), inArray(orderLines.orderId, [...orderIds])))
    .orderBy(asc(orderLines.orderId), asc(orderLines.seq));
}

export function sharesOf(db: DbExecutor, storeId: number, tabIds: readonly number[]): Promise<ShareRow[]> {
  if (tabIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(tabShares)
    .where(and(eq(tabShares.storeId, storeId), inArray(tabShares.tabId, [...tabIds])))
    .orderBy(asc(tabShares.tabId), asc(tabShares.seq));
}

/** Fixes a locked open tab's bill: closing, or closed at once when nothing is left to pay. */
export async function fixBill(
  tx: DbExecutor,
  storeId: number,
  tabId: number,
  bill: {
    status: Exclude<TabStatus, 'open'>;
    splitMode: 'even' | 'items';
    serviceFeePercent: number;
    serviceFee: number;
    amountDue: number;
    at: Date;
    by: number;
  },
): Promise<void> {
  const closed = bill.status === 'closed';
  await tx
    .update(tableTabs)
    .set({
      status: bill.status,
      splitMode: bill.splitMode,
      serviceFeePercent: bill.serviceFeePercent,
      serviceFee: bill.serviceFee,
      amountDue: bill.amountDue,
      closingAt: bill.at,
      closedAt: closed ? bill.at : null,
      closedBy: closed ? bill.by : null,
      updatedAt: bill.at,
    })
    .where(and(eq(tableTabs.storeId, storeId), eq(tableTabs.id, tabId), eq(tableTabs.status, 'open')));
}

export async function insertShares(
  tx: DbExecutor,
  rows: {
    storeId: number;
    tabId: number;
    seq: number;
    amount: number;
    serviceFee: number;
    lineIds: number[];
  }[],
): Promise<void> {
  if (rows.length > 0) await tx.insert(tabShares).values(rows);
}

export async function findShare(
  tx: DbExecutor,
  storeId: number,
  tabId: number,
  shareId: number,
): Promise<ShareRow | undefined> {
  const [row] = await tx
    .select()
    .from(tabShares)
    .where(and(eq(tabShares.storeId, storeId), eq(tabShares.tabId, tabId), eq(tabShares.id, shareId)));
  return row;
}

/** Marks a share paid; false when it already was. */
export async function markSharePaid(
  tx: DbExecutor,
  share: { storeId: number; tabId: number; id: number },
  paid: { at: Date; by: number | null; method: string },
): Promise<boolean> {
  const rows = await tx
    .update(tabShares)
    .set({ paidAt: paid.at, paidBy: paid.by, paymentMethod: paid.method })
    .where(
      and(
        eq(tabShares.storeId, share.storeId),
        eq(tabShares.tabId, share.tabId),
        eq(tabShares.id, share.id),
        isNull(tabShares.paidAt),
      ),
    )
    .returning({ id: tabShares.id });
  return rows.length > 0;
}

export async function unpaidSharesOf(tx: DbExecutor, storeId: number, tabId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(tabShares)
    .where(and(eq(tabShares.storeId, storeId), eq(tabShares.tabId, tabId), isNull(tabShares.paidAt)));
  return row?.n ?? 0;
}

/** A closing tab whose every share is paid: closed. */
export async function closeTab(
  tx: DbExecutor,
  storeId: number,
  tabId: number,
  closed: { at: Date; by: number | null },
): Promise<void> {
  await tx
    .update(tableTabs)
    .set({ status: 'closed', closedAt: closed.at, closedBy: closed.by, updatedAt: closed.at })
    .where(and(eq(tableTabs.storeId, storeId), eq(tableTabs.id, tabId), eq(tableTabs.status, 'closing')));
}

// ---------------------------------------------------------------------------------------------
// Guests' calls

const callColumns = {
  id: tableCalls.id,
  kind: tableCalls.kind,
  tableId: tableCalls.tableId,
  tableDescription: diningTables.description,
  tabId: tableCalls.tabId,
  createdAt: tableCalls.createdAt,
  acknowledgedAt: tableCalls.acknowledgedAt,
};
export interface CallRow {
  id: number;
  kind: string;
  tableId: number;
  tableDescription: string;
  tabId: number | null;
  createdAt: Date;
  acknowledgedAt: Date | null;
}

/** The store's calls waiting for the staff (of some tables, or all), oldest first. */
export function waitingCalls(
  db: DbExecutor,
  storeId: number,
  tableIds: readonly number[] | null = null,
): Promise<CallRow[]> {
  if (tableIds !== null && tableIds.length === 0) return Promise.resolve([]);
  return db
    .select(callColumns)
    .from(tableCalls)
    .innerJoin(diningTables, eq(diningTables.id, tableCalls.tableId))
    .where(
      and(
        eq(tableCalls.storeId, storeId),
        isNull(tableCalls.acknowledgedAt),
        tableIds === null ? undefined : inArray(tableCalls.tableId, [...tableIds]),
      ),
    )
    .orderBy(asc(tableCalls.createdAt), asc(tableCalls.id));
}

export async function findCall(db: DbExecutor, storeId: number, id: number): Promise<CallRow | undefined> {
  const [row] = await db
    .select(callColumns)
    .from(tableCalls)
    .innerJoin(diningTables, eq(diningTables.id, tableCalls.tableId))
    .where(and(eq(tableCalls.storeId, storeId), eq(tableCalls.id, id)));
  return row;
}

export async function findWaitingCall(
  db: DbExecutor,
  storeId: number,
  tableId: number,
  kind: TableCallKind,
): Promise<CallRow | undefined> {
  const [row] = await db
    .select(callColumns)
    .from(tableCalls)
    .innerJoin(diningTables, eq(diningTables.id, tableCalls.tableId))
    .where(
      and(
        eq(tableCalls.storeId, storeId),
        eq(tableCalls.tableId, tableId),
        eq(tableCalls.kind, kind),
        isNull(tableCalls.acknowledgedAt),
      ),
    );
  return row;
}

/**
 * A new waiting call; undefined when one of this table and kind is waiting already (the partial
 * unique index decides, so two guests calling at once make one call).
 */
export async function insertCall(
  tx: DbExecutor,
  values: { storeId: number; tableId: number; tabId: number | null; kind: TableCallKind; createdAt: Date },
): Promise<number | undefined> {
  const [row] = await tx
    .insert(tableCalls)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: tableCalls.id });
  return row?.id;
}

/** Acknowledges a waiting call; false when it was acknowledged already. */
export async function acknowledgeCall(
  tx: DbExecutor,
  storeId: number,
  id: number,
  acknowledged: { at: Date; by: number },
): Promise<boolean> {
  const rows = await tx
    .update(tableCalls)
    .set({ acknowledgedAt: acknowledged.at, acknowledgedBy: acknowledged.by })
    .where(and(eq(tableCalls.storeId, storeId), eq(tableCalls.id, id), isNull(tableCalls.acknowledgedAt)))
    .returning({ id: tableCalls.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// A guest's payment attempts for shares: PIX charges and card attempts (tab_share_payments)

/** A share of the store with its tab's table and status. */
export async function findShareOfStore(db: DbExecutor, storeId: number, shareId: number) {
  const [row] = await db
    .select({ share: tabShares, tableId: tableTabs.tableId, tabStatus: tableTabs.status })
    .from(tabShares)
    .innerJoin(tableTabs, eq(tableTabs.id, tabShares.tabId))
    .where(and(eq(tabShares.storeId, storeId), eq(tabShares.id, shareId)));
  return row;
}

export type SharePaymentMethod = 'pix' | 'card';

/** The share's pending attempt of this method, if any (one at most: a partial unique index). */
export async function pendingSharePayment(
  db: DbExecutor,
  storeId: number,
  shareId: number,
  method: SharePaymentMethod,
): Promise<SharePaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(tabSharePayments)
    .where(
      and(
        eq(tabSharePayments.storeId, storeId),
        eq(tabSharePayments.shareId, shareId),
        eq(tabSharePayments.method, method),
        eq(tabSharePayments.status, 'pending'),
      ),
    );
  return row;
}

/** The share's pending attempts, whatever their method. */
export function pendingSharePayments(
  db: DbExecutor,
  storeId: number,
  shareId: number,
): Promise<SharePaymentRow[]> {
  return db
    .select()
    .from(tabSharePayments)
    .where(
      and(
        eq(tabSharePayments.storeId, storeId),
        eq(tabSharePayments.shareId, shareId),
        eq(tabSharePayments.status, 'pending'),
      ),
    )
    .orderBy(asc(tabSharePayments.id));
}

export async function findSharePayment(
  db: DbExecutor,
  storeId: number,
  shareId: number,
  id: number,
): Promise<SharePaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(tabSharePayments)
    .where(
      and(
        eq(tabSharePayments.storeId, storeId),
        eq(tabSharePayments.shareId, shareId),
        eq(tabSharePayments.id, id),
      ),
    );
  return row;
}

/** A new pending charge; undefined when the share has one already (another request's). */
export async function insertSharePayment(
  db: DbExecutor,
  row: {
    storeId: number;
    shareId: number;
    provider: string;
    method: SharePaymentMethod;
    reference: string;
    amount: number;
    expiresAt: Date;
    createdAt: Date;
  },
): Promise<SharePaymentRow | undefined> {
  const [inserted] = await db
    .insert(tabSharePayments)
    .values({ ...row, status: 'pending' })
    .onConflictDoNothing()
    .returning();
  return inserted;
}

export async function attachShareCharge(
  db: DbExecutor,
  id: number,
  charge: { providerRef: string; copyPaste: string; qr: string },
): Promise<SharePaymentRow | undefined> {
  const [row] = await db.update(tabSharePayments).set(charge).where(eq(tabSharePayments.id, id)).returning();
  return row;
}

/** A card attempt's provider payment (intent flow: opened with its client secret), while pending. */
export async function attachShareCard(
  db: DbExecutor,
  id: number,
  card: { providerRef: string; clientSecret: string | null },
): Promise<SharePaymentRow | undefined> {
  const [row] = await db
    .update(tabSharePayments)
    .set({ ...card, claimedAt: null })
    .where(
      and(
        eq(tabSharePayments.id, id),
        eq(tabSharePayments.status, 'pending'),
        isNull(tabSharePayments.providerRef),
      ),
    )
    .returning();
  return row;
}

/**
 * A card token is about to pay this attempt (token flow): only one at a time, and only while the
 * attempt has no provider payment yet. Undefined when another request holds it (a claim older than
 * `staleBefore` is taken as its request having died) or it moved on.
 */
export async function claimShareCard(
  db: DbExecutor,
  id: number,
  at: Date,
  staleBefore: Date,
): Promise<SharePaymentRow | undefined> {
  const [row] = await db
    .update(tabSharePayments)
    .set({ claimedAt: at })
    .where(
      and(
        eq(tabSharePayments.id, id),
        eq(tabSharePayments.status, 'pending'),
        isNull(tabSharePayments.providerRef),
        or(isNull(tabSharePayments.claimedAt), lt(tabSharePayments.claimedAt, staleBefore)),
      ),
    )
    .returning();
  return row;
}

/** The provider did not answer the token's payment: another token may try. */
export async function releaseShareCard(db: DbExecutor, id: number): Promise<void> {
  await db
    .update(tabSharePayments)
    .set({ claimedAt: null })
    .where(and(eq(tabSharePayments.id, id), isNull(tabSharePayments.providerRef)));
}

/** Moves a pending attempt to another status; undefined when it was no longer pending. */
export async function moveSharePayment(
  db: DbExecutor,
  id: number,
  change: {
    status: string;
    paidAt?: Date | null;
    needsManualRefund?: boolean;
    providerRef?: string;
    failure?: string | null;
  },
): Promise<SharePaymentRow | undefined> {
  const [row] = await db
    .update(tabSharePayments)
    .set(change)
    .where(and(eq(tabSharePayments.id, id), eq(tabSharePayments.status, 'pending')))
    .returning();
  return row;
}

/**
 * An attempt whose charge did not pay its share (paid otherwise first) and goes back through the
 * provider (docs/decisions/0037): no longer paid, with the share paid as its reason.
 */
export async function markShareChargeReturned(db: DbExecutor, id: number): Promise<void> {
  await db
    .update(tabSharePayments)
    .set({ status: 'refunded', failure: 'share_paid' })
    .where(and(eq(tabSharePayments.id, id), eq(tabSharePayments.status, 'paid')));
}

/** A paid attempt whose share was paid otherwise first: the store gives the money back by hand. */
/** Flags a share's charge for the store to give back by hand: true the first time only. */
export async function flagSharePaymentRefund(db: DbExecutor, id: number): Promise<boolean> {
  const rows = await db
    .update(tabSharePayments)
    .set({ needsManualRefund: true })
    .where(and(eq(tabSharePayments.id, id), eq(tabSharePayments.needsManualRefund, false)))
    .returning({ id: tabSharePayments.id });
  return rows.length === 1;
}

/** The store's share charges among these charges of its provider. */
export function sharePaymentsByProviderRefs(
  db: DbExecutor,
  storeId: number,
  provider: string,
  providerRefs: readonly string[],
): Promise<SharePaymentRow[]> {
  if (providerRefs.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(tabSharePayments)
    .where(
      and(
        eq(tabSharePayments.storeId, storeId),
        eq(tabSharePayments.provider, provider),
        inArray(tabSharePayments.providerRef, [...providerRefs]),
      ),
    );
}

/** The store's share attempts holding these charges or opened with these references (the ledger check). */
export function sharePaymentsForLedger(
  db: DbExecutor,
  storeId: number,
  provider: string,
  lookup: { providerRefs: readonly string[]; references: readonly string[] },
): Promise<SharePaymentRow[]> {
  const matches = [];
  if (lookup.providerRefs.length > 0)
    matches.push(inArray(tabSharePayments.providerRef, [...lookup.providerRefs]));
  if (lookup.references.length > 0) matches.push(inArray(tabSharePayments.reference, [...lookup.references]));
  if (matches.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(tabSharePayments)
    .where(
      and(eq(tabSharePayments.storeId, storeId), eq(tabSharePayments.provider, provider), or(...matches)),
    );
}

export async function sharePaymentByProviderRef(
  db: DbExecutor,
  storeId: number,
  providerRef: string,
): Promise<SharePaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(tabSharePayments)
    .where(and(eq(tabSharePayments.storeId, storeId), eq(tabSharePayments.providerRef, providerRef)));
  return row;
}

/** Per share of these tabs and method, the money paid in the app after the share was paid otherwise. */
export function shareMoneyToRefund(
  db: DbExecutor,
  storeId: number,
  tabIds: readonly number[],
): Promise<{ shareId: number; method: string; amount: number }[]> {
  if (tabIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      shareId: tabSharePayments.shareId,
      method: tabSharePayments.method,
      amount: sql<number>`sum(${tabSharePayments.amount})::int`,
    })
    .from(tabSharePayments)
    .innerJoin(tabShares, eq(tabShares.id, tabSharePayments.shareId))
    .where(
      and(
        eq(tabSharePayments.storeId, storeId),
        eq(tabSharePayments.needsManualRefund, true),
        inArray(tabShares.tabId, [...tabIds]),
      ),
    )
    .groupBy(tabSharePayments.shareId, tabSharePayments.method);
}
