import { buildCartLine, type CartLineDraft } from '@comanda/domain';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { fullProducts, repriceCart } from './cart-rebuild.ts';
import type { ContextProduct, OrderContext } from './repository.ts';
import { checkRequest, type OrderSubmissionBody, readOrderRequest } from './request.ts';
import {
  checkCouponLimits,
  checkoutStoreOf,
  checkPayment,
  checkStore,
  checkTab,
  orderToWrite,
  quoteOrder,
} from './stages.ts';

/*
 * One test group per stage of order placement, on an order context built here (the statement's
 * result), so each stage is seen alone. The whole placement is tested through HTTP in
 * orders.test.ts.
 */

// Tuesday 2026-05-05 at 12:00 in store time (UTC-3): inside the lunch shift below.
const NOW = new Date('2026-05-05T15:00:00Z');
const EVERY_DAY_LUNCH = [1, 2, 3, 4, 5, 6, 7].map((dia) => ({
  dia_semana: dia,
  turno: 1 as const,
  hr_inicio: '11:00:00',
  hr_fim: '15:00:00',
}));

const burgerRow: ContextProduct = {
  id: 10,
  descricao: 'Burger Clássico',
  detalhes: '',
  valorVenda: 3490,
  urlImagem: null,
  categoryId: 1,
  categoria: 'Burgers',
  categoriaAtiva: true,
  itemPai: false,
  itemFilho: false,
  parentId: null,
  ativoPedidos: true,
  ativoGarcom: true,
  esgotado: false,
  excluido: false,
  grupos: [
    {
      id: 100,
      min: 0,
      max: 3,
      ordem: 1,
      descricao: 'Adicionais',
      detalhes: '',
      repetirItens: false,
      politicaCobranca: 'Soma',
      itens: [
        {
          id: 1000,
          descricao: 'Bacon',
          detalhes: '',
          preco: 600,
          urlImagem: null,
          ordem: 1,
          fkItem: null,
          qtPadrao: 0,
          excluido: false,
          ativoPedidos: true,
          ativoGarcom: true,
          esgotado: false,
          ingrediente: false,
        },
      ],
    },
  ],
};

function context(overrides: Partial<OrderContext> = {}): OrderContext {
  return {
    previous: null,
    points: 0,
    orderId: 501,
    timeZone: 'America/Sao_Paulo',
    openMode: 'auto',
    pausedUntil: null,
    holidays: [],
    agendamentoAtivo: false,
    permiteAgendamento: false,
    scheduleStepMinutes: 30,
    scheduleCapacity: null,
    deliveryTime: 50,
    pickupTime: 20,
    permiteEntrega: true,
    permiteBusca: true,
    permiteComerLocal: false,
    valorMinimo: 2000,
    qtdMaximaItem: 30,
    valorMaximoPedido: 300_000,
    onlinePayment: false,
    paymentByPix: false,
    paymentByCard: false,
    selfCheckoutRequireImplyPay: false,
    deliveryCustomerDocRequired: false,
    autoAccept: false,
    shifts: EVERY_DAY_LUNCH,
    loyalty: {
      ativo: true,
      descricao: '',
      pontosRecompensa: 100,
      recompensaPerc: false,
      percRecompensa: 0,
      vlrRecompensa: 1000,
      pontosPorReal: 1,
    },
    method: {
      id: 2,
      tipo: 'cartao',
      descricao: 'Cartão na entrega',
      permiteTroco: false,
      tiposEntrega: ['Entregar', 'Retirada'],
    },
    diningTable: null,
    mesaExigeCodigo: false,
    openTab: null,
    coupon: null,
    couponCustomerUses: 0,
    menuVersion: 1,
    products: [burgerRow],
    ...overrides,
  };
}

function body(overrides: Partial<OrderSubmissionBody> = {}): OrderSubmissionBody {
  return {
    tipo_entrega: 'Retirada',
    fk_cliente: 7,
    fk_forma_pagamento: 2,
    produtos_pedidos: [{ produto: 10, qtd: 1, itens_pedidos: [] }],
    ...overrides,
  } as OrderSubmissionBody;
}

function burgerLine(): CartLineDraft {
  const result = buildCartLine(fullProducts([burgerRow]).get(10)!, {}, { channel: 'app' });
  if (!result.ok) throw new Error('burger line');
  return result.line;
}

async function refusalOf(run: () => unknown): Promise<string> {
  try {
    await run();
  } catch (error) {
    if (error instanceof AppError) return `${error.status} ${error.code}`;
    throw error;
  }
  return 'accepted';
}

