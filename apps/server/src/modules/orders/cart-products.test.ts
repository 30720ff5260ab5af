import { orderPlacedReply } from '@comanda/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccountsTestApp, signUp } from '../../test/accounts.ts';
import { cartLine, placeOrder, submission } from '../../test/orders.ts';
import { TEST_PAYMENT_SECRETS_KEY, type TestApp } from '../../test/test-app.ts';
import { importStore, readDemoStore } from '../store-import/index.ts';
import { CartProductCopies } from './cart-products.ts';
import type { ContextProduct } from './repository.ts';

/*
 * Order placement keeps copies of the products it priced, per menu version: a change to the menu
 * must be priced at once, by this instance and any other.
 */

describe('orders after the menu changes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildAccountsTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const burger = () =>
    cartLine(t, { ref: 'burger-classico', choices: { 'Ponto da carne': { 'Ao ponto': 1 } } });

  async function reimportWithBurgerAt(price: number) {
    const document = readDemoStore('pizzaria.json');
    for (const category of document.categories) {
      for (const product of category.products) {
        if (product.ref === 'burger-classico') product.valor_venda = price;
      }
    }
    await importStore(t.database.db, document, { paymentSecretsKey: TEST_PAYMENT_SECRETS_KEY });
  }

  it('charges a new price from the next order on, and refuses a cart with the old one', async () => {
    const account = await signUp(t.app);
    const before = await burger();
    const first = await placeOrder(t, account.token, submission(account.userId, [before]));
    expect(first.statusCode, first.body).toBe(201);
    expect(orderPlacedReply.parse(first.json()).order.total_produtos).toBe(3290);

    await reimportWithBurgerAt(3490);

    const stale = await placeOrder(t, account.token, submission(account.userId, [before]));
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'PRICE_CHANGED' });
    const fresh = await placeOrder(t, account.token, submission(account.userId, [await burger()]));
    expect(fresh.statusCode, fresh.body).toBe(201);
    expect(orderPlacedReply.parse(fresh.json()).order.total_produtos).toBe(3490);
    // A client that sends no prices at all is charged today's.
    const { produto_valor: _ignored, ...withoutPrice } = await burger();
    const unpriced = await placeOrder(t, account.token, submission(account.userId, [withoutPrice]));
    expect(unpriced.statusCode, unpriced.body).toBe(201);
    expect(orderPlacedReply.parse(unpriced.json()).order.total_produtos).toBe(3490);

    await reimportWithBurgerAt(3290);
    const back = await placeOrder(t, account.token, submission(account.userId, [before]));
    expect(back.statusCode, back.body).toBe(201);
    expect(orderPlacedReply.parse(back.json()).order.total_produtos).toBe(3290);
  });
});

describe('CartProductCopies', () => {
  const row = (id: number, valorVenda: number): ContextProduct => ({
    id,
    descricao: `P${id}`,
    detalhes: '',
    valorVenda,
    urlImagem: null,
    categoryId: 1,
    categoria: 'C',
    categoriaAtiva: true,
    itemPai: false,
    itemFilho: false,
    parentId: null,
    ativoPedidos: true,
    ativoGarcom: true,
    excluido: false,
    esgotado: false,
    grupos: [],
  });

  it('holds a store’s products only when it has every one of the cart', () => {
    const copies = new CartProductCopies();
    expect(copies.holding(1, [10])).toBeNull();
    copies.remember(1, 3, [row(10, 500)]);
    expect(copies.holding(1, [10])?.version).toBe(3);
    expect(copies.holding(1, [10, 11])).toBeNull();
    expect(copies.holding(2, [10])).toBeNull();
  });

  it('replaces copies of an older version, and never keeps an older read over a newer one', () => {
    const copies = new CartProductCopies();
    copies.remember(1, 3, [row(10, 500), row(11, 700)]);
    copies.remember(1, 4, [row(10, 550)]);
    expect(copies.holding(1, [11])).toBeNull();
    copies.remember(1, 3, [row(11, 700)]);
    expect(copies.holding(1, [11])).toBeNull();
    const held = copies.holding(1, [10])!;
    const { products } = copies.cartProducts(1, [10], held, { menuVersion: 4, products: null });
    expect(products.get(10)?.valor_venda).toBe(550);
  });

  it('takes the products read now over the held copies', () => {
    const copies = new CartProductCopies();
    copies.remember(1, 3, [row(10, 500)]);
    const held = copies.holding(1, [10]);
    const { products } = copies.cartProducts(1, [10], held, { menuVersion: 5, products: [row(10, 650)] });
    expect(products.get(10)?.valor_venda).toBe(650);
    expect(copies.holding(1, [10])?.version).toBe(5);
  });
});
