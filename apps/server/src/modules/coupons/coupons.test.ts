import {
  availableCouponList,
  companyList,
  couponValidateReply,
  orderErrorReply,
  orderPlacedReply,
} from '@comanda/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons } from '../../db/schema.ts';
import {
  bearer,
  buildAccountsTestApp,
  PIZZARIA,
  SAKURA,
  type SignedUp,
  signUp,
} from '../../test/accounts.ts';
import {
  addCoupon,
  cartLine,
  couponUses,
  customerState,
  placeOrder,
  storeIdOf,
  submission,
} from '../../test/orders.ts';
import { storeDocumentFactory, type TestApp } from '../../test/test-app.ts';
import { raiseMenuVersion } from '../store-controls/index.ts';
import { importStore, parseStoreDocument, StoreDocumentError } from '../store-import/index.ts';

/*
 * Coupons: validation (POST /core/coupon_validate_app) and their use by orders. The pizzaria demo
 * store has BEMVINDO10 (10% off the cart, no cap), ENTREGA5 (R$ 5 off delivery) and PRIMEIRA15
 * (R$ 15 off from R$ 60, once per customer).
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildAccountsTestApp();
});
afterAll(async () => {
  await t.close();
});

const validate = (account: SignedUp, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/core/coupon_validate_app?format=json',
    headers: { host: PIZZARIA, ...bearer(account.token) },
    payload: { product_id_list: [], customer_id: account.userId, address_id: null, method: 1, ...body },
  });

async function refused(response: { statusCode: number; json(): unknown }, code: string) {
  expect(response.statusCode, JSON.stringify(response.json())).toBe(400);
  const body = orderErrorReply.parse(response.json());
  expect(body).toMatchObject({ success: false, code, non_field_errors: [body.detail] });
  return body;
}

/** Two pizzas grandes: R$ 119,80 of products. */
const bigCart = () => cartLine(t, { ref: 'pizza-calabresa-grande', qtd: 2 });

