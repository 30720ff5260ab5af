import type { Channel } from '@comanda/domain';
import { and, asc, count, eq, gte, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import {
  categories,
  cities,
  companySettings,
  diningTables,
  loyaltyPrograms,
  neighbourhoods,
  openingHours,
  optionGroupItems,
  optionGroups,
  orders,
  paymentMethods,
  productGroups,
  products,
  stores,
} from '../../db/schema.ts';

/** The company settings with the store's time zone (a column of stores). */
export type CompanyRow = typeof companySettings.$inferSelect & { timeZone: string };
export type ProductRow = Omit<typeof products.$inferSelect, 'stationId'> & { categoria: string };

export async function findCompany(db: DbExecutor, storeId: number): Promise<CompanyRow | undefined> {
  const [row] = await db
    .select({ company: companySettings, timeZone: stores.timeZone })
    .from(companySettings)
    .innerJoin(stores, eq(stores.id, companySettings.storeId))
    .where(eq(companySettings.storeId, storeId));
  return row && { ...row.company, timeZone: row.timeZone };
}

export async function findStoreName(db: DbExecutor, storeId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ nome: companySettings.nome })
    .from(companySettings)
    .where(eq(companySettings.storeId, storeId));
  return row?.nome;
}

export function listOpeningHours(db: DbExecutor, storeId: number) {
  return db
    .select()
    .from(openingHours)
    .where(eq(openingHours.storeId, storeId))
    .orderBy(asc(openingHours.diaSemana), asc(openingHours.turno));
}

export function listCategories(db: DbExecutor, storeId: number) {
  return db
    .select()
    .from(categories)
    .where(and(eq(categories.storeId, storeId), eq(categories.ativo, true)))
    .orderBy(asc(categories.ordem), asc(categories.id));
}

const productColumns = {
  id: products.id,
  storeId: products.storeId,
  categoryId: products.categoryId,
  ref: products.ref,
  descricao: products.descricao,
  detalhes: products.detalhes,
  valorVenda: products.valorVenda,
  urlImagem: products.urlImagem,
  urlMiniatura: products.urlMiniatura,
  urlVideo: products.urlVideo,
  itemPai: products.itemPai,
  itemFilho: products.itemFilho,
  parentId: products.parentId,
  ordem: products.ordem,
  ativoPedidos: products.ativoPedidos,
  ativoGarcom: products.ativoGarcom,
  esgotado: products.esgotado,
  excluido: products.excluido,
  categoria: categories.descricao,
};

function channelFilter(channel: Channel) {
  return channel === 'local' ? eq(products.ativoGarcom, true) : eq(products.ativoPedidos, true);
}