describe('stage 1, the request', () => {
  it('refuses shapes and limits that need no data', async () => {
    expect(await refusalOf(() => checkRequest(body({ id: 5 })))).toBe('400 ORDER_UPDATE_NOT_ALLOWED');
    expect(await refusalOf(() => checkRequest(body({ produtos_pedidos: [] })))).toBe('400 EMPTY_CART');
    expect(await refusalOf(() => checkRequest(body({ fk_cupom: 3, fidelidade_utilizada: true })))).toBe(
      '400 COUPON_AND_LOYALTY',
    );
    expect(await refusalOf(() => checkRequest(body({ troco_para: 10.5 })))).toBe('400 INVALID_CHANGE');
    expect(await refusalOf(() => checkRequest(body()))).toBe('accepted');
  });

  it('reads a table order as eaten in at the table, on the table channel', () => {
    const request = readOrderRequest(body({ forma_entrada: 'local', identificador_pedido_novo: '4' }));
    expect([request.tableOrder, request.tableId, request.channel]).toEqual([true, 4, 'local']);
  });

  it('reads a schedule period as an ISO instant, and a missing one as empty', () => {
    expect(
      readOrderRequest(body({ agendado: true, hora_entrega: '2026-05-05T14:30:00-03:00' })).scheduledPeriod,
    ).toBe('2026-05-05T17:30:00.000Z');
    expect(readOrderRequest(body({ agendado: true })).scheduledPeriod).toBe('');
    expect(readOrderRequest(body({ hora_entrega: '2026-05-05T14:30:00-03:00' })).scheduledPeriod).toBe(null);
  });
});

describe('stage 2, the store', () => {
  const check = (request: OrderSubmissionBody, ctx = context(), now = NOW) =>
    refusalOf(() => checkStore(readOrderRequest(request), ctx, checkoutStoreOf(ctx, now)));

  it('takes an order while open, for an offered delivery type', async () => {
    expect(await check(body())).toBe('accepted');
  });

  it('refuses a delivery type the store does not offer', async () => {
    expect(await check(body({ tipo_entrega: 'Vem comer' }))).toBe('409 DELIVERY_TYPE_UNAVAILABLE');
  });

  it('refuses when closed, unless for a free period', async () => {
    const night = new Date('2026-05-05T23:00:00Z');
    expect(await check(body(), context(), night)).toBe('409 STORE_CLOSED');
    const scheduling = context({ agendamentoAtivo: true, permiteAgendamento: true });
    const [free] = checkoutStoreOf(scheduling, night).freePeriods;
    expect(await check(body({ agendado: true, hora_entrega: free }), scheduling, night)).toBe('accepted');
  });

  it('refuses a table order for a table it does not have', async () => {
    expect(await check(body({ forma_entrada: 'local', identificador_pedido_novo: '9' }))).toBe(
      '404 TABLE_NOT_FOUND',
    );
  });

  it('a store closed by its staff or paused is closed for now, and still takes scheduled orders', async () => {
    expect(await check(body(), context({ openMode: 'closed' }))).toBe('409 STORE_CLOSED');
    const noon = new Date('2026-05-05T15:30:00Z');
    const paused = context({ pausedUntil: new Date(noon.getTime() + 20 * 60_000) });
    expect(await check(body(), paused, noon)).toBe('409 STORE_CLOSED');
    expect(await check(body(), context({ pausedUntil: new Date(noon.getTime() - 1) }), noon)).toBe(
      'accepted',
    );
    const scheduling = { ...paused, agendamentoAtivo: true, permiteAgendamento: true };
    const [free] = checkoutStoreOf(scheduling, noon).freePeriods;
    expect(await check(body({ agendado: true, hora_entrega: free }), scheduling, noon)).toBe('accepted');
  });

  it('a store open by its staff takes orders outside its hours', async () => {
    const night = new Date('2026-05-05T23:00:00Z');
    expect(await check(body(), context({ openMode: 'open' }), night)).toBe('accepted');
  });
});

describe('stage 2b, the table’s tab', () => {
  const table = { id: 4, description: 'Mesa 4', token: 'a'.repeat(32) };
  const atTable = (code?: string) =>
    readOrderRequest(
      body({
        forma_entrada: 'local',
        identificador_pedido_novo: '4',
        ...(code ? { codigo_mesa: code } : {}),
      }),
    );

  it('an order away from a table has no tab', () => {
    expect(checkTab(readOrderRequest(body()), context(), null)).toBeNull();
  });

  it('a round joins the open tab, or opens one, at a store without codes', () => {
    expect(checkTab(atTable(), context(), table)).toEqual({
      tableId: 4,
      requiresCode: false,
      code: null,
      codeMatches: null,
    });
  });

  it('a tab being closed takes no round', async () => {
    const closing = context({ openTab: { id: 1, status: 'closing', code: null } });
    expect(await refusalOf(() => checkTab(atTable(), closing, table))).toBe('409 TAB_NOT_OPEN');
  });

  it('a store with codes: a table nobody opened is locked; the code is compared for the caller to count', async () => {
    const locked = context({ mesaExigeCodigo: true });
    expect(await refusalOf(() => checkTab(atTable('1234'), locked, table))).toBe('409 TABLE_LOCKED');
    const opened = context({ mesaExigeCodigo: true, openTab: { id: 1, status: 'open', code: '1234' } });
    expect(checkTab(atTable('1234'), opened, table)?.codeMatches).toBe(true);
    expect(checkTab(atTable('4321'), opened, table)?.codeMatches).toBe(false);
    expect(checkTab(atTable(), opened, table)?.codeMatches).toBe(false);
  });
});

