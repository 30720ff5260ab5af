import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { categories, printStations, products } from '../../db/schema.ts';

export type StationRow = typeof printStations.$inferSelect;

export function stationsOf(db: DbExecutor, storeId: number): Promise<StationRow[]> {
  return db
    .select()
    .from(printStations)
    .where(eq(printStations.storeId, storeId))
    .orderBy(asc(printStations.position), asc(printStations.id));
}

/** The store's categories and products with their stations, in menu order (deleted products left out). */
export async function routedMenuOf(db: DbExecutor, storeId: number) {
  const categoryRows = await db
    .select({ id: categories.id, name: categories.descricao, stationId: categories.stationId })
    .from(categories)
    .where(eq(categories.storeId, storeId))
    .orderBy(asc(categories.ordem), asc(categories.id));
  const productRows = await db
    .select({
      id: products.id,
      name: products.descricao,
      categoryId: products.categoryId,
      stationId: products.stationId,
    })
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.excluido, false)))
    .orderBy(asc(products.ordem), asc(products.id));
  return { categoryRows, productRows };
}

/** Locks the store's stations for a change (two managers adding the twentieth station at once). */
export async function lockStations(tx: DbExecutor, storeId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('print_stations'), ${storeId})`);
}

export async function insertStation(tx: DbExecutor, storeId: number, name: string, position: number) {
  const [row] = await tx
    .insert(printStations)
    .values({ storeId, name, position })
    .onConflictDoNothing()
    .returning({ id: printStations.id });
  return row ?? null;
}

/** Writes the stations' positions 0, 1, 2… in the given order. */
export async function renumber(tx: DbExecutor, storeId: number, idsInOrder: readonly number[]) {
  for (const [position, id] of idsInOrder.entries()) {
    await tx
      .update(printStations)
      .set({ position })
      .where(and(eq(printStations.storeId, storeId), eq(printStations.id, id)));
  }
}

export async function renameStation(tx: DbExecutor, storeId: number, id: number, name: string) {
  const [row] = await tx
    .update(printStations)
    .set({ name })
    .where(and(eq(printStations.storeId, storeId), eq(printStations.id, id)))
    .returning({ id: printStations.id });
  return row ?? null;
}

export async function deleteStation(tx: DbExecutor, storeId: number, id: number) {
  const [row] = await tx
    .delete(printStations)
    .where(and(eq(printStations.storeId, storeId), eq(printStations.id, id)))
    .returning({ id: printStations.id });
  return row ?? null;
}

/** How many of these ids are the store's own categories (or products). */
export async function countOwn(
  tx: DbExecutor,
  storeId: number,
  table: 'categories' | 'products',
  ids: readonly number[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const target = table === 'categories' ? categories : products;
  const rows = await tx
    .select({ id: target.id })
    .from(target)
    .where(and(eq(target.storeId, storeId), inArray(target.id, [...ids])));
  return rows.length;
}

export async function routeCategory(tx: DbExecutor, storeId: number, id: number, stationId: number | null) {
  await tx
    .update(categories)
    .set({ stationId })
    .where(and(eq(categories.storeId, storeId), eq(categories.id, id)));
}

export async function routeProduct(tx: DbExecutor, storeId: number, id: number, stationId: number | null) {
  await tx
    .update(products)
    .set({ stationId })
    .where(and(eq(products.storeId, storeId), eq(products.id, id)));
}
