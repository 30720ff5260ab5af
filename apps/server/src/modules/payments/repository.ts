import type { PaymentStatus } from '@comanda/contract';
import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import {
  companySettings,
  customers,
  orders,
  paymentCustomers,
  paymentEvents,
  paymentNotifications,
  payments,
  savedCards,
  storePaymentProviders,
  stores,
} from '../../db/schema.ts';

/*
 * Payments (docs/decisions/0018): every move of a payment is a conditional UPDATE from the status
 * it must have, with its event in payment_events, so of two actors moving one payment exactly one
 * does.
 */

export type PaymentRow = typeof payments.$inferSelect;
export type { PaymentStatus };
export type ProviderRow = typeof storePaymentProviders.$inferSelect;

export interface NewPayment {
  storeId: number;
  orderId: number;
  customerId: number;
  publicId: string;
  provider: string;
  method: 'pix' | 'card';
  reference: string;
  amount: number;
  pointsToEarn: number;
  expiresAt: Date;
  at: Date;
  savedCardId?: number | null;
}

export async function insertPayment(tx: DbExecutor, values: NewPayment): Promise<PaymentRow> {
  const [row] = await tx
    .insert(payments)
    .values({
      storeId: values.storeId,
      orderId: values.orderId,
      customerId: values.customerId,
      publicId: values.publicId,
      provider: values.provider,
      method: values.method,
      reference: values.reference,
      amount: values.amount,
      pointsToEarn: values.pointsToEarn,
      savedCardId: values.savedCardId ?? null,
      status: 'pending',
      expiresAt: values.expiresAt,
      createdAt: values.at,
      updatedAt: values.at,
    })
    .returning();
  await tx.insert(paymentEvents).values({
    storeId: values.storeId,
    paymentId: row!.id,
    fromStatus: null,
    toStatus: 'pending',
    source: 'create',
    at: values.at,
  });
  return row!;
}

/** The provider's charge, once it answered; only on a pending payment without one. */
export async function attachCharge(
  db: DbExecutor,
  id: number,
  charge: { providerRef: string; copyPaste: string; qrPngBase64: string | null; at: Date },
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .update(payments)
    .set({
      providerRef: charge.providerRef,
      copyPaste: charge.copyPaste,
      qrPngBase64: charge.qrPngBase64,
      checkedAt: charge.at,
      updatedAt: charge.at,
    })
    .where(and(eq(payments.id, id), eq(payments.status, 'pending'), isNull(payments.providerRef)))
    .returning();
  return row;
}

export async function findById(db: DbExecutor, id: number): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
}

/** A customer's payment by the storefront's intent_id; another customer's or store's is undefined. */
/**
 * A PIX charge of an order a staff member entered (docs/decisions/0063), by its public id, in the
 * store: a customer's own attempt is not the counter's to read or cancel.
 */
export async function findCounterPayment(
  db: DbExecutor,
  storeId: number,
  publicId: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select({ payment: payments })
    .from(payments)
    .innerJoin(orders, and(eq(orders.storeId, payments.storeId), eq(orders.id, payments.orderId)))
    .where(
      and(
        eq(payments.storeId, storeId),
        eq(payments.publicId, publicId),
        eq(payments.method, 'pix'),
        isNotNull(orders.enteredBy),
      ),
    );
  return row?.payment;
}

export async function findByPublicId(
  db: DbExecutor,
  storeId: number,
  customerId: number,
  publicId: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.storeId, storeId),
        eq(payments.customerId, customerId),
        eq(payments.publicId, publicId),
      ),
    );
  return row;
}

export async function findStorePayment(db: DbExecutor, storeId: number, id: number) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.storeId, storeId), eq(payments.id, id)));
  return row;
}

export async function findByOrder(db: DbExecutor, storeId: number, orderId: number) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.storeId, storeId), eq(payments.orderId, orderId)));
  return row;
}

