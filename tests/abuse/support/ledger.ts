import { eq } from 'drizzle-orm';
import {
  orders,
  payments,
  strayCharges,
  tabSharePayments,
  tabShares,
} from '../../../apps/server/src/db/schema.ts';
import type { PaymentsTestApp } from '../../../apps/server/src/test/payments.ts';

/*
 * The money invariant of issue 30, read from both sides and from nothing of the product's own
 * reasoning: every charge the stand-in PSP holds is either without money, or kept for exactly one
 * released order or one paid table share, or given back with a refund that our database records.
 */

export interface LedgerTally {
  charges: number;
  kept: number;
  refunded: number;
  unpaid: number;
  violations: string[];
}

export async function providerLedger(p: PaymentsTestApp): Promise<LedgerTally> {
  const db = p.t.database.db;
  const tally: LedgerTally = { charges: 0, kept: 0, refunded: 0, unpaid: 0, violations: [] };
  const keptFor = new Map<string, string>();
  for (const charge of p.standin.context.book.list()) {
    tally.charges += 1;
    const held =
      charge.status === 'paid' || charge.status === 'refunded' ? (charge.paidAmount ?? charge.amount) : 0;
    const [payment] = await db
      .select({
        status: payments.status,
        id: payments.id,
        awaiting: orders.awaitingPayment,
        order: orders.status,
      })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(eq(payments.providerRef, charge.providerRef));
    const [share] = await db
      .select({ status: tabSharePayments.status, shareId: tabShares.id, sharePaidAt: tabShares.paidAt })
      .from(tabSharePayments)
      .innerJoin(tabShares, eq(tabShares.id, tabSharePayments.shareId))
      .where(eq(tabSharePayments.providerRef, charge.providerRef));
    const [stray] = await db
      .select()
      .from(strayCharges)
      .where(eq(strayCharges.providerRef, charge.providerRef));
    const name = `${charge.shape} ${charge.providerRef} (${charge.status}, ${held} held, ${charge.refundedAmount} back)`;
    if (held === 0) {
      tally.unpaid += 1;
      if (payment?.status === 'paid') tally.violations.push(`${name}: paid here, holds no money there`);
      continue;
    }
    if (charge.refundedAmount >= held) {
      tally.refunded += 1;
      const recorded = payment?.status === 'refunded' || stray?.status === 'refunded';
      if (!recorded) tally.violations.push(`${name}: refunded there, no refund recorded here`);
      continue;
    }
    tally.kept += 1;
    const forOrder = payment?.status === 'paid' && !payment.awaiting && payment.order !== 'Cancelado';
    const forShare = share?.status === 'paid' && share.sharePaidAt !== null;
    if (stray || !(forOrder || forShare)) {
      tally.violations.push(`${name}: kept there, no released order or paid share for it here`);
      continue;
    }
    const owner = forOrder ? `payment ${payment!.id}` : `share ${share!.shareId}`;
    const other = keptFor.get(owner);
    if (other) tally.violations.push(`${name}: ${owner} already keeps ${other}`);
    keptFor.set(owner, charge.providerRef);
  }
  return tally;
}
