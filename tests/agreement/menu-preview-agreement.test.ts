import type { EditorDocumentReply, FullProduct, Product, StoreDocumentBase } from '@comanda/contract';
import type { Channel } from '@comanda/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, optionGroupItems, optionGroups, products } from '../../apps/server/src/db/schema.ts';
import {
  bearer,
  buildAccountsTestApp,
  PIZZARIA,
  SAKURA,
  signInStaff,
} from '../../apps/server/src/test/accounts.ts';
import { storeIdOf } from '../../apps/server/src/test/orders.ts';
import type { TestApp } from '../../apps/server/src/test/test-app.ts';
import {
  addItem,
  addProduct,
  addVariant,
  attachGroup,
  type Menu,
  setOwnUses,
  updateItem,
  updateProduct,
  updateVariant,
} from '../../apps/storefront/src/staff/editor/menu/menu-model.ts';
import { type PreviewIds, previewOf } from '../../apps/storefront/src/staff/editor/menu/preview-product.ts';

/*
 * The staff editor's product preview and the menu calls agree: for every product and variant of a
 * store's document as the editor reads it, on both channels, the full product the preview builds
 * from the draft (tests: apps/storefront/src/staff/editor/menu/preview-product.ts) is the one
 * GET /estoque/produtos_full_app/{id} gives once the document is saved, and the listed product is
 * the one GET /estoque/produtos_app lists; a product the preview says is not offered is not found.
 * Ids are the database's here; pictures' srcsets are the server's to know.
 */

const TUESDAY_NOON = new Date('2026-05-05T12:00:00-03:00');
let t: TestApp;

beforeAll(async () => {
  t = await buildAccountsTestApp({ now: TUESDAY_NOON });
});
afterAll(async () => {
  await t?.close();
});