export function findByProviderRefs(
  db: DbExecutor,
  storeId: number,
  provider: string,
  providerRefs: readonly string[],
): Promise<PaymentRow[]> {
  if (providerRefs.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.storeId, storeId),
        eq(payments.provider, provider),
        inArray(payments.providerRef, [...providerRefs]),
      ),
    );
}

/**
 * Takes the turn to ask the provider about a payment: true for one caller at a time per
 * `minGapMs` (the poll, the notifications and the reconciliation job share the provider's limits).
 */
export async function claimCheck(db: DbExecutor, id: number, at: Date, minGapMs: number): Promise<boolean> {
  const before = new Date(at.getTime() - minGapMs);
  const rows = await db
    .update(payments)
    .set({ checkedAt: at })
    .where(and(eq(payments.id, id), or(isNull(payments.checkedAt), lt(payments.checkedAt, before))))
    .returning({ id: payments.id });
  return rows.length > 0;
}

export interface Move {
  id: number;
  from: readonly PaymentStatus[];
  to: PaymentStatus;
  source: string;
  at: Date;
  detail?: string | null;
  paidAmount?: number | null;
  paidAt?: Date | null;
  refundedAmount?: number;
  needsManualRefund?: boolean;
  refundReason?: RefundReason;
  /**
   * Only while the payment still holds this provider charge (null: none yet): a stop decided on
   * what the payment looked like must not land after a charge was attached meanwhile.
   */
  whileProviderRef?: string | null;
}

/** Why a payment's money went back (the customer's words follow it). */
export type RefundReason = 'late' | 'amount' | 'stopped' | 'store_cancel' | 'provider';

/** Moves a payment from one of `from` to `to`, with its event; undefined when it was not in `from`. */
export async function move(tx: DbExecutor, m: Move): Promise<PaymentRow | undefined> {
  const [before] = await tx
    .select({ status: payments.status, storeId: payments.storeId })
    .from(payments)
    .where(
      and(
        eq(payments.id, m.id),
        inArray(payments.status, [...m.from]),
        m.whileProviderRef === undefined
          ? undefined
          : m.whileProviderRef === null
            ? isNull(payments.providerRef)
            : eq(payments.providerRef, m.whileProviderRef),
      ),
    )
    .for('update');
  if (!before) return undefined;
  const [row] = await tx
    .update(payments)
    .set({
      status: m.to,
      updatedAt: m.at,
      ...(m.detail !== undefined ? { detail: m.detail } : {}),
      ...(m.paidAmount !== undefined ? { paidAmount: m.paidAmount } : {}),
      ...(m.paidAt !== undefined ? { paidAt: m.paidAt } : {}),
      ...(m.refundedAmount !== undefined ? { refundedAmount: m.refundedAmount } : {}),
      ...(m.needsManualRefund !== undefined ? { needsManualRefund: m.needsManualRefund } : {}),
      ...(m.refundReason !== undefined ? { refundReason: m.refundReason } : {}),
    })
    .where(eq(payments.id, m.id))
    .returning();
  await tx.insert(paymentEvents).values({
    storeId: before.storeId,
    paymentId: m.id,
    fromStatus: before.status,
    toStatus: m.to,
    source: m.source,
    detail: m.detail ?? null,
    at: m.at,
  });
  return row;
}

/** Money that came for a payment that no longer counts and that the provider cannot give back. */
export async function flagManualRefund(
  tx: DbExecutor,
  id: number,
  paidAmount: number,
  source: string,
  at: Date,
) {
  const [row] = await tx
    .update(payments)
    .set({ needsManualRefund: true, paidAmount, updatedAt: at })
    .where(and(eq(payments.id, id), eq(payments.needsManualRefund, false)))
    .returning();
  if (row) {
    await tx.insert(paymentEvents).values({
      storeId: row.storeId,
      paymentId: id,
      fromStatus: row.status,
      toStatus: row.status,
      source,
      detail: 'paid after it stopped counting: refund by hand',
      at,
    });
  }
  return row;
}