describe('stage 3, the cart repriced from the database', () => {
  const rows = new Map([[10, burgerRow]]);
  const products = fullProducts([burgerRow]);

  it('prices the lines from the product, not from the request', () => {
    const [line] = repriceCart([{ produto: 10, qtd: 2, itens_pedidos: [] }], products, rows, 'app');
    expect([line!.produto_valor, line!.qtd]).toEqual([3490, 2]);
  });

  it('refuses a submitted price that is not today’s', async () => {
    expect(
      await refusalOf(() =>
        repriceCart([{ produto: 10, qtd: 1, produto_valor: 100, itens_pedidos: [] }], products, rows, 'app'),
      ),
    ).toBe('409 PRICE_CHANGED');
  });

  it('refuses a product the store marked sold out, and an option item marked sold out', async () => {
    const soldOut = new Map([[10, { ...burgerRow, esgotado: true }]]);
    expect(
      await refusalOf(() =>
        repriceCart([{ produto: 10, qtd: 1, itens_pedidos: [] }], products, soldOut, 'app'),
      ),
    ).toBe('409 SOLD_OUT');
    const group = burgerRow.grupos[0]!;
    const item = group.itens[0]!;
    const itemSoldOut = { ...burgerRow, grupos: [{ ...group, itens: [{ ...item, esgotado: true }] }] };
    const picked = [
      { produto: 10, qtd: 1, itens_pedidos: [{ item_id: item.id, grupo: group.id, quantidade_pedida: 1 }] },
    ];
    expect(await refusalOf(() => repriceCart(picked, products, rows, 'app'))).toBe('accepted');
    expect(
      await refusalOf(() =>
        repriceCart(picked, fullProducts([itemSoldOut]), new Map([[10, itemSoldOut]]), 'app'),
      ),
    ).toBe('409 ITEM_UNAVAILABLE');
  });

  it('refuses a product not sold on the channel', async () => {
    const notAtTables = new Map([[10, { ...burgerRow, ativoGarcom: false }]]);
    expect(
      await refusalOf(() =>
        repriceCart([{ produto: 10, qtd: 1, itens_pedidos: [] }], products, notAtTables, 'local'),
      ),
    ).toBe('409 ITEM_UNAVAILABLE');
  });
});

describe('stage 4, the payment method', () => {
  const check = (request: OrderSubmissionBody, ctx = context()) =>
    refusalOf(() => checkPayment(readOrderRequest(request), ctx, checkoutStoreOf(ctx, NOW)));

  it('takes a method of the store offered for the delivery type', async () => {
    expect(await check(body())).toBe('accepted');
  });

  it('refuses none, an unknown one, an online id, and one not offered for the delivery type', async () => {
    expect(await check(body({ fk_forma_pagamento: null }), context({ method: null }))).toBe(
      '400 PAYMENT_METHOD_REQUIRED',
    );
    expect(await check(body({ fk_forma_pagamento: 77 }), context({ method: null }))).toBe(
      '409 PAYMENT_METHOD_UNAVAILABLE',
    );
    expect(await check(body({ fk_forma_pagamento: 999 }), context({ method: null }))).toBe(
      '409 PAYMENT_METHOD_UNAVAILABLE',
    );
    expect(
      await check(
        body({ fk_forma_pagamento: 999 }),
        context({ method: null, onlinePayment: true, paymentByPix: true }),
      ),
    ).toBe('409 PAYMENT_NOT_CONFIRMED');
    const pickupOnly = context({
      method: {
        id: 5,
        tipo: 'vale',
        descricao: 'Vale-refeição',
        permiteTroco: false,
        tiposEntrega: ['Retirada'],
      },
    });
    expect(await check(body({ tipo_entrega: 'Entregar', fk_forma_pagamento: 5 }), pickupOnly)).toBe(
      '409 PAYMENT_METHOD_UNAVAILABLE',
    );
  });

  it('needs none for a table order the store lets pay at the table', async () => {
    const table = context({ method: null, diningTable: { id: 4, description: 'Mesa 4', token: 'qr4' } });
    const atTable = body({ fk_forma_pagamento: null, forma_entrada: 'local', token_mesa: 'qr4' });
    expect(await check(atTable, table)).toBe('accepted');
  });
});

