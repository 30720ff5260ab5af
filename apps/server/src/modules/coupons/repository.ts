import { and, count, eq } from 'drizzle-orm';
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