/** Products offered on a channel: not excluded, active for it, in an active category. */
export function listProducts(db: DbExecutor, storeId: number, channel: Channel): Promise<ProductRow[]> {
  return db
    .select(productColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(
      and(
        eq(products.storeId, storeId),
        eq(products.excluido, false),
        eq(categories.ativo, true),
        channelFilter(channel),
      ),
    )
    .orderBy(asc(categories.ordem), asc(products.ordem), asc(products.id));
}

export async function findProduct(
  db: DbExecutor,
  storeId: number,
  productId: number,
  channel: Channel,
): Promise<ProductRow | undefined> {
  const [row] = await db
    .select(productColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(
      and(
        eq(products.storeId, storeId),
        eq(products.id, productId),
        eq(products.excluido, false),
        eq(categories.ativo, true),
        channelFilter(channel),
      ),
    );
  return row;
}

export function listVariants(db: DbExecutor, storeId: number, parentId: number, channel: Channel) {
  return db
    .select(productColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(
      and(
        eq(products.storeId, storeId),
        eq(products.parentId, parentId),
        eq(products.excluido, false),
        channelFilter(channel),
      ),
    )
    .orderBy(asc(products.ordem));
}

/** The groups of one product with their items, in two queries. */
export async function listProductGroups(db: DbExecutor, storeId: number, productId: number) {
  const uses = await db
    .select({
      min: productGroups.min,
      max: productGroups.max,
      ordem: productGroups.ordem,
      group: optionGroups,
    })
    .from(productGroups)
    .innerJoin(optionGroups, eq(optionGroups.id, productGroups.groupId))
    .where(and(eq(productGroups.storeId, storeId), eq(productGroups.productId, productId)))
    .orderBy(asc(productGroups.ordem));
  if (uses.length === 0) return [];
  const items = await db
    .select()
    .from(optionGroupItems)
    .where(
      and(
        eq(optionGroupItems.storeId, storeId),
        inArray(
          optionGroupItems.groupId,
          uses.map((use) => use.group.id),
        ),
        eq(optionGroupItems.excluido, false),
      ),
    )
    .orderBy(asc(optionGroupItems.ordem), asc(optionGroupItems.id));
  return uses.map((use) => ({ ...use, items: items.filter((item) => item.groupId === use.group.id) }));
}

export function listNeighbourhoods(db: DbExecutor, storeId: number) {
  return db
    .select({
      id: neighbourhoods.id,
      descricao: neighbourhoods.descricao,
      valorEntrega: neighbourhoods.valorEntrega,
      ativo: neighbourhoods.ativo,
      cityId: cities.id,
      cityName: cities.nome,
      estado: cities.estado,
    })
    .from(neighbourhoods)
    .innerJoin(cities, eq(cities.id, neighbourhoods.cityId))
    .where(
      and(
        eq(neighbourhoods.storeId, storeId),
        eq(neighbourhoods.excluido, false),
        eq(neighbourhoods.ativo, true),
        eq(cities.ativo, true),
      ),
    )
    .orderBy(asc(cities.nome), asc(neighbourhoods.descricao));
}

export function listPaymentMethods(db: DbExecutor, storeId: number) {
  return db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.storeId, storeId), eq(paymentMethods.ativo, true)))
    .orderBy(asc(paymentMethods.ordem), asc(paymentMethods.id));
}

export async function findLoyaltyProgram(db: DbExecutor, storeId: number) {
  const [row] = await db.select().from(loyaltyPrograms).where(eq(loyaltyPrograms.storeId, storeId));
  return row;
}

export function listTables(db: DbExecutor, storeId: number) {
  return db
    .select({ id: diningTables.id, description: diningTables.description })
    .from(diningTables)
    .where(and(eq(diningTables.storeId, storeId), eq(diningTables.ativo, true)))
    .orderBy(asc(diningTables.id));
}

export async function productIdsWithGroups(db: DbExecutor, storeId: number): Promise<Set<number>> {
  const rows = await db
    .selectDistinct({ productId: productGroups.productId })
    .from(productGroups)
    .where(eq(productGroups.storeId, storeId));
  return new Set(rows.map((r) => r.productId));
}

/**
 * The schedule periods from `from` on that have as many orders (not cancelled) as the store's
 * schedule_capacity, with their count: the periods placement refuses with SCHEDULE_PERIOD_FULL,
 * counted the way it counts them. Empty for a store without a capacity.
 */
export async function listBookedOutPeriods(
  db: DbExecutor,
  storeId: number,
  from: Date,
): Promise<Map<string, number>> {
  const rows = await db
    .select({ period: orders.horaEntrega, taken: count() })
    .from(orders)
    .innerJoin(companySettings, eq(companySettings.storeId, orders.storeId))
    .where(
      and(
        eq(orders.storeId, storeId),
        isNotNull(companySettings.scheduleCapacity),
        gte(orders.horaEntrega, from),
        ne(orders.status, 'Cancelado'),
      ),
    )
    .groupBy(orders.horaEntrega, companySettings.scheduleCapacity)
    .having(sql`count(*) >= ${companySettings.scheduleCapacity}`);
  return new Map(rows.flatMap((row) => (row.period ? [[row.period.toISOString(), row.taken] as const] : [])));
}
