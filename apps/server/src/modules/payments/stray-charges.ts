import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DbExecutor } from '../../db/client.ts';
import { strayCharges } from '../../db/schema.ts';
import { type ChargeState, type ProviderKind, RefundRefused } from './providers/provider.ts';

/*
 * Charges that are not their attempt's one paid charge (docs/decisions/0037): every online payment
 * flow (an order's PIX or card, a table share's PIX or card) gives such a charge to `giveBack`,
 * which records it before anything else and then returns its money in full through the provider
 * (or cancels it while it holds none). A provider that fails leaves the row due; the payments job
 * asks again with a back-off. The ledger check (reconciliation.ts) counts these rows as the
 * recorded refunds.
 */

export type StrayReason =
  /** Another card token of an attempt that already had its charge (or was being paid). */
  | 'second_charge'
  /** Paid after the attempt stopped: abandoned, expired, cancelled or failed. */
  | 'after_stop'
  /** A table share's charge paid after the share was paid otherwise (counter, the other method). */
  | 'share_settled'
  /** Paid with another amount than the attempt's. */
  | 'amount'
  /** Found at the provider with our reference by the ledger check, never recorded here. */
  | 'unrecorded';

export type StrayStatus = 'due' | 'refunded' | 'canceled' | 'manual';

export const isStrayStatus = (status: string): status is StrayStatus =>
  status === 'due' || status === 'refunded' || status === 'canceled' || status === 'manual';

export type StrayRow = typeof strayCharges.$inferSelect;

export interface StrayCharge {
  storeId: number;
  provider: ProviderKind;
  providerRef: string;
  /** The attempt's reference (ours). */
  reference: string;
  paymentId?: number | null;
  sharePaymentId?: number | null;
  reason: StrayReason;
  /** Centavos the charge holds, or asks while pending. */
  amount: number;
}

/** What `giveBack` needs of the store's provider (the payments module's provider set). */
export interface StrayProvider {
  refunds: boolean;
  getCharge(providerRef: string): Promise<ChargeState>;
  cancelCharge(providerRef: string): Promise<ChargeState>;
  refund(providerRef: string, amount: number, reference: string): Promise<void>;
}

export interface StrayChargesDeps {
  db: Database;
  now: () => Date;
  providerOf: (storeId: number) => Promise<StrayProvider | null>;
  log: FastifyBaseLogger;
}

/** The job asks a failing provider again after this long, doubled per try, at most an hour. */
const RETRY_BASE_MS = 30_000;
const RETRY_MAX_MS = 60 * 60_000;

export class StrayCharges {
  constructor(private readonly deps: StrayChargesDeps) {}

  /**
   * Records a stray charge (once per provider charge: a second call finds the first's row) and
   * gives its money back now. `state` is what the provider just said of it, when known.
   */
  async giveBack(charge: StrayCharge, state?: ChargeState): Promise<StrayRow> {
    const row = await this.record(charge);
    if (row.status !== 'due') return row;
    return this.settle(row, state);
  }

  /** A provider's notification named a recorded stray charge: a due one is asked again now. */
  async again(row: StrayRow): Promise<StrayRow> {
    return row.status === 'due' ? this.settle(row) : row;
  }

  /** The job's round: due rows whose back-off has passed are asked again. */
  async retryDue(limit = 50): Promise<{ tried: number }> {
    const { db, now } = this.deps;
    const rows = await db
      .select()
      .from(strayCharges)
      .where(eq(strayCharges.status, 'due'))
      .orderBy(strayCharges.updatedAt)
      .limit(limit);
    let tried = 0;
    for (const row of rows) {
      const wait = Math.min(RETRY_BASE_MS * 2 ** Math.max(0, row.tries - 1), RETRY_MAX_MS);
      if (row.tries > 0 && now().getTime() - row.updatedAt.getTime() < wait) continue;
      tried += 1;
      await this.settle(row);
    }
    return { tried };
  }