describe('stage 5, the coupon’s limits', () => {
  const coupon = {
    id: 3,
    code: 'BEMVINDO10',
    descricao: '10%',
    valor: 10,
    perc: true,
    local: 'Carrinho',
    ativo: true,
    validFrom: null,
    validUntil: '2026-05-01T00:00:00Z',
    maxUses: null,
    uses: 0,
    maxUsesPerCustomer: null,
    minSubtotal: 0,
  };

  it('refuses a coupon that is not the store’s, and an expired one', async () => {
    expect(
      await refusalOf(() => checkCouponLimits(readOrderRequest(body({ fk_cupom: 3 })), context(), NOW)),
    ).toBe('400 COUPON_NOT_FOUND');
    expect(
      await refusalOf(() =>
        checkCouponLimits(readOrderRequest(body({ fk_cupom: 3 })), context({ coupon }), NOW),
      ),
    ).toBe('400 COUPON_EXPIRED');
  });

  it('gives the quote the coupon with its minimum subtotal', () => {
    const valid = { ...coupon, validUntil: null, minSubtotal: 3000 };
    expect(
      checkCouponLimits(readOrderRequest(body({ fk_cupom: 3 })), context({ coupon: valid }), NOW),
    ).toMatchObject({
      id: 3,
      code: 'BEMVINDO10',
      minSubtotal: 3000,
    });
  });
});

describe('stage 6, the quote', () => {
  const quote = (request: OrderSubmissionBody, ctx = context(), extra: { points?: number } = {}) => {
    const order = readOrderRequest(request);
    return quoteOrder({
      request: order,
      store: checkoutStoreOf(ctx, NOW),
      lines: [burgerLine()],
      payment: checkPayment(order, ctx, checkoutStoreOf(ctx, NOW)),
      address: null,
      coupon: null,
      points: extra.points ?? 0,
    });
  };

  it('answers the totals when every rule holds', () => {
    expect(quote(body()).totals.total).toBe(3490);
  });

  it('refuses with the quote’s first refusal', async () => {
    expect(await refusalOf(() => quote(body(), context({ valorMinimo: 5000 })))).toBe(
      '400 MIN_ORDER_NOT_MET',
    );
    expect(await refusalOf(() => quote(body({ fidelidade_utilizada: true })))).toBe(
      '409 LOYALTY_UNAVAILABLE',
    );
    expect(await refusalOf(() => quote(body({ tipo_entrega: 'Entregar' })))).toBe('400 ADDRESS_REQUIRED');
  });

  it('refuses a confirmed total that is not the quote’s', async () => {
    expect(await refusalOf(() => quote(body({ total: 100 })))).toBe('409 PRICE_CHANGED');
    expect(await refusalOf(() => quote(body({ total: 3490 })))).toBe('accepted');
  });
});

describe('stage 7, what is written', () => {
  const written = (request: OrderSubmissionBody, ctx = context(), points = 0) => {
    const order = readOrderRequest(request);
    const store = checkoutStoreOf(ctx, NOW);
    const lines = [burgerLine()];
    const payment = checkPayment(order, ctx, store);
    const quote = quoteOrder({ request: order, store, lines, payment, address: null, coupon: null, points });
    return orderToWrite({
      principal: { storeId: 1, customerId: 7 },
      request: order,
      context: ctx,
      now: NOW,
      quote,
      lines,
      table: null,
      payment,
      address: null,
      coupon: null,
    });
  };

  it('writes the quote’s totals and the method’s name, with the estimate in store time', () => {
    const { order, reply } = written(body({ observacoes: ' sem cebola ' }));
    expect(order).toMatchObject({
      id: 501,
      total: 3490,
      totalProdutos: 3490,
      formaPagamentoNome: 'Cartão na entrega',
      observacoes: 'sem cebola',
      horaEntrega: null,
    });
    expect(reply.order_info).toMatchObject({ order_id: 501, total: 3490, estimated_time: '12:20' });
    expect(reply.order.produtos_pedidos[0]).toMatchObject({ produto: 10, valor_total: 3490 });
  });

  it('spends the reward’s points when redeemed and earns points on what was paid for products', () => {
    const { spend, earn, order } = written(body({ fidelidade_utilizada: true }), context(), 100);
    expect([spend, earn, order.descontoFidelidade, order.fidelidadeUtilizada]).toEqual([100, 24, 1000, true]);
  });
});
