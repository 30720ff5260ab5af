import type { OpenMode } from '@comanda/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import {
  categories,
  companySettings,
  optionGroupItems,
  optionGroups,
  productGroups,
  products,
  storeAuditLog,
  stores,
} from '../../db/schema.ts';

export interface ControlsChange {
  openMode?: OpenMode;
  pausedUntil?: Date | null;
  pauseReason?: string | null;
  autoAccept?: boolean;
  autoPrint?: boolean;
  refusalReasons?: string[] | null;
  cancelReasons?: string[] | null;
}

/**
 * Raises the store's menu version: every write that changes what the storefront shows or what an
 * order may hold calls it in its own transaction, so menu caches and the order pricing copies drop
 * what they hold (docs/decisions/0014, 0024).
 */
export async function raiseMenuVersion(tx: DbExecutor, storeId: number): Promise<number> {
  const [row] = await tx
    .update(stores)
    .set({ menuVersion: sql`${stores.menuVersion} + 1`, updatedAt: sql`now()` })
    .where(eq(stores.id, storeId))
    .returning({ version: stores.menuVersion });
  return row!.version;
}

export async function updateControls(tx: DbExecutor, storeId: number, change: ControlsChange): Promise<void> {
  await tx.update(companySettings).set(change).where(eq(companySettings.storeId, storeId));
}

/** Whether the product is sold out now, its row locked until the transaction ends. */
export async function lockProductSoldOut(tx: DbExecutor, storeId: number, id: number) {
  const [row] = await tx
    .select({ esgotado: products.esgotado })
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.id, id), eq(products.excluido, false)))
    .for('update');
  return row?.esgotado;
}

export async function setProductSoldOut(tx: DbExecutor, storeId: number, id: number, soldOut: boolean) {
  const [row] = await tx
    .update(products)
    .set({ esgotado: soldOut })
    .where(and(eq(products.storeId, storeId), eq(products.id, id), eq(products.excluido, false)))
    .returning({
      id: products.id,
      ref: products.ref,
      descricao: products.descricao,
      esgotado: products.esgotado,
    });
  return row;
}

/** An option item of the store (not deleted), with what makes copies of it the same item. */
export async function findOptionItem(tx: DbExecutor, storeId: number, id: number) {
  const [row] = await tx
    .select({ id: optionGroupItems.id, ref: optionGroupItems.ref, descricao: optionGroupItems.descricao })
    .from(optionGroupItems)
    .where(
      and(
        eq(optionGroupItems.storeId, storeId),
        eq(optionGroupItems.id, id),
        eq(optionGroupItems.excluido, false),
      ),
    );
  return row;
}

/** The store's option items (not deleted) with this ref, in every group, their rows locked. */
export function lockOptionItemsByRef(tx: DbExecutor, storeId: number, ref: string) {
  return tx
    .select({
      id: optionGroupItems.id,
      descricao: optionGroupItems.descricao,
      esgotado: optionGroupItems.esgotado,
    })
    .from(optionGroupItems)
    .where(
      and(
        eq(optionGroupItems.storeId, storeId),
        eq(optionGroupItems.ref, ref),
        eq(optionGroupItems.excluido, false),
      ),
    )
    .orderBy(asc(optionGroupItems.id))
    .for('update');
}

export async function setOptionItemsSoldOut(
  tx: DbExecutor,
  storeId: number,
  ids: number[],
  soldOut: boolean,
) {
  await tx
    .update(optionGroupItems)
    .set({ esgotado: soldOut })
    .where(and(eq(optionGroupItems.storeId, storeId), inArray(optionGroupItems.id, ids)));
}

export type NewAuditRow = typeof storeAuditLog.$inferInsert;

/** A control used during service, in the store's change history (the editor's audit log). */
export async function insertAudit(tx: DbExecutor, row: NewAuditRow): Promise<void> {
  await tx.insert(storeAuditLog).values(row);
}

/** The store's pause as it stands, for the history's before. */
export async function pauseOf(tx: DbExecutor, storeId: number) {
  const [row] = await tx
    .select({ pausedUntil: companySettings.pausedUntil, pauseReason: companySettings.pauseReason })
    .from(companySettings)
    .where(eq(companySettings.storeId, storeId));
  return row;
}

/** The products the app lists (not deleted, active for orders, in an active category), in menu order. */
export function listProductAvailability(db: DbExecutor, storeId: number) {
  return db
    .select({
      id: products.id,
      descricao: products.descricao,
      esgotado: products.esgotado,
      categoryId: categories.id,
      categoria: categories.descricao,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(
      and(
        eq(products.storeId, storeId),
        eq(products.excluido, false),
        eq(products.ativoPedidos, true),
        eq(categories.ativo, true),
      ),
    )
    .orderBy(asc(categories.ordem), asc(categories.id), asc(products.ordem), asc(products.id));
}

/** The option items the app offers (not deleted, active for orders), by group. */
export function listOptionItemAvailability(db: DbExecutor, storeId: number) {
  return db
    .select({
      id: optionGroupItems.id,
      ref: optionGroupItems.ref,
      descricao: optionGroupItems.descricao,
      esgotado: optionGroupItems.esgotado,
      groupId: optionGroups.id,
      grupo: optionGroups.descricao,
    })
    .from(optionGroupItems)
    .innerJoin(optionGroups, eq(optionGroups.id, optionGroupItems.groupId))
    .where(
      and(
        eq(optionGroupItems.storeId, storeId),
        eq(optionGroupItems.excluido, false),
        eq(optionGroupItems.ativoPedidos, true),
        eq(optionGroups.excluido, false),
      ),
    )
    .orderBy(
      asc(optionGroups.ordem),
      asc(optionGroups.id),
      asc(optionGroupItems.ordem),
      asc(optionGroupItems.id),
    );
}

/** Which listed products (not deleted, active for orders) ask for which groups, in menu order. */
export function listGroupProducts(db: DbExecutor, storeId: number) {
  return db
    .select({ groupId: productGroups.groupId, descricao: products.descricao })
    .from(productGroups)
    .innerJoin(products, eq(products.id, productGroups.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(
      and(
        eq(productGroups.storeId, storeId),
        eq(products.storeId, storeId),
        eq(products.excluido, false),
        eq(products.ativoPedidos, true),
      ),
    )
    .orderBy(asc(categories.ordem), asc(categories.id), asc(products.ordem), asc(products.id));
}
