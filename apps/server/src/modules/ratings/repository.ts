import { and, desc, eq, lt, lte, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { customers, orderRatings, orderStatusChanges, orders } from '../../db/schema.ts';

/** The customer's own released order at the store (ids of others' orders reveal nothing). */
export async function customerOrder(db: DbExecutor, storeId: number, customerId: number, orderId: number) {
  const [row] = await db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(
      and(
        eq(orders.storeId, storeId),
        eq(orders.customerId, customerId),
        eq(orders.id, orderId),
        eq(orders.awaitingPayment, false),
      ),
    );
  return row;
}

/** When the order last became Entregue, null when it never did. */
export async function deliveredAt(db: DbExecutor, storeId: number, orderId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: orderStatusChanges.at })
    .from(orderStatusChanges)
    .where(
      and(
        eq(orderStatusChanges.storeId, storeId),
        eq(orderStatusChanges.orderId, orderId),
        eq(orderStatusChanges.toStatus, 'Entregue'),
      ),
    )
    .orderBy(desc(orderStatusChanges.id))
    .limit(1);
  return row?.at ?? null;
}

export async function isRated(db: DbExecutor, storeId: number, orderId: number): Promise<boolean> {
  const [row] = await db
    .select({ orderId: orderRatings.orderId })
    .from(orderRatings)
    .where(and(eq(orderRatings.storeId, storeId), eq(orderRatings.orderId, orderId)));
  return row !== undefined;
}

/** Writes the rating unless the order has one already (a second tap racing the first): whether it wrote. */
export async function insertRating(
  db: DbExecutor,
  rating: typeof orderRatings.$inferInsert,
): Promise<typeof orderRatings.$inferSelect | undefined> {
  const [row] = await db.insert(orderRatings).values(rating).onConflictDoNothing().returning();
  return row;
}

/** How many ratings of each star count the store has. */
export function starCounts(db: DbExecutor, storeId: number) {
  return db
    .select({ stars: orderRatings.stars, count: sql<number>`count(*)::int` })
    .from(orderRatings)
    .where(eq(orderRatings.storeId, storeId))
    .groupBy(orderRatings.stars);
}

/** The store's ratings newest first, with the order's delivery type and the customer's name. */
export function listRatings(
  db: DbExecutor,
  storeId: number,
  { maxStars, before, limit }: { maxStars?: number; before?: Date; limit: number },
) {
  return db
    .select({
      orderId: orderRatings.orderId,
      number: orders.numero,
      stars: orderRatings.stars,
      comment: orderRatings.comment,
      at: orderRatings.at,
      deliveryType: orders.tipoEntrega,
      customerName: customers.nome,
    })
    .from(orderRatings)
    .innerJoin(orders, and(eq(orders.id, orderRatings.orderId), eq(orders.storeId, orderRatings.storeId)))
    .innerJoin(customers, eq(customers.id, orderRatings.customerId))
    .where(
      and(
        eq(orderRatings.storeId, storeId),
        maxStars === undefined ? undefined : lte(orderRatings.stars, maxStars),
        before === undefined ? undefined : lt(orderRatings.at, before),
      ),
    )
    .orderBy(desc(orderRatings.at), desc(orderRatings.orderId))
    .limit(limit);
}
