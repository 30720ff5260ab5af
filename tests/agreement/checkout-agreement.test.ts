import { randomUUID } from 'node:crypto';
import type {
  Company,
  Customer,
  LoyaltyProgram,
  PaymentMethod,
  Product,
  ValidatedCoupon,
} from '@comanda/contract';
import {
  addToCart,
  allowedDeliveryTypes,
  buildCartLine,
  type Cart,
  type CartLineDraft,
  checkoutTotals,
  DELIVERY_TYPES,
  type DeliveryType,
  initialPicks,
} from '@comanda/domain';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { neighbourhoods } from '../../apps/server/src/db/schema.ts';
import { readDemoStore } from '../../apps/server/src/modules/store-import/demo-stores.ts';
import { bearer, buildAccountsTestApp, signUp } from '../../apps/server/src/test/accounts.ts';
import { loadFullProduct, setPoints, storeIdOf, tableOf } from '../../apps/server/src/test/orders.ts';
import type { TestApp } from '../../apps/server/src/test/test-app.ts';
import { type OrderDraft, orderPayload } from '../../apps/storefront/src/features/checkout/model/order.ts';
import { quoteOf } from '../../apps/storefront/src/features/checkout/model/quote.ts';

/*
 * The storefront and the server agree on every checkout: for random drafts (store, clock, cart,
 * delivery type, address, coupon, loyalty, payment, change, document, schedule, table), the
 * storefront's checkout model (what /confirmation shows and sends) says "can be placed" exactly
 * when the real server, through HTTP on a real database, accepts the order it sends; and when it
 * says no, the server refuses with the same first refusal. Both call the domain's checkout quote;
 * this test is what keeps their inputs and precedence in step.
 */

const VALID_CPF = '529.982.247-25';
const MONDAY_NOON = new Date('2026-05-04T15:00:00Z'); // sakura is closed on Mondays: scheduling
const TUESDAY_NOON = new Date('2026-05-05T15:00:00Z'); // sakura's lunch shift: open
const LATE_NIGHT = new Date('2026-05-06T02:30:00Z'); // 23:30 in store time: the variants are closed

interface StoreFixture {
  host: string;
  lines: CartLineDraft[];
  coupons: string[];
  table: { id: number; token: string } | null;
  /** Saves this store's deliverable and not deliverable addresses for a customer. */
  addresses: (token: string) => Promise<{ deliverable: number; notDeliverable: number }>;
}

let t: TestApp;
const fixtures: StoreFixture[] = [];

async function get<T>(host: string, url: string, token?: string): Promise<T> {
  const response = await t.app.inject({
    method: 'GET',
    url,
    headers: { host, ...(token ? bearer(token) : {}) },
  });
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json() as T;
}

async function upsertAddress(host: string, token: string, address: Record<string, unknown>): Promise<number> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/core/v2/app/customer/upsert-addresses/',
    headers: { host, ...bearer(token) },
    payload: {
      addresses: [{ id: null, name: 'Casa', complement: '', search: '', location: false, ...address }],
    },
  });
  if (response.statusCode !== 200) throw new Error(`address: ${response.statusCode} ${response.body}`);
  return (response.json() as { inserted_ids: number[] }).inserted_ids[0]!;
}

/** Up to eight lines a customer can add without choosing anything (the dialog's defaults). */
async function defaultLines(host: string): Promise<CartLineDraft[]> {
  const products = await get<Product[]>(host, '/estoque/produtos_app?format=json');
  const lines: CartLineDraft[] = [];
  for (const product of products) {
    if (lines.length >= 8 || product.item_pai) continue;
    const full = await loadFullProduct(t, product.id, host);
    const line = buildCartLine(full, initialPicks(full, 'app'), { channel: 'app' });
    if (line.ok) lines.push(line.line);
  }
  return lines;
}