/** Records a verified notification; false when this event was recorded before (a duplicate). */
export async function recordNotification(
  db: DbExecutor,
  values: { storeId: number; provider: string; eventId: string; at: Date },
): Promise<boolean> {
  const rows = await db
    .insert(paymentNotifications)
    .values({
      storeId: values.storeId,
      provider: values.provider,
      eventId: values.eventId,
      receivedAt: values.at,
    })
    .onConflictDoNothing()
    .returning({ eventId: paymentNotifications.eventId });
  return rows.length > 0;
}

export async function notificationSeen(db: DbExecutor, storeId: number, provider: string, eventId: string) {
  const [row] = await db
    .select({ eventId: paymentNotifications.eventId })
    .from(paymentNotifications)
    .where(
      and(
        eq(paymentNotifications.storeId, storeId),
        eq(paymentNotifications.provider, provider),
        eq(paymentNotifications.eventId, eventId),
      ),
    );
  return row !== undefined;
}

/**
 * Payments the reconciliation job looks at: pending ones not asked about for `gapMs` (their
 * notification may be lost, or they expired), and ones that stopped counting in the last hour (a
 * late payment whose notification was lost). Oldest check first.
 */
export function listDue(db: DbExecutor, now: Date, gapMs: number, limit: number): Promise<PaymentRow[]> {
  const before = new Date(now.getTime() - gapMs);
  const lateWindow = new Date(now.getTime() - 60 * 60 * 1000);
  return db
    .select()
    .from(payments)
    .where(
      and(
        or(
          eq(payments.status, 'pending'),
          and(
            inArray(payments.status, ['expired', 'canceled']),
            sql`${payments.updatedAt} > ${lateWindow.toISOString()}::timestamptz`,
            eq(payments.needsManualRefund, false),
          ),
        ),
        or(isNull(payments.checkedAt), lt(payments.checkedAt, before)),
      ),
    )
    .orderBy(sql`${payments.checkedAt} asc nulls first`)
    .limit(limit);
}

export async function findProviderConfig(db: DbExecutor, storeId: number): Promise<ProviderRow | undefined> {
  const [row] = await db
    .select()
    .from(storePaymentProviders)
    .where(eq(storePaymentProviders.storeId, storeId));
  return row;
}

export function listProviderConfigs(db: DbExecutor) {
  return db
    .select({ config: storePaymentProviders, slug: stores.slug })
    .from(storePaymentProviders)
    .innerJoin(stores, eq(stores.id, storePaymentProviders.storeId));
}

export async function saveProviderConfig(
  db: DbExecutor,
  values: {
    storeId: number;
    provider: string;
    settings: Record<string, unknown>;
    secrets: string | null;
    notificationToken: string;
    at: Date;
  },
): Promise<void> {
  await db
    .insert(storePaymentProviders)
    .values({ ...values, updatedAt: values.at })
    .onConflictDoUpdate({
      target: storePaymentProviders.storeId,
      set: {
        provider: values.provider,
        settings: values.settings,
        secrets: values.secrets,
        updatedAt: values.at,
        // New settings, a new registration to come.
        webhookStatus: null,
      },
    });
}

/** What registering the store's notification URL at its provider came to (shown to the owner). */
export async function recordWebhookStatus(
  db: DbExecutor,
  storeId: number,
  status: { ok: boolean; url: string; detail: string | null; at: Date },
): Promise<void> {
  await db
    .update(storePaymentProviders)
    .set({ webhookStatus: { ...status, at: status.at.toISOString() } })
    .where(eq(storePaymentProviders.storeId, storeId));
}

export async function removeProviderConfig(db: DbExecutor, storeId: number): Promise<void> {
  await db.delete(storePaymentProviders).where(eq(storePaymentProviders.storeId, storeId));
}

/** What the payment calls need of the store: its slug, name and how long a PIX code lasts. */
export async function storeFacts(db: DbExecutor, storeId: number) {
  const [row] = await db
    .select({
      slug: stores.slug,
      name: companySettings.nome,
      expirationTimePix: companySettings.expirationTimePix,
      onlinePayment: companySettings.onlinePayment,
      paymentByPix: companySettings.paymentByPix,
      paymentByCard: companySettings.paymentByCard,
    })
    .from(stores)
    .innerJoin(companySettings, eq(companySettings.storeId, stores.id))
    .where(eq(stores.id, storeId));
  return row;
}