describe('coupon validation', () => {
  it('BEMVINDO10 is 10% off the cart for any customer, whatever the case typed', async () => {
    const account = await signUp(t.app);
    const response = await validate(account, {
      coupon: ' bemvindo10 ',
      subtotal: 5000,
      delivery_type: 'Entregar',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(couponValidateReply.parse(response.json())).toEqual({
      success: true,
      detail: {
        id: expect.any(Number),
        codigo: 'BEMVINDO10',
        valor: 10,
        perc: true,
        descricao: '10% de desconto nos produtos',
        local: 'Carrinho',
        valor_minimo: 0,
      },
    });
  });

  it('an unknown code: 400 COUPON_NOT_FOUND with success false', async () => {
    const body = await refused(
      await validate(await signUp(t.app), { coupon: 'NAOEXISTE' }),
      'COUPON_NOT_FOUND',
    );
    expect(body.detail).toBe('Cupom inválido. Confira o código e tente de novo.');
  });

  it('a blank code: COUPON_REQUIRED', async () => {
    await refused(await validate(await signUp(t.app), { coupon: '   ' }), 'COUPON_REQUIRED');
  });

  it('a delivery coupon for a pickup order: COUPON_NOT_APPLICABLE', async () => {
    await refused(
      await validate(await signUp(t.app), { coupon: 'ENTREGA5', delivery_type: 'Retirada' }),
      'COUPON_NOT_APPLICABLE',
    );
  });

  it('below the minimum subtotal: COUPON_MIN_SUBTOTAL with the amount', async () => {
    const body = await refused(
      await validate(await signUp(t.app), { coupon: 'PRIMEIRA15', subtotal: 5999 }),
      'COUPON_MIN_SUBTOTAL',
    );
    expect(body.detail).toBe('Este cupom vale para pedidos a partir de R$\u00a060,00.');
  });

  it('expired, not started, exhausted and inactive coupons are refused', async () => {
    const now = Date.now();
    await addCoupon(t, { code: 'VENCIDO', validUntil: new Date(now - 60_000) });
    await addCoupon(t, { code: 'FUTURO', validFrom: new Date(now + 3_600_000) });
    await addCoupon(t, { code: 'ESGOTADO', maxUses: 2, uses: 2 });
    await addCoupon(t, { code: 'DESLIGADO', ativo: false });
    const account = await signUp(t.app);
    await refused(await validate(account, { coupon: 'vencido' }), 'COUPON_EXPIRED');
    await refused(await validate(account, { coupon: 'futuro' }), 'COUPON_NOT_STARTED');
    await refused(await validate(account, { coupon: 'esgotado' }), 'COUPON_EXHAUSTED');
    await refused(await validate(account, { coupon: 'desligado' }), 'COUPON_NOT_FOUND');
  });

  it("another customer's id: 403", async () => {
    const [a, b] = [await signUp(t.app), await signUp(t.app)];
    const response = await t.app.inject({
      method: 'POST',
      url: '/core/coupon_validate_app',
      headers: { host: PIZZARIA, ...bearer(a.token) },
      payload: { coupon: 'BEMVINDO10', customer_id: b.userId },
    });
    expect(response.statusCode).toBe(403);
  });

  it('without a token: 401', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/core/coupon_validate_app',
      headers: { host: PIZZARIA },
      payload: { coupon: 'BEMVINDO10', customer_id: 1 },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({
      success: false,
      non_field_errors: ['Entre na sua conta para continuar.'],
    });
  });

  it('guessing codes: after 10 unknown codes the customer must wait', async () => {
    const account = await signUp(t.app);
    for (let i = 0; i < 9; i++)
      await refused(await validate(account, { coupon: `CHUTE${i}` }), 'COUPON_NOT_FOUND');
    const blocked = await validate(account, { coupon: 'CHUTE9' });
    expect([400, 429]).toContain(blocked.statusCode);
    const next = await validate(account, { coupon: 'BEMVINDO10' });
    expect(next.statusCode).toBe(429);
    expect(next.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
  });
});

describe('coupons on orders', () => {
  it('BEMVINDO10 takes 10% off the products and counts one use', async () => {
    const account = await signUp(t.app);
    const couponId = couponValidateReply.parse((await validate(account, { coupon: 'BEMVINDO10' })).json())
      .detail.id;
    const usesBefore = await couponUses(t, 'BEMVINDO10');
    const response = await placeOrder(
      t,
      account.token,
      submission(account.userId, [await bigCart()], { fk_cupom: couponId }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(orderPlacedReply.parse(response.json()).order).toMatchObject({
      total_produtos: 11_980,
      desconto: 1198,
      desconto_cupom: 1198,
      total: 10_782,
      cupom: 'BEMVINDO10',
      pontos_fidelidade: 107,
    });
    expect(await couponUses(t, 'BEMVINDO10')).toBe(usesBefore + 1);
    expect(await customerState(t, account.userId)).toMatchObject({ orders: 1, couponRedemptions: 1 });
  });

  it('a delivery coupon on a pickup order is refused and consumes nothing', async () => {
    const account = await signUp(t.app);
    const id = couponValidateReply.parse((await validate(account, { coupon: 'ENTREGA5' })).json()).detail.id;
    const before = await couponUses(t, 'ENTREGA5');
    const response = await placeOrder(
      t,
      account.token,
      submission(account.userId, [await bigCart()], { fk_cupom: id }),
    );
    expect(orderErrorReply.parse(response.json()).code).toBe('COUPON_NOT_APPLICABLE');
    expect(await couponUses(t, 'ENTREGA5')).toBe(before);
    expect(await customerState(t, account.userId)).toMatchObject({
      orders: 0,
      couponRedemptions: 0,
      points: 0,
    });
  });

  it('PRIMEIRA15 once per customer; the server checks the minimum on its own subtotal', async () => {
    const account = await signUp(t.app);
    const id = couponValidateReply.parse(
      (await validate(account, { coupon: 'PRIMEIRA15', subtotal: 6000 })).json(),
    ).detail.id;
    const small = await cartLine(t, {
      ref: 'burger-classico',
      choices: { 'Ponto da carne': { 'Ao ponto': 1 } },
    });
    const tooSmall = await placeOrder(
      t,
      account.token,
      submission(account.userId, [small], { fk_cupom: id }),
    );
    expect(orderErrorReply.parse(tooSmall.json()).code).toBe('COUPON_MIN_SUBTOTAL');
    const first = await placeOrder(
      t,
      account.token,
      submission(account.userId, [await bigCart()], { fk_cupom: id }),
    );
    expect(first.statusCode, first.body).toBe(201);
    expect(orderPlacedReply.parse(first.json()).order.desconto).toBe(1500);
    const second = await placeOrder(
      t,
      account.token,
      submission(account.userId, [await bigCart()], { fk_cupom: id }),
    );
    expect(orderErrorReply.parse(second.json()).code).toBe('COUPON_CUSTOMER_LIMIT');
    expect(await customerState(t, account.userId)).toMatchObject({ orders: 1, couponRedemptions: 1 });
  });

  it('the last use: two customers race, exactly one order gets it', async () => {
    const id = await addCoupon(t, { code: 'ULTIMO', perc: false, valor: 1000, maxUses: 1 });
    const racers = [await signUp(t.app), await signUp(t.app)];
    const line = await bigCart();
    const replies = await Promise.all(
      racers.map((account) =>
        placeOrder(t, account.token, submission(account.userId, [line], { fk_cupom: id })),
      ),
    );
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([201, 400]);
    const loser = replies.find((reply) => reply.statusCode === 400)!;
    expect(orderErrorReply.parse(loser.json()).code).toBe('COUPON_EXHAUSTED');
    expect(await couponUses(t, 'ULTIMO')).toBe(1);
    const states = await Promise.all(racers.map((account) => customerState(t, account.userId)));
    expect(states.map((state) => state.couponRedemptions).sort()).toEqual([0, 1]);
    expect(states.map((state) => state.orders).sort()).toEqual([0, 1]);
  });

  it('one customer racing two orders past a once-per-customer coupon: one wins', async () => {
    const id = await addCoupon(t, { code: 'UMAVEZ', perc: false, valor: 500, maxUsesPerCustomer: 1 });
    const account = await signUp(t.app);
    const line = await bigCart();
    const replies = await Promise.all(
      [1, 2].map(() => placeOrder(t, account.token, submission(account.userId, [line], { fk_cupom: id }))),
    );
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([201, 400]);
    expect(await customerState(t, account.userId)).toMatchObject({ orders: 1, couponRedemptions: 1 });
  });

  it("another store's coupon id is unknown here", async () => {
    const id = await addCoupon(t, { code: 'SOSAKURA' }, 'sakura.localhost');
    const account = await signUp(t.app);
    const response = await placeOrder(
      t,
      account.token,
      submission(account.userId, [await bigCart()], { fk_cupom: id }),
    );
    expect(orderErrorReply.parse(response.json()).code).toBe('COUPON_NOT_FOUND');
  });
});

describe('available coupons (the top bar list)', () => {
  const available = (token?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/core/cupons_disponiveis_app?format=json',
      headers: { host: PIZZARIA, ...(token ? bearer(token) : {}) },
    });
  const codes = async (token: string) => {
    const response = await available(token);
    expect(response.statusCode, response.body).toBe(200);
    return availableCouponList.parse(response.json()).map((coupon) => coupon.codigo);
  };

  it("lists the store's usable coupons, not the ones expired, not started, exhausted or off", async () => {
    const now = Date.now();
    await addCoupon(t, { code: 'LISTA-VENCIDO', validUntil: new Date(now - 60_000) });
    await addCoupon(t, { code: 'LISTA-FUTURO', validFrom: new Date(now + 3_600_000) });
    await addCoupon(t, { code: 'LISTA-ESGOTADO', maxUses: 1, uses: 1 });
    await addCoupon(t, { code: 'LISTA-DESLIGADO', ativo: false });
    const listed = await codes((await signUp(t.app)).token);
    expect(listed).toEqual(expect.arrayContaining(['BEMVINDO10', 'ENTREGA5', 'PRIMEIRA15']));
    expect(listed.filter((code) => code.startsWith('LISTA-'))).toEqual([]);
  });

  it('a once-per-customer coupon leaves the list of whoever used it', async () => {
    const account = await signUp(t.app);
    const [primeira] = availableCouponList
      .parse((await available(account.token)).json())
      .filter((coupon) => coupon.codigo === 'PRIMEIRA15');
    const placed = await placeOrder(
      t,
      account.token,
      submission(account.userId, [await bigCart()], { fk_cupom: primeira!.id }),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await codes(account.token)).not.toContain('PRIMEIRA15');
    expect(await codes((await signUp(t.app)).token)).toContain('PRIMEIRA15');
  });

  it('needs a signed-in customer', async () => {
    expect((await available()).statusCode).toBe(401);
  });
});

describe("the company call's tem_cupons (issue 34: Sakura showed a coupon row with no coupons)", () => {
  // A store of its own: the tests above give Sakura a coupon.
  let fresh: TestApp;
  beforeAll(async () => {
    fresh = await buildAccountsTestApp();
  });
  afterAll(async () => {
    await fresh.close();
  });
  const offers = async (host: string) => {
    const response = await fresh.app.inject({
      method: 'GET',
      url: '/core/empresa_personal_app?format=json',
      headers: { host },
    });
    expect(response.statusCode, response.body).toBe(200);
    return companyList.parse(response.json())[0]!.tem_cupons;
  };
  const touchMenu = async (host: string) => {
    const storeId = await storeIdOf(fresh, host);
    await raiseMenuVersion(fresh.database.db, storeId);
  };

  it('is true for a store with usable coupons, false for one without', async () => {
    expect(await offers(PIZZARIA)).toBe(true);
    expect(await offers(SAKURA)).toBe(false);
  });

  it('counts no coupon that is off, expired, not started or used up; one usable, even unlisted, turns it on', async () => {
    const now = Date.now();
    await addCoupon(fresh, { code: 'SK-VENCIDO', validUntil: new Date(now - 60_000) }, SAKURA);
    await addCoupon(fresh, { code: 'SK-FUTURO', validFrom: new Date(now + 3_600_000) }, SAKURA);
    await addCoupon(fresh, { code: 'SK-ESGOTADO', maxUses: 1, uses: 1 }, SAKURA);
    await addCoupon(fresh, { code: 'SK-DESLIGADO', ativo: false }, SAKURA);
    await touchMenu(SAKURA);
    expect(await offers(SAKURA)).toBe(false);
    await addCoupon(fresh, { code: 'SK-VALE', maxUsesPerCustomer: 1 }, SAKURA);
    await touchMenu(SAKURA);
    expect(await offers(SAKURA)).toBe(true);
  });
});

describe('coupons in the store document', () => {
  const withCoupons = (coupons: unknown[]) => storeDocumentFactory({ slug: 'cupons', coupons });

  function problemsOf(input: unknown): string[] {
    try {
      parseStoreDocument(input);
    } catch (error) {
      if (error instanceof StoreDocumentError) return error.problems;
      throw error;
    }
    return [];
  }

  it('refuses a code twice (whatever the case), a percent above 100 and fractional centavos', () => {
    expect(
      problemsOf(
        withCoupons([
          { code: 'promo', perc: true, valor: 10 },
          { code: 'PROMO', perc: true, valor: 120 },
          { code: 'FIXO', perc: false, valor: 10.5 },
          { code: 'com espaço', perc: true, valor: 5 },
        ]),
      ),
    ).toEqual([
      'coupons[1].valor: a percent must be 0 to 100 with two decimals',
      'coupons[2].valor: must be whole centavos',
      'coupons[3].code: must be 2 to 40 letters, digits, - or _',
      "coupons[1].code: duplicate coupon code 'PROMO'",
    ]);
    expect(
      problemsOf(
        withCoupons([
          { code: 'promo', perc: true, valor: 10 },
          { code: 'PROMO', perc: true, valor: 12.5 },
        ]),
      ),
    ).toEqual(["coupons[1].code: duplicate coupon code 'PROMO'"]);
  });

  it('a second import keeps the uses, caps no lower than them, and retires coupons it no longer names', async () => {
    const first = await importStore(
      t.database.db,
      parseStoreDocument(
        withCoupons([
          { code: 'fica', perc: true, valor: 10, max_uses: 10 },
          { code: 'SAI', perc: false, valor: 500 },
        ]),
      ),
    );
    const host = `${first.slug}.localhost`;
    await t.database.db.update(coupons).set({ uses: 4 }).where(eq(coupons.storeId, first.storeId));
    await importStore(
      t.database.db,
      parseStoreDocument(withCoupons([{ code: 'FICA', perc: true, valor: 15, max_uses: 2, local: 'Ambos' }])),
    );
    const rows = await t.database.db
      .select()
      .from(coupons)
      .where(eq(coupons.storeId, first.storeId))
      .orderBy(coupons.code);
    expect(rows.map((row) => [row.code, row.valor, row.local, row.uses, row.maxUses, row.ativo])).toEqual([
      ['FICA', 15, 'Ambos', 4, 4, true],
      ['SAI', 500, 'Carrinho', 4, null, false],
    ]);
    expect(await couponUses(t, 'FICA', host)).toBe(4);
  });
});
