import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * Migration 0008 (docs/decisions/0026): the staff that used to be customers with is_superuser
 * become staff accounts, owners of their store, with their sessions and the order changes they made;
 * their customer rows go unless they placed orders. Run on PGlite from the migration files
 * themselves, with the database as 0007 left it.
 */

const folder = path.resolve(import.meta.dirname, '../../../drizzle');
const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};

async function apply(db: PGlite, tag: string) {
  const text = readFileSync(path.join(folder, `${tag}.sql`), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) {
    if (statement.trim()) await db.exec(statement);
  }
}

let db: PGlite;
beforeAll(async () => {
  db = new PGlite();
  const tags = journal.entries.map((entry) => entry.tag);
  const target = tags.indexOf('0008_staff_accounts');
  for (const tag of tags.slice(0, target)) await apply(db, tag);

  await db.exec(`
    insert into stores (id, slug) values (1, 'pizzaria');
  `);
  const customer = (id: number, phone: string, superuser: boolean) => `
    insert into customers (id, store_id, phone, phone_country, nome, password_hash, is_superuser,
      privacy_token, password_changed_at, created_at, updated_at)
    values (${id}, 1, '${phone}', 'BR', 'Pessoa ${id}', 'hash-${id}', ${superuser}, 'privacy-${id}',
      now(), now(), now());`;
  await db.exec(
    customer(10, '11900000010', false) +
      customer(11, '11900000011', true) +
      customer(12, '11900000012', true),
  );
  // The customer's session and the staff member's.
  await db.exec(`
    insert into sessions (store_id, customer_id, secret_hash, created_at, expires_at)
    values (1, 10, 'secret-10', now(), now() + interval '1 day'),
           (1, 11, 'secret-11', now(), now() + interval '1 day');
  `);
  // An order of the customer, accepted by staff member 11; staff member 12 placed one as a customer.
  const order = (id: number, customerId: number) => `
    insert into orders (id, store_id, customer_id, status, dh_iniciado, tipo_entrega, forma_entrada,
      total_produtos, acrescimo, valor_entrega, total, estimated_at, updated_at)
    values (${id}, 1, ${customerId}, 'Preparo', now(), 'Retirada', 'Instagram', 100, 0, 0, 100, now(), now());`;
  await db.exec(order(1, 10) + order(2, 12));
  await db.exec(`
    insert into order_status_changes (store_id, order_id, from_status, to_status, by_customer_id, at)
    values (1, 1, null, 'Solicitado', 10, now()), (1, 1, 'Solicitado', 'Preparo', 11, now());
  `);
  await apply(db, '0008_staff_accounts');
}, 60_000);
afterAll(async () => {
  await db.close();
});

const rows = async <T>(query: string) => (await db.query<T>(query)).rows;

describe('migration 0008: staff accounts out of the customers', () => {
  it('makes each is_superuser customer an owner of its store, with the same id and password', async () => {
    expect(
      await rows('select id, store_id, phone, nome, password_hash, role from staff_accounts order by id'),
    ).toEqual([
      {
        id: 11,
        store_id: 1,
        phone: '11900000011',
        nome: 'Pessoa 11',
        password_hash: 'hash-11',
        role: 'owner',
      },
      {
        id: 12,
        store_id: 1,
        phone: '11900000012',
        nome: 'Pessoa 12',
        password_hash: 'hash-12',
        role: 'owner',
      },
    ]);
  });

  it('moves the staff session and the changes the staff made; the customer’s stay', async () => {
    expect(
      await rows('select secret_hash, customer_id, staff_id from sessions order by secret_hash'),
    ).toEqual([
      { secret_hash: 'secret-10', customer_id: 10, staff_id: null },
      { secret_hash: 'secret-11', customer_id: null, staff_id: 11 },
    ]);
    expect(
      await rows('select to_status, by_customer_id, by_staff_id from order_status_changes order by id'),
    ).toEqual([
      { to_status: 'Solicitado', by_customer_id: 10, by_staff_id: null },
      { to_status: 'Preparo', by_customer_id: null, by_staff_id: 11 },
    ]);
  });

  it('drops the old staff customer rows, except one that placed orders', async () => {
    expect(await rows('select id from customers order by id')).toEqual([{ id: 10 }, { id: 12 }]);
    const columns = await rows<{ column_name: string }>(
      "select column_name from information_schema.columns where table_name = 'customers'",
    );
    expect(columns.map((c) => c.column_name)).not.toContain('is_superuser');
  });

  it('continues the id sequence after the moved accounts', async () => {
    const [row] = await rows<{ id: number }>(`
      insert into staff_accounts (store_id, phone, phone_country, nome, password_hash, role,
        password_changed_at, created_at, updated_at)
      values (1, '11900000099', 'BR', 'Nova', 'h', 'attendant', now(), now(), now()) returning id`);
    expect(row!.id).toBe(13);
  });
});
