import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbExecutor } from '../../db/client.ts';
import { cities, companySettings, customerAddresses, customers, neighbourhoods } from '../../db/schema.ts';

/*
 * Every query is scoped by store_id AND customer_id: an address of another customer (or store) is
 * indistinguishable from one that does not exist.
 */

export type AddressRow = typeof customerAddresses.$inferSelect;
export type AddressValues = Omit<
  typeof customerAddresses.$inferInsert,
  'id' | 'storeId' | 'customerId' | 'excluido' | 'createdAt' | 'updatedAt' | 'deletedAt'
>;

/** What the fee of an address depends on, besides the address. */
export async function findFeeSettings(db: DbExecutor, storeId: number) {
  const [row] = await db
    .select({
      deliveryFeeType: companySettings.deliveryFeeType,
      deliveryMaxRadius: companySettings.deliveryMaxRadius,
      deliveryRadiusTiers: companySettings.deliveryRadiusTiers,
      deliveryAreas: companySettings.deliveryAreas,
      deliveryDiscountedFee: companySettings.deliveryDiscountedFee,
      deliveryDiscountMinimumOrder: companySettings.deliveryDiscountMinimumOrder,
      latitude: companySettings.latitude,
      longitude: companySettings.longitude,
    })
    .from(companySettings)
    .where(eq(companySettings.storeId, storeId));
  return row;
}
export type FeeSettings = NonNullable<Awaited<ReturnType<typeof findFeeSettings>>>;

const districtCity = alias(cities, 'district_city');
const addressCity = alias(cities, 'address_city');

/**
 * The customer's addresses that are not deleted, each with its neighbourhood, that neighbourhood's
 * city and the address's own city as the store's table has them now; oldest first.
 */
export function selectAddresses(
  db: DbExecutor,
  storeId: number,
  customerId: number,
  ids?: readonly number[],
) {
  return db
    .select({ address: customerAddresses, district: neighbourhoods, districtCity, addressCity })
    .from(customerAddresses)
    .leftJoin(
      neighbourhoods,
      and(eq(neighbourhoods.id, customerAddresses.districtId), eq(neighbourhoods.storeId, storeId)),
    )
    .leftJoin(
      districtCity,
      and(eq(districtCity.id, neighbourhoods.cityId), eq(districtCity.storeId, storeId)),
    )
    .leftJoin(
      addressCity,
      and(eq(addressCity.id, customerAddresses.cityId), eq(addressCity.storeId, storeId)),
    )
    .where(
      and(
        eq(customerAddresses.storeId, storeId),
        eq(customerAddresses.customerId, customerId),
        eq(customerAddresses.excluido, false),
        ids ? inArray(customerAddresses.id, [...ids]) : undefined,
      ),
    )
    .orderBy(asc(customerAddresses.id));
}
export type AddressWithPlaces = Awaited<ReturnType<typeof selectAddresses>>[number];

/** Locks the customer's row so that concurrent saves count the customer's addresses exactly. */
export async function lockCustomer(db: DbExecutor, storeId: number, customerId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.storeId, storeId), eq(customers.id, customerId)))
    .for('update');
  return row !== undefined;
}

/** Which of these ids are the customer's own addresses, not deleted. */
export async function ownAddressIds(
  db: DbExecutor,
  storeId: number,
  customerId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: customerAddresses.id })
    .from(customerAddresses)
    .where(
      and(
        eq(customerAddresses.storeId, storeId),
        eq(customerAddresses.customerId, customerId),
        eq(customerAddresses.excluido, false),
        inArray(customerAddresses.id, [...ids]),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

export async function countAddresses(db: DbExecutor, storeId: number, customerId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(customerAddresses)
    .where(
      and(
        eq(customerAddresses.storeId, storeId),
        eq(customerAddresses.customerId, customerId),
        eq(customerAddresses.excluido, false),
      ),
    );
  return row?.value ?? 0;
}

export async function insertAddress(
  db: DbExecutor,
  storeId: number,
  customerId: number,
  values: AddressValues,
  at: Date,
): Promise<number> {
  const [row] = await db
    .insert(customerAddresses)
    .values({ ...values, storeId, customerId, createdAt: at, updatedAt: at })
    .returning({ id: customerAddresses.id });
  return row!.id;
}

export async function updateAddress(
  db: DbExecutor,
  storeId: number,
  customerId: number,
  id: number,
  values: AddressValues,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(customerAddresses)
    .set({ ...values, updatedAt: at })
    .where(
      and(
        eq(customerAddresses.storeId, storeId),
        eq(customerAddresses.customerId, customerId),
        eq(customerAddresses.id, id),
        eq(customerAddresses.excluido, false),
      ),
    )
    .returning({ id: customerAddresses.id });
  return rows.length > 0;
}

/**
 * Marks the customer's address deleted (once: the first deletion time is kept). Undefined when the
 * customer has no such address.
 */
export async function softDeleteAddress(
  db: DbExecutor,
  storeId: number,
  customerId: number,
  id: number,
  at: Date,
): Promise<number | undefined> {
  const owner = and(
    eq(customerAddresses.storeId, storeId),
    eq(customerAddresses.customerId, customerId),
    eq(customerAddresses.id, id),
  );
  const [deleted] = await db
    .update(customerAddresses)
    .set({ excluido: true, deletedAt: at, updatedAt: at })
    .where(and(owner, eq(customerAddresses.excluido, false)))
    .returning({ id: customerAddresses.id });
  if (deleted) return deleted.id;
  const [already] = await db.select({ id: customerAddresses.id }).from(customerAddresses).where(owner);
  return already?.id;
}