export async function customerFacts(db: DbExecutor, storeId: number, customerId: number) {
  const [row] = await db
    .select({ email: customers.email, points: customers.pontosFidelidade, name: customers.nome })
    .from(customers)
    .where(and(eq(customers.storeId, storeId), eq(customers.id, customerId)));
  return row;
}

export async function storeSlug(db: DbExecutor, storeId: number): Promise<string> {
  const [row] = await db.select({ slug: stores.slug }).from(stores).where(eq(stores.id, storeId));
  if (!row) throw new Error(`no store ${storeId}`);
  return row.slug;
}

// ---------------------------------------------------------------------------------------------
// Cards (issue 15): the card payment's provider reference, the customer at the provider, saved cards

export type SavedCardRow = typeof savedCards.$inferSelect;

/** A card payment's PaymentIntent, once the provider answered; only on a pending payment without one. */
export async function attachCardPayment(
  db: DbExecutor,
  id: number,
  card: { providerRef: string; clientSecret: string | null; at: Date },
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .update(payments)
    .set({
      providerRef: card.providerRef,
      clientSecret: card.clientSecret,
      claimedAt: null,
      updatedAt: card.at,
    })
    .where(and(eq(payments.id, id), eq(payments.status, 'pending'), isNull(payments.providerRef)))
    .returning();
  return row;
}

/**
 * Takes the turn to pay a pending card payment with a token (the token flow): for one request at
 * a time, before the provider is called, so an attempt never holds two charges. A claim older than
 * `staleBefore` is of a request that died and may be taken over.
 */
export async function claimCard(
  db: DbExecutor,
  id: number,
  at: Date,
  staleBefore: Date,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .update(payments)
    .set({ claimedAt: at })
    .where(
      and(
        eq(payments.id, id),
        eq(payments.status, 'pending'),
        isNull(payments.providerRef),
        or(isNull(payments.claimedAt), lt(payments.claimedAt, staleBefore)),
      ),
    )
    .returning();
  return row;
}

/** The token being paid with came to nothing (declined, the provider failed): the next may try. */
export async function releaseCard(db: DbExecutor, id: number, claimedAt: Date): Promise<void> {
  await db
    .update(payments)
    .set({ claimedAt: null })
    .where(and(eq(payments.id, id), eq(payments.claimedAt, claimedAt)));
}

export async function recordAuthorization(tx: DbExecutor, id: number, code: string): Promise<void> {
  await tx.update(payments).set({ authorizationCode: code }).where(eq(payments.id, id));
}

export async function findProviderCustomer(
  db: DbExecutor,
  key: { storeId: number; customerId: number; provider: string },
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: paymentCustomers.providerCustomerId })
    .from(paymentCustomers)
    .where(
      and(
        eq(paymentCustomers.storeId, key.storeId),
        eq(paymentCustomers.customerId, key.customerId),
        eq(paymentCustomers.provider, key.provider),
      ),
    );
  return row?.id;
}

/** Keeps the provider's customer; of two racing, the first kept wins and is answered to both. */
export async function keepProviderCustomer(
  db: DbExecutor,
  key: { storeId: number; customerId: number; provider: string },
  providerCustomerId: string,
  at: Date,
): Promise<string> {
  await db
    .insert(paymentCustomers)
    .values({ ...key, providerCustomerId, createdAt: at })
    .onConflictDoNothing();
  return (await findProviderCustomer(db, key)) ?? providerCustomerId;
}

/** The customer's saved cards at this store (deleted ones left out), oldest first. */
export function listSavedCards(db: DbExecutor, storeId: number, customerId: number): Promise<SavedCardRow[]> {
  return db
    .select()
    .from(savedCards)
    .where(
      and(
        eq(savedCards.storeId, storeId),
        eq(savedCards.customerId, customerId),
        isNull(savedCards.deletedAt),
      ),
    )
    .orderBy(savedCards.id);
}