/** Pizzaria's document as another store, changed where the property needs variety. */
function variantOf(
  slug: string,
  settings: Record<string, unknown>,
  { loyalty, opensAt }: { loyalty?: Record<string, unknown>; opensAt?: string } = {},
) {
  const document = readDemoStore('pizzaria.json') as unknown as Record<string, Record<string, unknown>>;
  const hours = [0, 1, 2, 3, 4, 5, 6].map((dia_semana) => ({
    dia_semana,
    turno: 1,
    hr_inicio: opensAt,
    hr_fim: '23:00',
  }));
  return {
    ...document,
    slug,
    settings: { ...document.settings, ...settings },
    ...(loyalty ? { loyalty: { ...document.loyalty, ...loyalty } } : {}),
    ...(opensAt ? { hours } : {}),
  };
}

beforeAll(async () => {
  t = await buildAccountsTestApp({
    stores: [
      // Requires a document for delivery, a higher minimum, a percent reward; opens at 18:00 and
      // takes scheduled orders.
      variantOf(
        'exigente',
        {
          delivery_customer_doc_required: true,
          valor_minimo: 6000,
          permite_comer_local: false,
          agendamento_ativo: true,
          permite_agendamento: true,
        },
        { loyalty: { recompensa_perc: true, perc_recompensa: 20, pontos_recompensa: 50 }, opensAt: '18:00' },
      ),
      // No delivery, no minimum, small order caps (3 units of an item, R$ 150,00); closed before
      // 11:00 and after 23:00, without scheduling.
      variantOf(
        'balcao',
        { permite_entrega: false, valor_minimo: 0, qtd_maxima_item: 3, valor_maximo_pedido: 15_000 },
        { opensAt: '11:00' },
      ),
    ],
    env: { RATE_LIMIT_MULTIPLIER: '1000' },
  });
  const neighbourhoodAddress = (host: string) => async (token: string) => {
    const places = await get<{ id: number; descricao: string; cidade_id: number }[]>(
      host,
      '/core/bairros_app?format=json',
    );
    const consolacao = places.find((place) => place.descricao === 'Consolação')!;
    const place = (district: { id: number; cidade_id: number }) => ({
      street: 'Rua Augusta',
      street_number: '100',
      city_id: district.cidade_id,
      city_name: '',
      district_id: district.id,
      district_name: '',
      latitude: -23.557,
      longitude: -46.6563,
    });
    const deliverable = await upsertAddress(host, token, place(consolacao));
    // An address the store stops delivering to: saved in a neighbourhood that is then switched off.
    const [off] = await t.database.db
      .insert(neighbourhoods)
      .values({
        storeId: await storeIdOf(t, host),
        cityId: consolacao.cidade_id,
        ref: `fora-${randomUUID()}`,
        descricao: 'Fora da área',
        valorEntrega: 900,
      })
      .returning({ id: neighbourhoods.id });
    const notDeliverable = await upsertAddress(
      host,
      token,
      place({ id: off!.id, cidade_id: consolacao.cidade_id }),
    );
    await t.database.db.update(neighbourhoods).set({ ativo: false }).where(eq(neighbourhoods.id, off!.id));
    return { deliverable, notDeliverable };
  };
  const sakuraAt = (metres: number) => ({
    street: 'Rua Experimental',
    street_number: '10',
    city_id: null,
    city_name: 'São Paulo',
    district_id: null,
    district_name: '',
    latitude: -23.5587 + metres / 111_195,
    longitude: -46.6345,
  });

  for (const slug of ['pizzaria', 'exigente', 'balcao', 'sakura']) {
    const host = `${slug}.localhost`;
    fixtures.push({
      host,
      lines: await defaultLines(host),
      coupons: slug === 'sakura' ? [] : ['BEMVINDO10', 'ENTREGA5', 'PRIMEIRA15', 'NAOEXISTE'],
      table: slug === 'sakura' ? null : await tableOf(t, 'mesa-1', host),
      addresses:
        slug === 'sakura'
          ? async (token) => ({
              deliverable: await upsertAddress(host, token, sakuraAt(1500)),
              notDeliverable: await upsertAddress(host, token, sakuraAt(9000)),
            })
          : neighbourhoodAddress(host),
    });
  }
}, 120_000);

