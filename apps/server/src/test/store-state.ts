import { categoryList, productList } from '@comanda/contract';
import { asc, eq, getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  categories,
  cities,
  companySettings,
  coupons,
  diningTables,
  loyaltyPrograms,
  neighbourhoods,
  openingHours,
  optionGroupItems,
  optionGroups,
  paymentMethods,
  productGroups,
  products,
  storePaymentProviders,
} from '../db/schema.ts';
import type { TestApp } from './test-app.ts';

/*
 * A store as the database and the storefront see it, for tests that must show a write changed
 * nothing else (the export/import round trip, refused editor writes).
 */

const STORE_TABLES: [string, PgTable][] = [
  ['company_settings', companySettings],
  ['categories', categories],
  ['products', products],
  ['option_groups', optionGroups],
  ['option_group_items', optionGroupItems],
  ['product_groups', productGroups],
  ['opening_hours', openingHours],
  ['cities', cities],
  ['neighbourhoods', neighbourhoods],
  ['payment_methods', paymentMethods],
  ['loyalty_programs', loyaltyPrograms],
  ['coupons', coupons],
  ['dining_tables', diningTables],
  ['store_payment_providers', storePaymentProviders],
];

/** Every row of the store's own tables, ordered, without the columns that only say when. */
export async function storeRows(t: TestApp, storeId: number): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const [name, table] of STORE_TABLES) {
    const columns = getTableColumns(table);
    const storeColumn = columns.storeId!;
    const rows = await t.database.db
      .select()
      .from(table)
      .where(eq(storeColumn, storeId))
      .orderBy(...Object.values(columns).map((column) => asc(column)));
    out[name] = rows.map((row) => {
      const { updatedAt: _updatedAt, ...rest } = row as Record<string, unknown>;
      return rest;
    });
  }
  return out;
}

/** The bytes of every menu call of the storefront (spec section 7's start data and each product). */
export async function menuReplies(t: TestApp, host: string): Promise<Record<string, string>> {
  const get = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { host } });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response.body;
  };
  const urls = [
    '/core/get_app_manifest',
    '/core/empresa_personal_app',
    '/estoque/categorias_app',
    '/estoque/produtos_app',
    '/estoque/produtos_app?local=local',
    '/core/horarios_atendimento_app',
    '/core/bairros_app',
    '/financeiro/formas_pagamento_app',
    '/financeiro/v2/payment-methods/get-filtered-methods-app',
    '/financeiro/v2/payment-methods/get-filtered-methods-app?tipo_entrega=Entregar',
    '/financeiro/v2/payment-methods/get-filtered-methods-app?tipo_entrega=Retirada',
    '/financeiro/v2/payment-methods/get-filtered-methods-app?tipo_entrega=Vem%20comer',
    '/core/fidelidade_app',
    '/bar/v2/tables/list/',
  ];
  const out: Record<string, string> = {};
  for (const url of urls) out[url] = await get(url);
  categoryList.parse(JSON.parse(out['/estoque/categorias_app']!));
  for (const channel of ['', '?local=local']) {
    const ids = productList.parse(JSON.parse(out[`/estoque/produtos_app${channel}`]!)).map((p) => p.id);
    for (const id of ids) {
      const url = `/estoque/produtos_full_app/${id}${channel}`;
      out[url] = await get(url);
    }
  }
  return out;
}
