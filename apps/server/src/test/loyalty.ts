import { and, eq } from 'drizzle-orm';
import type { DbExecutor } from '../db/client.ts';
import { loyaltyPointsLedger } from '../db/schema.ts';

/** A customer's points history, oldest first (the balance is the sum of its deltas). */
export function listLoyaltyLedger(db: DbExecutor, storeId: number, customerId: number) {
  return db
    .select()
    .from(loyaltyPointsLedger)
    .where(and(eq(loyaltyPointsLedger.storeId, storeId), eq(loyaltyPointsLedger.customerId, customerId)))
    .orderBy(loyaltyPointsLedger.id);
}
