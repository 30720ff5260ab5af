import { and, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { consentChanges, customers } from '../../db/schema.ts';

export type CustomerRow = typeof customers.$inferSelect;
export type NewCustomer = typeof customers.$inferInsert;
export type ConsentChannel = 'signup' | 'profile' | 'link';

export async function findCustomerByPhone(
  db: DbExecutor,
  storeId: number,
  phone: string,
): Promise<CustomerRow | undefined> {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.storeId, storeId), eq(customers.phone, phone)));
  return row;
}

export async function findCustomerById(
  db: DbExecutor,
  storeId: number,
  id: number,
): Promise<CustomerRow | undefined> {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.storeId, storeId), eq(customers.id, id)));
  return row;
}

export async function findCustomerByPrivacyToken(
  db: DbExecutor,
  storeId: number,
  token: string,
): Promise<CustomerRow | undefined> {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.storeId, storeId), eq(customers.privacyToken, token)));
  return row;
}

/** Inserts an account; undefined when the phone already has one at the store. */
export async function insertCustomer(db: DbExecutor, values: NewCustomer): Promise<CustomerRow | undefined> {
  const [row] = await db
    .insert(customers)
    .values(values)
    .onConflictDoNothing({ target: [customers.storeId, customers.phone] })
    .returning();
  return row;
}

export async function updateCustomer(
  db: DbExecutor,
  storeId: number,
  id: number,
  values: Partial<
    Pick<CustomerRow, 'nome' | 'email' | 'documento' | 'sendPromo' | 'passwordHash' | 'passwordChangedAt'>
  > & {
    updatedAt: Date;
  },
): Promise<CustomerRow | undefined> {
  const [row] = await db
    .update(customers)
    .set(values)
    .where(and(eq(customers.storeId, storeId), eq(customers.id, id)))
    .returning();
  return row;
}

/**
 * Sets the promotional-messages consent and, when it changes, records the change, under the
 * customer row's lock; returns the value before (undefined when there is no such customer).
 */
export async function setSendPromo(
  db: DbExecutor,
  storeId: number,
  customerId: number,
  value: boolean,
  channel: ConsentChannel,
  at: Date,
): Promise<{ old: boolean } | undefined> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ sendPromo: customers.sendPromo })
      .from(customers)
      .where(and(eq(customers.storeId, storeId), eq(customers.id, customerId)))
      .for('update');
    if (!current) return undefined;
    if (current.sendPromo !== value) {
      await tx
        .update(customers)
        .set({ sendPromo: value, updatedAt: at })
        .where(and(eq(customers.storeId, storeId), eq(customers.id, customerId)));
      await tx
        .insert(consentChanges)
        .values({ storeId, customerId, oldValue: current.sendPromo, newValue: value, channel, at });
    }
    return { old: current.sendPromo };
  });
}

export async function insertConsentChange(
  db: DbExecutor,
  values: typeof consentChanges.$inferInsert,
): Promise<void> {
  await db.insert(consentChanges).values(values);
}

export function listConsentChanges(db: DbExecutor, storeId: number, customerId: number) {
  return db
    .select()
    .from(consentChanges)
    .where(and(eq(consentChanges.storeId, storeId), eq(consentChanges.customerId, customerId)))
    .orderBy(consentChanges.id);
}
