import { orderErrorReply, orderPlacedReply } from '@comanda/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cities,
  companySettings,
  neighbourhoods,
  orderLines,
  orderStatusChanges,
  orders,
} from '../../db/schema.ts';
import {
  bearer,
  buildAccountsTestApp,
  PIZZARIA,
  SAKURA,
  type SignedUp,
  signInStaff,
  signUp,
} from '../../test/accounts.ts';
import {
  cartLine,
  customerState,
  placeOrder,
  productIdOf,
  storeIdOf,
  submission,
  tableIdOf,
  tableOf,
} from '../../test/orders.ts';
import type { TestApp } from '../../test/test-app.ts';
import { changeStatus } from '../../test/tracking.ts';

/*
 * Order placement on the demo stores: 'pizzaria' is open all day, minimum R$ 25,00 (not counting
 * delivery), pickup 25 min; its loyalty program gives 1 point per real.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildAccountsTestApp();
});
afterAll(async () => {
  await t.close();
});

const classicBurger = (qtd = 1) =>
  cartLine(t, {
    ref: 'burger-classico',
    qtd,
    choices: { 'Ponto da carne': { 'Ao ponto': 1 }, Adicionais: { Bacon: 2 } },
  });

async function refusal(response: { statusCode: number; json(): unknown }, status: number, code: string) {
  expect(response.statusCode, JSON.stringify(response.json())).toBe(status);
  const body = orderErrorReply.parse(response.json());
  expect(body.code).toBe(code);
  expect(body.non_field_errors).toEqual([body.detail]);
  return body;
}

async function expectNothingWritten(account: SignedUp) {
  expect(await customerState(t, account.userId)).toMatchObject({
    orders: 0,
    lines: 0,
    points: 0,
    ledgerEntries: 0,
    couponRedemptions: 0,
  });
}

describe('placing an order (POST /bar/v2/app/order/upsert/)', () => {
  it('pickup paid by card on delivery: priced by the server, stored, points pending until delivered', async () => {
    const now = new Date('2026-05-04T18:00:00-03:00');
    t.setNow(now);
    const account = await signUp(t.app);
    const lines = [
      await classicBurger(2),
      await cartLine(t, { ref: 'coca-lata', observacao: ' bem gelada ' }),
    ];
    const response = await placeOrder(
      t,
      account.token,
      submission(account.userId, lines, { observacoes: 'Sem cebola, por favor' }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const body = orderPlacedReply.parse(response.json());
    // 2 × (3290 + 2 × 600 bacon) + 690
    expect(body.order_info).toEqual({
      order_id: expect.any(Number),
      // The store's own number (docs/decisions/0065).
      numero: expect.any(Number),
      status: 'Solicitado',
      total: 9670,
      estimated_time: '18:25',
      // The balance: the order's 96 points are pending until it is delivered.
      pontos_fidelidade: 0,
    });
    expect(body.order).toMatchObject({
      id: body.order_info.order_id,
      numero: body.order_info.numero,
      status: 'Solicitado',
      dh_iniciado: now.toISOString(),
      tipo_entrega: 'Retirada',
      forma_entrada: 'Instagram',
      total_produtos: 2 * 3290 + 690,
      acrescimo: 2 * 1200,
      valor_entrega: 0,
      desconto: 0,
      total: 9670,
      cupom: null,
      observacoes: 'Sem cebola, por favor',
      forma_pagamento_nome: 'Cartão de crédito (na entrega)',
      troco_para: null,
      agendado: false,
      hora_entrega: null,
      address_string: null,
      mesa: null,
      fidelidade_utilizada: false,
      pontos_fidelidade: 96,
      pontos_utilizados: 0,
    });
    expect(body.order.produtos_pedidos).toHaveLength(2);
    expect(body.order.produtos_pedidos[0]).toMatchObject({
      descricao_produto: 'Burger Clássico',
      produto_valor: 3290,
      valor_adicionais: 1200,
      qtd: 2,
      valor_total: 8980,
    });
    expect(body.order.produtos_pedidos[0]!.itens_pedidos).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ descricao: 'Ao ponto', quantidade_pedida: 1, valor: 0 }),
        expect.objectContaining({ descricao: 'Bacon', quantidade_pedida: 2, valor: 600 }),
        expect.objectContaining({ descricao: 'Queijo prata', quantidade_pedida: 1, quantidade_padrao: 1 }),
      ]),
    );
    expect(body.order.produtos_pedidos[1]).toMatchObject({ observacao: 'bem gelada', valor_total: 690 });

    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, body.order_info.order_id));
    expect(row).toMatchObject({
      status: 'Solicitado',
      total: 9670,
      paymentMethodId: 2,
      pontosFidelidade: 96,
    });
    const lineRows = await t.database.db.select().from(orderLines).where(eq(orderLines.orderId, row!.id));
    expect(lineRows.map((line) => [line.seq, line.qtd, line.valorTotal])).toEqual([
      [0, 2, 8980],
      [1, 1, 690],
    ]);
    const changes = await t.database.db
      .select()
      .from(orderStatusChanges)
      .where(eq(orderStatusChanges.orderId, row!.id));
    expect(changes).toEqual([
      expect.objectContaining({ fromStatus: null, toStatus: 'Solicitado', byCustomerId: account.userId }),
    ]);
    expect(await customerState(t, account.userId)).toMatchObject({
      orders: 1,
      lines: 2,
      points: 0,
      ledgerEntries: 0,
    });
    t.setNow(new Date());
  });

  it('the customer record shows the points of delivered orders only', async () => {
    const account = await signUp(t.app);
    const placed = await placeOrder(t, account.token, submission(account.userId, [await classicBurger()]));
    const record = () =>
      t.app.inject({
        method: 'GET',
        url: `/core/cliente_app/${account.userId}`,
        headers: { host: PIZZARIA, ...bearer(account.token) },
      });
    expect((await record()).json()).toMatchObject({ pontos_fidelidade: 0, pontos_pendentes: 44 });
    const staff = await signInStaff(t);
    const orderId = orderPlacedReply.parse(placed.json()).order_info.order_id;
    await changeStatus(t, staff.token, orderId, { status: 'Entregue' });
    expect((await record()).json()).toMatchObject({ pontos_fidelidade: 44, pontos_pendentes: 0 });
    // A cancelled order's points will never come.
    const other = await placeOrder(t, account.token, submission(account.userId, [await classicBurger()]));
    expect((await record()).json()).toMatchObject({ pontos_pendentes: 44 });
    const otherId = orderPlacedReply.parse(other.json()).order_info.order_id;
    await changeStatus(t, staff.token, otherId, { status: 'Cancelado', reason: 'Sem pão' });
    expect((await record()).json()).toMatchObject({ pontos_fidelidade: 44, pontos_pendentes: 0 });
  });

  it("a 'Média' half-and-half pizza is charged the average of its flavours", async () => {
    const account = await signUp(t.app);
    const line = await cartLine(t, {
      ref: 'pizza-meio-a-meio-grande',
      choices: { 'Escolha até 2 sabores': { Calabresa: 1, Pepperoni: 1 } },
    });
    const response = await placeOrder(t, account.token, submission(account.userId, [line]));
    expect(response.statusCode, response.body).toBe(201);
    // Grande: Calabresa 5990, Pepperoni 6990 → (5990 + 6990) / 2
    const body = orderPlacedReply.parse(response.json());
    expect(body.order_info.total).toBe(6490);
    // The flavours are the pizza's price, not an extra (issue 34: it read 'Produtos R$ 0,00').
    expect(body.order).toMatchObject({ total_produtos: 6490, acrescimo: 0 });
    expect(body.order.produtos_pedidos[0]).toMatchObject({ produto_valor: 6490, valor_adicionais: 0 });
  });

  it('a half-and-half with a stuffed border: the flavours are products, the border an extra', async () => {
    const account = await signUp(t.app);
    const line = await cartLine(t, {
      ref: 'pizza-meio-a-meio-grande',
      choices: { 'Escolha até 2 sabores': { Calabresa: 1, Pepperoni: 1 }, 'Borda recheada': { Catupiry: 1 } },
    });
    const response = await placeOrder(t, account.token, submission(account.userId, [line]));
    expect(response.statusCode, response.body).toBe(201);
    expect(orderPlacedReply.parse(response.json()).order).toMatchObject({
      total_produtos: 6490,
      acrescimo: 900,
      total: 7390,
    });
  });

  it('a table order needs no minimum and no payment method, and is always eaten in', async () => {
    const account = await signUp(t.app);
    const table = await tableOf(t, 'mesa-3');
    const water = await cartLine(t, { ref: 'agua', channel: 'local' });
    // Beer is served only at the tables.
    const beer = await cartLine(t, { ref: 'cerveja-long-neck', channel: 'local' });
    const response = await placeOrder(
      t,
      account.token,
      submission(account.userId, [water, beer], {
        tipo_entrega: 'Entregar',
        forma_entrada: 'local',
        identificador_pedido_novo: String(table.id),
        token_mesa: table.token,
        fk_forma_pagamento: null,
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const body = orderPlacedReply.parse(response.json());
    expect(body.order).toMatchObject({
      tipo_entrega: 'Vem comer',
      forma_entrada: 'local',
      mesa: 'Mesa 3',
      total: 450 + 1190,
      forma_pagamento_nome: null,
    });
  });

  it('the same water without a table is below the minimum', async () => {
    const account = await signUp(t.app);
    const response = await placeOrder(
      t,
      account.token,
      submission(account.userId, [await cartLine(t, { ref: 'agua' })]),
    );
    const body = await refusal(response, 400, 'MIN_ORDER_NOT_MET');
    expect(body.detail).toBe(
      'O pedido mínimo é de R$\u00a025,00, sem contar a entrega. Faltam R$\u00a020,50.',
    );
    await expectNothingWritten(account);
  });

  it('cash with change: troco_para is kept', async () => {
    const account = await signUp(t.app);
    const response = await placeOrder(
      t,
      account.token,
      submission(account.userId, [await classicBurger()], { fk_forma_pagamento: 1, troco_para: 5000 }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(orderPlacedReply.parse(response.json()).order).toMatchObject({
      total: 4490,
      troco_para: 5000,
      forma_pagamento_nome: 'Dinheiro',
    });
  });
});

describe('price tampering', () => {
  it('a lower produto_valor is refused with PRICE_CHANGED, never charged', async () => {
    const account = await signUp(t.app);
    const payload = submission(account.userId, [await classicBurger()]);
    (payload.produtos_pedidos[0] as { produto_valor: number }).produto_valor = 100;
    const body = await refusal(await placeOrder(t, account.token, payload), 409, 'PRICE_CHANGED');
    expect(body.detail).toBe(
      'O preço de Burger Clássico mudou para R$\u00a044,90. Confira o carrinho e confirme de novo.',
    );
    await expectNothingWritten(account);
  });

  it('a lower option valor is refused too', async () => {
    const account = await signUp(t.app);
    const payload = submission(account.userId, [await classicBurger()]);
    const items = (payload.produtos_pedidos[0] as { itens_pedidos: { descricao: string; valor: number }[] })
      .itens_pedidos;
    items.find((item) => item.descricao === 'Bacon')!.valor = 1;
    await refusal(await placeOrder(t, account.token, payload), 409, 'PRICE_CHANGED');
    await expectNothingWritten(account);
  });

  it('a total that disagrees is refused', async () => {
    const account = await signUp(t.app);
    const payload = submission(account.userId, [await classicBurger()], { total: 100 });
    const body = await refusal(await placeOrder(t, account.token, payload), 409, 'PRICE_CHANGED');
    expect(body.detail).toBe('O total do pedido mudou para R$\u00a044,90. Confira e confirme de novo.');
    await expectNothingWritten(account);
  });

  it('without client prices the server charges its own', async () => {
    const account = await signUp(t.app);
    const line = await classicBurger();
    const bare = {
      produto: line.produto,
      qtd: 1,
      itens_pedidos: line.itens_pedidos.map(({ valor: _, ...item }) => item),
    };
    const response = await placeOrder(t, account.token, {
      ...submission(account.userId, []),
      produtos_pedidos: [bare],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(orderPlacedReply.parse(response.json()).order_info.total).toBe(4490);
  });

  it('extra fields claiming prices (valor_total, unitTotal) are ignored', async () => {
    const account = await signUp(t.app);
    const line = { ...(await classicBurger()), valor_total: 1, unitTotal: 1, groups: [] };
    const response = await placeOrder(t, account.token, submission(account.userId, [line]));
    expect(orderPlacedReply.parse(response.json()).order_info.total).toBe(4490);
  });
});

describe('bad input: a 4xx with a code, and nothing written', () => {
  const cases: [string, (a: SignedUp) => Promise<unknown>, number, string][] = [
    [
      'zero quantity',
      async (a) => submission(a.userId, [{ ...(await classicBurger()), qtd: 0 }]),
      400,
      'INVALID_QUANTITY',
    ],
    [
      'negative quantity',
      async (a) => submission(a.userId, [{ ...(await classicBurger()), qtd: -2 }]),
      400,
      'INVALID_QUANTITY',
    ],
    [
      'fractional quantity',
      async (a) => submission(a.userId, [{ ...(await classicBurger()), qtd: 1.5 }]),
      400,
      'INVALID_QUANTITY',
    ],
    [
      'a quantity above 99',
      async (a) => submission(a.userId, [{ ...(await classicBurger()), qtd: 100 }]),
      400,
      'INVALID_QUANTITY',
    ],
    [
      'a huge quantity',
      async (a) => submission(a.userId, [{ ...(await classicBurger()), qtd: 1e15 }]),
      400,
      'INVALID_QUANTITY',
    ],
    [
      'an option quantity above 99',
      async (a) => {
        const line = await classicBurger();
        const items = line.itens_pedidos.map((item) =>
          item.descricao === 'Bacon' ? { ...item, quantidade_pedida: 1000 } : item,
        );
        return submission(a.userId, [{ ...line, itens_pedidos: items }]);
      },
      400,
      'INVALID_QUANTITY',
    ],
    [
      'more than 100 lines',
      async (a) => submission(a.userId, Array(101).fill(await cartLine(t, { ref: 'coca-lata' }))),
      400,
      'TOO_MANY_LINES',
    ],
    ['an empty cart', async (a) => submission(a.userId, []), 400, 'EMPTY_CART'],
    [
      'an unknown product',
      async (a) => submission(a.userId, [{ ...(await classicBurger()), produto: 999_999 }]),
      409,
      'ITEM_UNAVAILABLE',
    ],
    [
      "another store's product",
      async (a) =>
        submission(a.userId, [
          {
            ...(await classicBurger()),
            produto: await productIdOf(t, 'temaki-salmao', SAKURA),
            itens_pedidos: [],
          },
        ]),
      409,
      'ITEM_UNAVAILABLE',
    ],
    [
      'a product not sold in the app',
      async (a) => {
        const line = await cartLine(t, { ref: 'coca-lata' });
        return submission(a.userId, [{ ...line, produto: await productIdOf(t, 'cerveja-long-neck') }]);
      },
      409,
      'ITEM_UNAVAILABLE',
    ],
    [
      'an option not sold in the app',
      async (a) => {
        const line = await classicBurger();
        const jalapeno = await jalapenoOf(line);
        return submission(a.userId, [{ ...line, itens_pedidos: [...line.itens_pedidos, jalapeno] }]);
      },
      409,
      'ITEM_UNAVAILABLE',
    ],
    [
      'an unknown option',
      async (a) => {
        const line = await classicBurger();
        const bacon = line.itens_pedidos.find((item) => item.descricao === 'Bacon')!;
        return submission(a.userId, [
          { ...line, itens_pedidos: [...line.itens_pedidos, { ...bacon, item_id: 999_999 }] },
        ]);
      },
      409,
      'ITEM_UNAVAILABLE',
    ],
    [
      "another store's option",
      async (a) => {
        const line = await classicBurger();
        const sakuraLine = await cartLine(t, {
          ref: 'temaki-salmao',
          host: SAKURA,
          choices: { Adicionais: { 'Cream cheese': 1 } },
        });
        return submission(a.userId, [
          { ...line, itens_pedidos: [...line.itens_pedidos, ...sakuraLine.itens_pedidos] },
        ]);
      },
      409,
      'ITEM_UNAVAILABLE',
    ],
    [
      'a required option missing',
      async (a) => {
        const line = await classicBurger();
        return submission(a.userId, [
          { ...line, itens_pedidos: line.itens_pedidos.filter((item) => item.descricao !== 'Ao ponto') },
        ]);
      },
      400,
      'INVALID_OPTIONS',
    ],
    [
      'a parent product without its variant',
      async (a) =>
        submission(a.userId, [
          { produto: await productIdOf(t, 'pizza-calabresa'), qtd: 1, itens_pedidos: [] },
        ]),
      400,
      'VARIANT_REQUIRED',
    ],
    [
      'order notes over 50 characters',
      async (a) => submission(a.userId, [await classicBurger()], { observacoes: 'x'.repeat(51) }),
      400,
      'NOTE_TOO_LONG',
    ],
    [
      'line notes over 50 characters',
      async (a) => submission(a.userId, [{ ...(await classicBurger()), observacao: 'y'.repeat(51) }]),
      400,
      'NOTE_TOO_LONG',
    ],
    [
      'a coupon together with loyalty',
      async (a) => submission(a.userId, [await classicBurger()], { fk_cupom: 1, fidelidade_utilizada: true }),
      400,
      'COUPON_AND_LOYALTY',
    ],
    [
      'no payment method',
      async (a) => submission(a.userId, [await classicBurger()], { fk_forma_pagamento: null }),
      400,
      'PAYMENT_METHOD_REQUIRED',
    ],
    [
      "a payment method the store doesn't have",
      async (a) => submission(a.userId, [await classicBurger()], { fk_forma_pagamento: 77 }),
      409,
      'PAYMENT_METHOD_UNAVAILABLE',
    ],
    [
      'the online PIX entry on the order call (the payment calls confirm online payments)',
      async (a) => submission(a.userId, [await classicBurger()], { fk_forma_pagamento: 999 }),
      409,
      'PAYMENT_NOT_CONFIRMED',
    ],
    [
      // The demo pizzaria takes cards online, through the payment intent only (docs/decisions/0029).
      'the online card entry sent straight to the order call',
      async (a) => submission(a.userId, [await classicBurger()], { fk_forma_pagamento: 998 }),
      409,
      'PAYMENT_NOT_CONFIRMED',
    ],
    [
      'a payment method not offered for the delivery type',
      // Vale-refeição: pickup and eat-in only.
      async (a) =>
        submission(a.userId, [await classicBurger()], {
          tipo_entrega: 'Entregar',
          fk_endereco: 1,
          fk_forma_pagamento: 5,
        }),
      409,
      'PAYMENT_METHOD_UNAVAILABLE',
    ],
    [
      'change below the total',
      async (a) => submission(a.userId, [await classicBurger()], { fk_forma_pagamento: 1, troco_para: 4000 }),
      400,
      'CHANGE_BELOW_TOTAL',
    ],
    [
      'change more than R$ 200 above the total',
      async (a) =>
        submission(a.userId, [await classicBurger()], { fk_forma_pagamento: 1, troco_para: 4490 + 20_001 }),
      400,
      'CHANGE_TOO_HIGH',
    ],
    [
      'change that is not whole centavos',
      async (a) => submission(a.userId, [await classicBurger()], { fk_forma_pagamento: 1, troco_para: 50.5 }),
      400,
      'INVALID_CHANGE',
    ],
    [
      'an invalid document',
      async (a) => submission(a.userId, [await classicBurger()], { documento_cliente: '123.456.789-00' }),
      400,
      'INVALID_DOCUMENT',
    ],
    [
      'an unknown table',
      async (a) =>
        submission(a.userId, [await cartLine(t, { ref: 'agua', channel: 'local' })], {
          forma_entrada: 'local',
          identificador_pedido_novo: '999999',
        }),
      404,
      'TABLE_NOT_FOUND',
    ],
    [
      'a table order of a product not served at the tables',
      async (a) => {
        const combo = await cartLine(t, {
          ref: 'combo-pizza-refri',
          choices: { 'Escolha até 2 sabores': { Calabresa: 1 }, 'Refrigerante 2 L': { 'Coca-Cola 2 L': 1 } },
        });
        const table = await tableOf(t, 'mesa-1');
        return submission(a.userId, [combo], {
          forma_entrada: 'local',
          identificador_pedido_novo: String(table.id),
          token_mesa: table.token,
        });
      },
      409,
      'ITEM_UNAVAILABLE',
    ],
    [
      "a table order without its QR code's token (table ids are public)",
      async (a) =>
        submission(a.userId, [await cartLine(t, { ref: 'agua', channel: 'local' })], {
          forma_entrada: 'local',
          identificador_pedido_novo: String(await tableIdOf(t, 'mesa-1')),
        }),
      400,
      'TABLE_TOKEN_INVALID',
    ],
    [
      "a table order with another table's token",
      async (a) =>
        submission(a.userId, [await cartLine(t, { ref: 'agua', channel: 'local' })], {
          forma_entrada: 'local',
          identificador_pedido_novo: String(await tableIdOf(t, 'mesa-1')),
          token_mesa: (await tableOf(t, 'mesa-2')).token,
        }),
      400,
      'TABLE_TOKEN_INVALID',
    ],
    [
      "an item above the store's units per item (99 units, the flood of finding 1)",
      async (a) => submission(a.userId, [await cartLine(t, { ref: 'pizza-calabresa-grande', qtd: 99 })]),
      409,
      'LINE_QUANTITY_TOO_HIGH',
    ],
    [
      "a total above the store's maximum order",
      // Two items of 30 pizzas grandes (R$ 59,90): R$ 3.594,00, above the default R$ 3.000,00.
      async (a) =>
        submission(a.userId, [
          await cartLine(t, { ref: 'pizza-calabresa-grande', qtd: 30 }),
          await cartLine(t, { ref: 'pizza-calabresa-grande', qtd: 30, observacao: 'bem assada' }),
        ]),
      409,
      'ORDER_TOTAL_TOO_HIGH',
    ],
    [
      'an order id (orders cannot be changed)',
      async (a) => submission(a.userId, [await classicBurger()], { id: 5 }),
      400,
      'ORDER_UPDATE_NOT_ALLOWED',
    ],
    [
      'a scheduled order at a store without scheduling',
      async (a) => submission(a.userId, [await classicBurger()], { agendado: true }),
      409,
      'SCHEDULING_UNAVAILABLE',
    ],
  ];

  async function jalapenoOf(line: Awaited<ReturnType<typeof classicBurger>>) {
    const bacon = line.itens_pedidos.find((item) => item.descricao === 'Bacon')!;
    const product = await t.app.inject({
      method: 'GET',
      url: `/estoque/produtos_full_app/${line.produto}?local=local`,
      headers: { host: PIZZARIA },
    });
    const group = (
      product.json() as {
        grupos: { grupo: { id: number; lista_itens: { id: number; descricao: string }[] } }[];
      }
    ).grupos.find((candidate) => candidate.grupo.id === bacon.grupo)!;
    const jalapeno = group.grupo.lista_itens.find((item) => item.descricao === 'Jalapeño')!;
    return { ...bacon, item_id: jalapeno.id, descricao: 'Jalapeño', quantidade_pedida: 1, valor: 400 };
  }

  for (const [name, build, status, code] of cases) {
    it(`${name}: ${status} ${code}`, async () => {
      const account = await signUp(t.app);
      await refusal(await placeOrder(t, account.token, await build(account)), status, code);
      await expectNothingWritten(account);
    });
  }

  it("another customer's fk_cliente: 403 FORBIDDEN", async () => {
    const [a, b] = [await signUp(t.app), await signUp(t.app)];
    await refusal(
      await placeOrder(t, a.token, submission(b.userId, [await classicBurger()])),
      403,
      'FORBIDDEN',
    );
    await expectNothingWritten(a);
    await expectNothingWritten(b);
  });

  it('without a token: 401 in the same shape', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/bar/v2/app/order/upsert/',
      headers: { host: PIZZARIA, 'idempotency-key': 'k1' },
      payload: submission(1, [await classicBurger()]) as Record<string, unknown>,
    });
    await refusal(response, 401, 'NOT_AUTHENTICATED');
  });

  it('a malformed body: 400 INVALID_INPUT in the same shape', async () => {
    const account = await signUp(t.app);
    const response = await placeOrder(t, account.token, {
      tipo_entrega: 'Voando',
      fk_cliente: account.userId,
    });
    await refusal(response, 400, 'INVALID_INPUT');
  });

  it('a delivery type the store does not offer', async () => {
    // Sakura seats guests at its counter since issue 19: switched off here, eating in is refused.
    const storeId = await storeIdOf(t, SAKURA);
    const eatIn = (on: boolean) =>
      t.database.db
        .update(companySettings)
        .set({ permiteComerLocal: on })
        .where(eq(companySettings.storeId, storeId));
    await eatIn(false);
    try {
      const account = await signUp(t.app, { host: SAKURA });
      const line = await cartLine(t, { ref: 'combinado-salmao-16', host: SAKURA });
      const response = await placeOrder(
        t,
        account.token,
        submission(account.userId, [line], { tipo_entrega: 'Vem comer' }),
        { host: SAKURA },
      );
      await refusal(response, 409, 'DELIVERY_TYPE_UNAVAILABLE');
      await expectNothingWritten(account);
    } finally {
      await eatIn(true);
    }
  });

  it('a payment method of another store (sakura has no Vale-refeição)', async () => {
    t.setNow(new Date('2026-05-05T12:00:00-03:00'));
    const account = await signUp(t.app, { host: SAKURA });
    const line = await cartLine(t, { ref: 'combinado-salmao-16', host: SAKURA });
    const response = await placeOrder(
      t,
      account.token,
      submission(account.userId, [line], { fk_forma_pagamento: 5 }),
      {
        host: SAKURA,
      },
    );
    t.setNow(new Date());
    await refusal(response, 409, 'PAYMENT_METHOD_UNAVAILABLE');
    await expectNothingWritten(account);
  });
});

describe("a scheduled order on 'sakura' while it is closed", () => {
  // Monday: sakura is closed all day; it takes orders for its next shifts (30-minute periods,
  // at least 60 minutes ahead, 8 orders per period).
  const monday = new Date('2026-05-04T12:00:00-03:00');
  const tuesdayLunch = '2026-05-05T14:30:00.000Z';

  async function periods() {
    const response = await t.app.inject({
      method: 'GET',
      url: '/core/empresa_personal_app',
      headers: { host: SAKURA },
    });
    return (
      response.json() as { loja_aberta: boolean; schedule_periods: { period: string; free: boolean }[] }[]
    )[0]!;
  }

  it('is placed for a free period and shows that time as the estimate', async () => {
    t.setNow(monday);
    try {
      const company = await periods();
      expect(company.loja_aberta).toBe(false);
      expect(company.schedule_periods[0]).toEqual({ period: tuesdayLunch, free: true });
      const account = await signUp(t.app, { host: SAKURA });
      const line = await cartLine(t, { ref: 'combinado-salmao-16', host: SAKURA });
      const scheduled = submission(account.userId, [line], { agendado: true, hora_entrega: tuesdayLunch });
      const response = await placeOrder(t, account.token, scheduled, { host: SAKURA });
      expect(response.statusCode, response.body).toBe(201);
      const body = orderPlacedReply.parse(response.json());
      expect(body.order_info.estimated_time).toBe('11:30');
      expect(body.order).toMatchObject({ agendado: true, hora_entrega: tuesdayLunch, total: 5990 });
    } finally {
      t.setNow(new Date());
    }
  });

  it('without a schedule it is refused: the store is closed', async () => {
    t.setNow(monday);
    try {
      const account = await signUp(t.app, { host: SAKURA });
      const line = await cartLine(t, { ref: 'combinado-salmao-16', host: SAKURA });
      const response = await placeOrder(t, account.token, submission(account.userId, [line]), {
        host: SAKURA,
      });
      const body = await refusal(response, 409, 'STORE_CLOSED');
      expect(body.detail).toBe('Estamos fechados. Você não poderá concluir o pedido');
      await expectNothingWritten(account);
    } finally {
      t.setNow(new Date());
    }
  });

  it('a time that is not one of the periods is refused', async () => {
    t.setNow(monday);
    try {
      const account = await signUp(t.app, { host: SAKURA });
      const line = await cartLine(t, { ref: 'combinado-salmao-16', host: SAKURA });
      for (const hora_entrega of ['2026-05-05T14:45:00.000Z', '2026-05-04T16:00:00.000Z', 'amanhã']) {
        const response = await placeOrder(
          t,
          account.token,
          submission(account.userId, [line], { agendado: true, hora_entrega }),
          { host: SAKURA },
        );
        await refusal(response, 409, 'SCHEDULE_PERIOD_UNAVAILABLE');
      }
      const missing = await placeOrder(
        t,
        account.token,
        submission(account.userId, [line], { agendado: true }),
        {
          host: SAKURA,
        },
      );
      await refusal(missing, 400, 'SCHEDULE_REQUIRED');
      await expectNothingWritten(account);
    } finally {
      t.setNow(new Date());
    }
  });

  it('a period takes 8 orders; the 9th, racing from any customer, is refused with SCHEDULE_PERIOD_FULL, and the company call shows it not free', async () => {
    t.setNow(monday);
    try {
      const period = '2026-05-05T15:00:00.000Z';
      // Three customers, three orders each, all at once.
      const accounts = [
        await signUp(t.app, { host: SAKURA }),
        await signUp(t.app, { host: SAKURA }),
        await signUp(t.app, { host: SAKURA }),
      ];
      const line = await cartLine(t, { ref: 'combinado-salmao-16', host: SAKURA });
      const replies = await Promise.all(
        Array.from({ length: 9 }, (_, i) => {
          const account = accounts[i % 3]!;
          const payload = submission(account.userId, [line], { agendado: true, hora_entrega: period });
          return placeOrder(t, account.token, payload, { host: SAKURA });
        }),
      );
      expect(replies.filter((reply) => reply.statusCode === 201)).toHaveLength(8);
      const full = replies.find((reply) => reply.statusCode !== 201)!;
      await refusal(full, 409, 'SCHEDULE_PERIOD_FULL');
      const states = await Promise.all(accounts.map((account) => customerState(t, account.userId)));
      expect(states.reduce((sum, state) => sum + state.orders, 0)).toBe(8);
      // The company call agrees with placement: the full period is not free, the others still are.
      const company = await periods();
      expect(company.schedule_periods.find((p) => p.period === period)).toEqual({ period, free: false });
      expect(company.schedule_periods.filter((p) => !p.free)).toHaveLength(1);
    } finally {
      t.setNow(new Date());
    }
  });
});

describe('delivery', () => {
  async function pizzariaPlace(ref: string, table: 'cities' | 'neighbourhoods') {
    const storeId = await storeIdOf(t, PIZZARIA);
    const source = table === 'cities' ? cities : neighbourhoods;
    const [row] = await t.database.db
      .select({ id: source.id })
      .from(source)
      .where(and(eq(source.storeId, storeId), eq(source.ref, ref)));
    return row!.id;
  }

  /** Saves an address in Consolação (fee R$ 5,00) through the addresses call. */
  async function saveAddress(account: SignedUp): Promise<number> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/core/v2/app/customer/upsert-addresses/',
      headers: { host: PIZZARIA, ...bearer(account.token) },
      payload: {
        addresses: [
          {
            id: null,
            name: 'Casa',
            street: 'Rua Augusta',
            street_number: '1500',
            complement: 'Apto 12',
            city_id: await pizzariaPlace('sao-paulo', 'cities'),
            city_name: 'São Paulo',
            district_id: await pizzariaPlace('consolacao', 'neighbourhoods'),
            district_name: 'Consolação',
            latitude: -23.557,
            longitude: -46.6563,
            search: 'augusta 1500',
            location: false,
          },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { inserted_ids: number[] }).inserted_ids[0]!;
  }

  it('cash with change: the fee of the address is added and the change kept', async () => {
    const account = await signUp(t.app);
    const address = await saveAddress(account);
    const response = await placeOrder(
      t,
      account.token,
      submission(account.userId, [await classicBurger()], {
        tipo_entrega: 'Entregar',
        fk_endereco: address,
        fk_forma_pagamento: 1,
        troco_para: 10_000,
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const body = orderPlacedReply.parse(response.json());
    expect(body.order).toMatchObject({
      tipo_entrega: 'Entregar',
      total_produtos: 3290,
      acrescimo: 1200,
      valor_entrega: 500,
      total: 4990,
      troco_para: 10_000,
      address_string: 'Rua Augusta, 1500 - Apto 12 - Consolação, São Paulo - SP',
      // The fee earns no points.
      pontos_fidelidade: 44,
    });
    expect(body.order_info.estimated_time).toMatch(/^\d{2}:\d{2}$/);
  });

  it('a delivery coupon takes the fee off', async () => {
    const account = await signUp(t.app);
    const address = await saveAddress(account);
    const coupon = await t.app.inject({
      method: 'POST',
      url: '/core/coupon_validate_app',
      headers: { host: PIZZARIA, ...bearer(account.token) },
      payload: { coupon: 'entrega5', customer_id: account.userId, delivery_type: 'Entregar' },
    });
    const id = (coupon.json() as { detail: { id: number } }).detail.id;
    const response = await placeOrder(
      t,
      account.token,
      submission(account.userId, [await classicBurger()], {
        tipo_entrega: 'Entregar',
        fk_endereco: address,
        fk_cupom: id,
      }),
    );
    expect(orderPlacedReply.parse(response.json()).order).toMatchObject({
      valor_entrega: 500,
      desconto_cupom: 500,
      total: 4490,
      cupom: 'ENTREGA5',
    });
  });

  it('the minimum does not count the fee', async () => {
    const account = await signUp(t.app);
    const address = await saveAddress(account);
    const coke = await cartLine(t, { ref: 'coca-lata', qtd: 3 });
    const response = await placeOrder(
      t,
      account.token,
      submission(account.userId, [coke], { tipo_entrega: 'Entregar', fk_endereco: address }),
    );
    // 2070 + 500 of delivery: still short of R$ 25,00 of products.
    await refusal(response, 400, 'MIN_ORDER_NOT_MET');
    await expectNothingWritten(account);
  });

  it('without an address: ADDRESS_REQUIRED', async () => {
    const account = await signUp(t.app);
    const response = await placeOrder(
      t,
      account.token,
      submission(account.userId, [await classicBurger()], { tipo_entrega: 'Entregar' }),
    );
    await refusal(response, 400, 'ADDRESS_REQUIRED');
  });

  it("another customer's address: 404 ADDRESS_NOT_FOUND and nothing written", async () => {
    const [owner, other] = [await signUp(t.app), await signUp(t.app)];
    const address = await saveAddress(owner);
    const response = await placeOrder(
      t,
      other.token,
      submission(other.userId, [await classicBurger()], { tipo_entrega: 'Entregar', fk_endereco: address }),
    );
    await refusal(response, 404, 'ADDRESS_NOT_FOUND');
    await expectNothingWritten(other);
    await expectNothingWritten(owner);
  });

  it('an address the store no longer delivers to: ADDRESS_NOT_DELIVERABLE', async () => {
    const account = await signUp(t.app);
    const address = await saveAddress(account);
    const consolacao = await pizzariaPlace('consolacao', 'neighbourhoods');
    await t.database.db.update(neighbourhoods).set({ ativo: false }).where(eq(neighbourhoods.id, consolacao));
    try {
      const response = await placeOrder(
        t,
        account.token,
        submission(account.userId, [await classicBurger()], {
          tipo_entrega: 'Entregar',
          fk_endereco: address,
        }),
      );
      const body = await refusal(response, 400, 'ADDRESS_NOT_DELIVERABLE');
      expect(body.detail).toBe('Esse endereço não está disponível para entrega');
      await expectNothingWritten(account);
    } finally {
      await t.database.db
        .update(neighbourhoods)
        .set({ ativo: true })
        .where(eq(neighbourhoods.id, consolacao));
    }
  });

  it('a store that requires a document for delivery refuses a delivery without one', async () => {
    const account = await signUp(t.app);
    const address = await saveAddress(account);
    const storeId = await storeIdOf(t, PIZZARIA);
    const setRequired = (value: boolean) =>
      t.database.db
        .update(companySettings)
        .set({ deliveryCustomerDocRequired: value })
        .where(eq(companySettings.storeId, storeId));
    await setRequired(true);
    try {
      const burger = await classicBurger();
      const delivery = (documento_cliente: string | null) =>
        placeOrder(
          t,
          account.token,
          submission(account.userId, [burger], {
            tipo_entrega: 'Entregar',
            fk_endereco: address,
            documento_cliente,
          }),
        );
      await refusal(await delivery(null), 400, 'DOCUMENT_REQUIRED');
      await expectNothingWritten(account);
      // Pickup needs none.
      expect(
        (await placeOrder(t, account.token, submission(account.userId, [await classicBurger()]))).statusCode,
      ).toBe(201);
      // A valid CPF, formatted or not; and the alphanumeric CNPJ.
      expect((await delivery('529.982.247-25')).statusCode).toBe(201);
      expect((await delivery('12.ABC.345/01DE-35')).statusCode).toBe(201);
    } finally {
      await setRequired(false);
    }
  });
});