/** One of the customer's own cards at this store (deleted ones too: the caller decides). */
export async function findSavedCard(
  db: DbExecutor,
  storeId: number,
  customerId: number,
  id: number,
): Promise<SavedCardRow | undefined> {
  const [row] = await db
    .select()
    .from(savedCards)
    .where(
      and(eq(savedCards.id, id), eq(savedCards.storeId, storeId), eq(savedCards.customerId, customerId)),
    );
  return row;
}

/** A card the provider kept for the customer; the same card saved again stays one row (undeleted). */
export async function keepSavedCard(
  tx: DbExecutor,
  card: {
    storeId: number;
    customerId: number;
    provider: string;
    providerMethodId: string;
    brand: string;
    last4: string;
    at: Date;
  },
): Promise<void> {
  await tx
    .insert(savedCards)
    .values({
      storeId: card.storeId,
      customerId: card.customerId,
      provider: card.provider,
      providerMethodId: card.providerMethodId,
      brand: card.brand,
      last4: card.last4,
      createdAt: card.at,
    })
    .onConflictDoUpdate({
      target: [savedCards.storeId, savedCards.provider, savedCards.providerMethodId],
      set: { deletedAt: null },
      where: eq(savedCards.customerId, card.customerId),
    });
}

/** Marks the card deleted; false when it was not the customer's or already deleted. */
export async function deleteSavedCard(
  db: DbExecutor,
  storeId: number,
  customerId: number,
  id: number,
  at: Date,
): Promise<SavedCardRow | undefined> {
  const [row] = await db
    .update(savedCards)
    .set({ deletedAt: at })
    .where(
      and(
        eq(savedCards.id, id),
        eq(savedCards.storeId, storeId),
        eq(savedCards.customerId, customerId),
        isNull(savedCards.deletedAt),
      ),
    )
    .returning();
  return row;
}

/** A payment of the ledger check, with whether its order reached the store. */
export interface LedgerPayment extends PaymentRow {
  orderReleased: boolean;
}

/**
 * The ledger check's payments of a store at a provider: those holding these charges, those opened
 * with these references, and those paid within the period (whatever the provider lists).
 */
export async function ledgerPayments(
  db: DbExecutor,
  storeId: number,
  provider: string,
  lookup: { providerRefs: readonly string[]; references: readonly string[]; paidFrom: Date; paidTo: Date },
): Promise<LedgerPayment[]> {
  const matches = [
    and(
      eq(payments.status, 'paid'),
      sql`${payments.paidAt} >= ${lookup.paidFrom}`,
      lt(payments.paidAt, lookup.paidTo),
    ),
  ];
  if (lookup.providerRefs.length > 0) matches.push(inArray(payments.providerRef, [...lookup.providerRefs]));
  if (lookup.references.length > 0) matches.push(inArray(payments.reference, [...lookup.references]));
  const rows = await db
    .select({
      payment: payments,
      released: sql<boolean>`${orders.awaitingPayment} = false and ${orders.status} <> 'Cancelado'`,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.storeId, storeId), eq(payments.provider, provider), or(...matches)));
  return rows.map((row) => ({ ...row.payment, orderReleased: Boolean(row.released) }));
}

/** The stores whose payments go through a provider of their own (the ledger check's round). */
export async function storesWithProvider(db: DbExecutor): Promise<number[]> {
  const rows = await db.select({ storeId: storePaymentProviders.storeId }).from(storePaymentProviders);
  return rows.map((row) => row.storeId);
}

/** The store's numbers (orders.numero, ADR 0065) of some of its orders, by id. */
export async function orderNumbersOf(
  db: DbExecutor,
  storeId: number,
  ids: readonly number[],
): Promise<Map<number, number | null>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: orders.id, numero: orders.numero })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), inArray(orders.id, [...ids])));
  return new Map(rows.map((row) => [row.id, row.numero]));
}