afterAll(() => t?.close());

/** Mostly `usual`, sometimes each of `others`: most drafts reach the later rules. */
const mostly = <T>(usual: T, ...others: T[]) =>
  fc.oneof(
    { arbitrary: fc.constant(usual), weight: others.length * 2 },
    ...others.map((other) => fc.constant(other)),
  );

const draftArbitrary = fc.record({
  store: fc.nat({ max: 3 }),
  clock: mostly(TUESDAY_NOON, MONDAY_NOON, LATE_NIGHT),
  lines: fc.array(fc.record({ index: fc.nat({ max: 7 }), times: fc.integer({ min: 1, max: 3 }) }), {
    minLength: 1,
    maxLength: 3,
  }),
  /** 0–2: one of the tabs the store shows; 3–5: any type (a stale or crafted draft). */
  deliveryType: mostly(0, 1, 2, 3, 4, 5),
  address: mostly('deliverable', 'none', 'not-deliverable'),
  coupon: fc.option(fc.nat({ max: 3 }), { nil: null }),
  /** The coupon was applied for another delivery type or a larger cart, then the customer changed it. */
  couponAppliedFor: mostly<DeliveryType | null>(null, ...DELIVERY_TYPES),
  couponAppliedOnLargerCart: fc.boolean(),
  redeemLoyalty: mostly(false, true),
  points: fc.constantFrom(0, 60, 500),
  payment: mostly<number | null>(0, 1, 2, 3, 4, null),
  changeFor: mostly<number | null>(null, 1000, 5000, 15_000, 60_000),
  document: mostly('', VALID_CPF, '123.456.789-00'),
  schedule: fc.constantFrom('none', 'first', 'last'),
  tableOrder: mostly(false, true),
});

type DraftSpec = typeof draftArbitrary extends fc.Arbitrary<infer T> ? T : never;

/** A pizzaria pickup order for now, paid in cash, that every rule accepts. */
const usualDraft: DraftSpec = {
  store: 0,
  clock: TUESDAY_NOON,
  lines: [{ index: 0, times: 2 }],
  deliveryType: 1,
  address: 'none',
  coupon: null,
  couponAppliedFor: null,
  couponAppliedOnLargerCart: false,
  redeemLoyalty: false,
  points: 0,
  payment: 0,
  changeFor: null,
  document: '',
  schedule: 'none',
  tableOrder: false,
};

