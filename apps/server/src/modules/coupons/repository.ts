import { and, asc, count, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { couponRedemptions, coupons } from '../../db/schema.ts';

export type CouponRow = typeof coupons.$inferSelect;

export async function findCouponByCode(
  db: DbExecutor,
  storeId: number,
  code: string,
): Promise<CouponRow | undefined> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.storeId, storeId), eq(coupons.code, code)));
  return row;
}

/** Orders of this customer that used the coupon. */
export async function countCustomerRedemptions(
  db: DbExecutor,
  couponId: number,
  customerId: number,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.customerId, customerId)));
  return row?.n ?? 0;
}

/** The store's active coupons, by code. */
export async function listActiveCoupons(db: DbExecutor, storeId: number): Promise<CouponRow[]> {
  return db
    .select()
    .from(coupons)
    .where(and(eq(coupons.storeId, storeId), eq(coupons.ativo, true)))
    .orderBy(asc(coupons.code));
}

/** couponId → orders of this customer that used it, for the coupons the customer ever used. */
export async function customerRedemptionsByCoupon(
  db: DbExecutor,
  customerId: number,
): Promise<Map<number, number>> {
  const rows = await db
    .select({ couponId: couponRedemptions.couponId, n: count() })
    .from(couponRedemptions)
    .where(eq(couponRedemptions.customerId, customerId))
    .groupBy(couponRedemptions.couponId);
  return new Map(rows.map((row) => [row.couponId, row.n]));
}