async function readDocument(host: string, token: string) {
  const reply = await t.app.inject({
    method: 'GET',
    url: '/staff/editor/document',
    headers: { host, ...bearer(token) },
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json() as EditorDocumentReply & { document: StoreDocumentBase };
}

/** The database's ids of the store's rows, by ref. */
async function databaseIds(host: string): Promise<PreviewIds> {
  const storeId = await storeIdOf(t, host);
  const db = t.database.db;
  const [categoryRows, productRows, groupRows, itemRows] = await Promise.all([
    db
      .select({ id: categories.id, ref: categories.ref })
      .from(categories)
      .where(eq(categories.storeId, storeId)),
    db.select({ id: products.id, ref: products.ref }).from(products).where(eq(products.storeId, storeId)),
    db
      .select({ id: optionGroups.id, ref: optionGroups.ref })
      .from(optionGroups)
      .where(eq(optionGroups.storeId, storeId)),
    db
      .select({ id: optionGroupItems.id, ref: optionGroupItems.ref, group: optionGroups.ref })
      .from(optionGroupItems)
      .innerJoin(optionGroups, and(eq(optionGroups.id, optionGroupItems.groupId)))
      .where(eq(optionGroupItems.storeId, storeId)),
  ]);
  const byRef = (rows: { id: number; ref: string }[]) => new Map(rows.map((row) => [row.ref, row.id]));
  const c = byRef(categoryRows);
  const p = byRef(productRows);
  const g = byRef(groupRows);
  const i = new Map(itemRows.map((row) => [`${row.group}/${row.ref}`, row.id]));
  return {
    category: (ref) => c.get(ref)!,
    product: (ref) => p.get(ref)!,
    group: (ref) => g.get(ref)!,
    item: (group, item) => i.get(`${group}/${item}`)!,
  };
}

const withoutSrcsets = <T extends Product>(product: T): T => ({
  ...product,
  srcset_imagem: null,
  srcset_miniatura: null,
  ...('variantes' in product
    ? { variantes: (product as unknown as FullProduct).variantes.map((variant) => withoutSrcsets(variant)) }
    : {}),
});

async function expectAgreement(host: string, menu: Menu) {
  const ids = await databaseIds(host);
  let compared = 0;
  for (const channel of ['app', 'local'] as Channel[]) {
    const query = channel === 'local' ? '&local=local' : '';
    const listed = (
      await t.app.inject({
        method: 'GET',
        url: `/estoque/produtos_app?format=json${query}`,
        headers: { host },
      })
    ).json() as Product[];
    for (const category of menu.categories)
      for (const product of category.products) {
        const preview = previewOf(menu, product.ref, channel, { ids });
        const id = ids.product(product.ref);
        const reply = await t.app.inject({
          method: 'GET',
          url: `/estoque/produtos_full_app/${id}?format=json${query}`,
          headers: { host },
        });
        if (!preview) {
          expect(reply.statusCode, `${product.ref} on ${channel}`).toBe(404);
          expect(listed.some((row) => row.id === id)).toBe(false);
          continue;
        }
        expect(reply.statusCode, `${product.ref} on ${channel}`).toBe(200);
        expect(withoutSrcsets(preview.product), product.ref).toEqual(
          withoutSrcsets(listed.find((row) => row.id === id)!),
        );
        expect(withoutSrcsets(preview.full.get(id)!), product.ref).toEqual(withoutSrcsets(reply.json()));
        for (const variant of product.variants) {
          const variantId = ids.product(variant.ref);
          const variantReply = await t.app.inject({
            method: 'GET',
            url: `/estoque/produtos_full_app/${variantId}?format=json${query}`,
            headers: { host },
          });
          const full = preview.full.get(variantId);
          if (!full) {
            expect(variantReply.statusCode, `${variant.ref} on ${channel}`).toBe(404);
            continue;
          }
          expect(withoutSrcsets(full), variant.ref).toEqual(withoutSrcsets(variantReply.json()));
          compared += 1;
        }
        compared += 1;
      }
  }
  return compared;
}

describe('the editor’s product preview', () => {
  it.each([PIZZARIA, SAKURA])('builds every product of %s as the menu calls give it', async (host) => {
    const staff = await signInStaff(t, { host, role: 'manager' });
    const { document } = await readDocument(host, staff.token);
    expect(await expectAgreement(host, document)).toBeGreaterThan(20);
  });

  it('follows a draft once saved: switched-off channels, a variant’s own options, new products and options', async () => {
    const staff = await signInStaff(t, { role: 'manager' });
    const read = await readDocument(PIZZARIA, staff.token);
    let menu: Menu = read.document;
    menu = updateProduct(menu, 'coca-lata', { ativo_garcom: false });
    menu = updateProduct(menu, 'pizza-calabresa', { ativo_pedidos: false });
    menu = updateVariant(menu, 'pizza-mussarela', 'pizza-mussarela-broto', {
      ativo_garcom: false,
      detalhes: 'Oito fatias',
    });
    menu = setOwnUses(menu, 'pizza-margherita', 'pizza-margherita-grande', true);
    menu = attachGroup(
      menu,
      { product: 'pizza-margherita', variant: 'pizza-margherita-grande' },
      'adicionais-burger',
      {
        min: 1,
        max: 3,
      },
    );
    const added = addProduct(menu, 'bebidas', 'Limonada suíça');
    menu = attachGroup(added.menu, { product: added.ref }, 'sabor-suco', { min: 1, max: 1 });
    menu = addVariant(menu, added.ref, 'Jarra 1 L').menu;
    menu = addVariant(menu, added.ref, 'Copo 300 ml').menu;
    const item = addItem(menu, 'sabor-suco', 'Abacaxi com hortelã');
    menu = updateItem(item.menu, 'sabor-suco', item.ref, { preco: 150, ativo_pedidos: false });

    const saved = await t.app.inject({
      method: 'PUT',
      url: '/staff/editor/sections/menu',
      headers: { host: PIZZARIA, ...bearer(staff.token), 'if-match': String(read.menu_version) },
      payload: { categories: menu.categories, option_groups: menu.option_groups },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { document } = await readDocument(PIZZARIA, staff.token);
    expect(await expectAgreement(PIZZARIA, document)).toBeGreaterThan(20);
  });
});
