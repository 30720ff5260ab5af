import type { OpenMode } from '@comanda/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import {
  categories,
  companySettings,
  optionGroupItems,
  optionGroups,
  products,
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

export async function setProductSoldOut(tx: DbExecutor, storeId: number, id: number, soldOut: boolean) {
  const [row] = await tx
    .update(products)
    .set({ esgotado: soldOut })
    .where(and(eq(products.storeId, storeId), eq(products.id, id), eq(products.excluido, false)))
    .returning({ id: products.id, descricao: products.descricao, esgotado: products.esgotado });
  return row;
}

export async function setOptionItemSoldOut(tx: DbExecutor, storeId: number, id: number, soldOut: boolean) {
  const [row] = await tx
    .update(optionGroupItems)
    .set({ esgotado: soldOut })
    .where(
      and(
        eq(optionGroupItems.storeId, storeId),
        eq(optionGroupItems.id, id),
        eq(optionGroupItems.excluido, false),
      ),
    )
    .returning({
      id: optionGroupItems.id,
      descricao: optionGroupItems.descricao,
      esgotado: optionGroupItems.esgotado,
    });
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
      ),
    )
    .orderBy(
      asc(optionGroups.ordem),
      asc(optionGroups.id),
      asc(optionGroupItems.ordem),
      asc(optionGroupItems.id),
    );
}