  /** The store's stray charges, newest first (the staff's ledger view). */
  list(db: DbExecutor, storeId: number, since: Date): Promise<StrayRow[]> {
    return db
      .select()
      .from(strayCharges)
      .where(and(eq(strayCharges.storeId, storeId), sql`${strayCharges.createdAt} >= ${since}`))
      .orderBy(sql`${strayCharges.createdAt} desc`);
  }

  /** The rows of these provider charges (the ledger check's look-up). */
  byProviderRefs(storeId: number, provider: ProviderKind, refs: readonly string[]): Promise<StrayRow[]> {
    if (refs.length === 0) return Promise.resolve([]);
    return this.deps.db
      .select()
      .from(strayCharges)
      .where(
        and(
          eq(strayCharges.storeId, storeId),
          eq(strayCharges.provider, provider),
          inArray(strayCharges.providerRef, [...refs]),
        ),
      );
  }

  private async record(charge: StrayCharge): Promise<StrayRow> {
    const { db, now } = this.deps;
    const at = now();
    await db
      .insert(strayCharges)
      .values({
        storeId: charge.storeId,
        provider: charge.provider,
        providerRef: charge.providerRef,
        reference: charge.reference,
        paymentId: charge.paymentId ?? null,
        sharePaymentId: charge.sharePaymentId ?? null,
        reason: charge.reason,
        amount: charge.amount,
        status: 'due',
        createdAt: at,
        updatedAt: at,
      })
      .onConflictDoNothing();
    const [row] = await db
      .select()
      .from(strayCharges)
      .where(
        and(
          eq(strayCharges.storeId, charge.storeId),
          eq(strayCharges.provider, charge.provider),
          eq(strayCharges.providerRef, charge.providerRef),
        ),
      );
    return row!;
  }

  /**
   * Reads the charge (unless just told), cancels it while pending, refunds what it holds, and moves
   * the row once (a conditional update: two of these racing move it once; the provider's refund is
   * idempotent by the row's own key, so they refund once).
   */
  private async settle(row: StrayRow, known?: ChargeState): Promise<StrayRow> {
    const { db, now, log } = this.deps;
    const provider = await this.deps.providerOf(row.storeId);
    const finish = async (status: StrayStatus, values: Partial<StrayRow> = {}) => {
      const [moved] = await db
        .update(strayCharges)
        .set({ ...values, status, updatedAt: now() })
        .where(and(eq(strayCharges.id, row.id), eq(strayCharges.status, 'due')))
        .returning();
      return moved ?? (await this.reread(row));
    };
    if (!provider?.refunds) return finish('manual');
    try {
      let state = known ?? (await provider.getCharge(row.providerRef));
      if (state.status === 'pending') state = await provider.cancelCharge(row.providerRef);
      switch (state.status) {
        case 'pending':
          throw new Error('the provider kept the charge pending after a cancel');
        case 'paid': {
          const amount = state.paidAmount ?? row.amount;
          await provider.refund(row.providerRef, amount, `${row.reference}X${row.id}`);
          return finish('refunded', { amount, refundedAmount: amount, lastError: null });
        }
        case 'refunded':
          return finish('refunded', { refundedAmount: state.paidAmount ?? row.amount, lastError: null });
        default:
          return finish('canceled', { lastError: null });
      }
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      // Refused for good (an API Pix devolução NAO_REALIZADO): the store gives it back by other means.
      if (error instanceof RefundRefused) return finish('manual', { lastError: reason.slice(0, 300) });
      log.warn({ strayChargeId: row.id, reason }, 'stray charge not given back yet');
      const [after] = await db
        .update(strayCharges)
        .set({ tries: sql`${strayCharges.tries} + 1`, lastError: reason.slice(0, 300), updatedAt: now() })
        .where(and(eq(strayCharges.id, row.id), eq(strayCharges.status, 'due')))
        .returning();
      return after ?? (await this.reread(row));
    }
  }

  private async reread(row: StrayRow): Promise<StrayRow> {
    const [found] = await this.deps.db.select().from(strayCharges).where(eq(strayCharges.id, row.id));
    return found ?? row;
  }
}