describe('the storefront and the server agree on every checkout', () => {
  it('the storefront places exactly the orders the server accepts, and names its first refusal', async () => {
    let placed = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(draftArbitrary, async (spec: DraftSpec) => {
        const fixture = fixtures[spec.store]!;
        const { host } = fixture;
        t.setNow(spec.clock);
        const account = await signUp(t.app, { host });
        await setPoints(t, account.userId, spec.points);
        const addresses = spec.address === 'none' ? null : await fixture.addresses(account.token);

        // What /confirmation has loaded.
        const [company] = await get<Company[]>(host, '/core/empresa_personal_app?format=json');
        const methods = await get<PaymentMethod[]>(host, '/financeiro/formas_pagamento_app?format=json');
        const programs = await get<LoyaltyProgram[]>(host, '/core/fidelidade_app?format=json');
        const customer = await get<Customer>(
          host,
          `/core/cliente_app/${account.userId}?format=json`,
          account.token,
        );
        let cart: Cart = [];
        for (const { index, times } of spec.lines) {
          const line = fixture.lines[index % fixture.lines.length];
          if (line) cart = addToCart(cart, line, times);
        }
        const offered = allowedDeliveryTypes(company!);
        const deliveryType =
          spec.deliveryType < 3
            ? (offered[spec.deliveryType % Math.max(1, offered.length)] ?? 'Retirada')
            : DELIVERY_TYPES[spec.deliveryType - 3]!;
        const { subtotal } = checkoutTotals({
          lines: cart,
          deliveryFee: 0,
          coupon: null,
          loyaltyReward: null,
        });

        // The coupon as the coupon dialog applies it: only when the server validates it.
        let coupon: ValidatedCoupon | null = null;
        const code = spec.coupon === null ? undefined : fixture.coupons[spec.coupon];
        if (code && !spec.redeemLoyalty) {
          const validation = await t.app.inject({
            method: 'POST',
            url: '/core/coupon_validate_app?format=json',
            headers: { host, ...bearer(account.token) },
            payload: {
              coupon: code,
              customer_id: account.userId,
              subtotal: spec.couponAppliedOnLargerCart ? subtotal + 10_000 : subtotal,
              delivery_type: spec.couponAppliedFor ?? deliveryType,
              ignore_payment_method: true,
            },
          });
          if (validation.statusCode === 200)
            coupon = (validation.json() as { detail: ValidatedCoupon }).detail;
        }

        const periods = company!.schedule_periods.filter((period) => period.free);
        const period =
          spec.schedule === 'first'
            ? periods[0]
            : spec.schedule === 'last'
              ? periods[periods.length - 1]
              : undefined;
        const addressId =
          spec.address === 'deliverable'
            ? addresses!.deliverable
            : spec.address === 'not-deliverable'
              ? addresses!.notDeliverable
              : null;
        const tableOrder = spec.tableOrder && fixture.table !== null;
        const draft: OrderDraft = {
          deliveryType,
          addressId,
          paymentId: spec.payment === null ? null : (methods[spec.payment % methods.length]?.id ?? null),
          cardId: null,
          changeFor: spec.changeFor,
          coupon,
          fidelity: spec.redeemLoyalty,
          notes: '',
          scheduledPeriod: period?.period ?? null,
          document: spec.document,
        };
        const program = programs.find((entry) => entry.ativo) ?? null;
        const { draft: sent, quote } = quoteOf(company!, program, {
          draft,
          cart,
          customer,
          methods,
          tableOrder,
        });
        const payload = orderPayload({
          sent,
          quote,
          draft,
          customerId: account.userId,
          phone: account.phone,
          source: tableOrder ? 'local' : null,
          tableId: tableOrder ? String(fixture.table!.id) : null,
          tableToken: tableOrder ? fixture.table!.token : null,
          // The agreement stores do not open their tables with the waiter's code.
          tableCode: null,
        });

        const response = await t.app.inject({
          method: 'POST',
          url: '/bar/v2/app/order/upsert/',
          headers: { host, ...bearer(account.token), 'idempotency-key': randomUUID() },
          payload: payload as unknown as Record<string, unknown>,
        });
        const reply = response.json() as { code?: string; order_info?: { total: number } };
        const storefrontPlaces = quote.refusals.length === 0;
        const context = `${host} ${JSON.stringify({ spec, refusals: quote.refusals, server: response.body })}`;
        if (storefrontPlaces) {
          placed += 1;
          expect(quote.mainAction.action, context).toBe('confirm');
          expect(response.statusCode, context).toBe(201);
          expect(reply.order_info?.total, context).toBe(quote.totals.total);
        } else {
          refused += 1;
          expect(response.statusCode, context).toBeGreaterThanOrEqual(400);
          expect(response.statusCode, context).toBeLessThan(500);
          expect(reply.code, context).toBe(quote.refusals[0]!.code);
        }
      }),
      {
        numRuns: 150,
        examples: [
          // A coupon applied to a larger cart, then items removed: below its minimum subtotal.
          [{ ...usualDraft, coupon: 2, couponAppliedOnLargerCart: true }],
          // Sakura on a Monday: closed, an order for its first free period.
          [{ ...usualDraft, store: 3, clock: MONDAY_NOON, deliveryType: 1, schedule: 'first' }],
          // The same without choosing a period.
          [{ ...usualDraft, store: 3, clock: MONDAY_NOON, deliveryType: 1 }],
        ],
      },
    );
    // Both sides of the property were exercised.
    expect(placed).toBeGreaterThan(5);
    expect(refused).toBeGreaterThan(5);
  }, 600_000);
});
