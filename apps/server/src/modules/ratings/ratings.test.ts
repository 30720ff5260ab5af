import { errorReply, orderRating, staffRatingsReply, trackedOrder } from '@comanda/contract';
import { RATING_WINDOW_DAYS } from '@comanda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildAccountsTestApp,
  PIZZARIA,
  SAKURA,
  type SignedUp,
  type StaffSignedIn,
  signInStaff,
  signUp,
} from '../../test/accounts.ts';
import type { TestApp } from '../../test/test-app.ts';
import { changeStatus, placePickupOrder } from '../../test/tracking.ts';

/*
 * A customer rates a delivered order once, within the window; the store reads the ratings
 * (docs/decisions/0068).
 */

let t: TestApp;
let owner: StaffSignedIn;
let attendant: StaffSignedIn;
let maria: SignedUp;
let jose: SignedUp;

const DAY = 24 * 60 * 60 * 1000;

function rate(token: string | null, orderId: number, payload: unknown, host = PIZZARIA) {
  return t.app.inject({
    method: 'POST',
    url: `/bar/v2/orders/${orderId}/rating`,
    headers: { host, ...(token ? bearer(token) : {}) },
    payload: payload as Record<string, unknown>,
  });
}

function ratings(token: string | null, query = '', host = PIZZARIA) {
  return t.app.inject({
    method: 'GET',
    url: `/staff/ratings${query}`,
    headers: { host, ...(token ? bearer(token) : {}) },
  });
}

async function deliveredOrder(account: SignedUp): Promise<number> {
  const id = await placePickupOrder(t, account);
  const moved = await changeStatus(t, owner.token, id, { status: 'Entregue' });
  expect(moved.statusCode, moved.body).toBe(200);
  return id;
}

const orderOf = async (account: SignedUp, id: number) =>
  trackedOrder.parse(
    (
      await t.app.inject({
        method: 'GET',
        url: `/bar/atendimentos_app/${id}`,
        headers: { host: PIZZARIA, ...bearer(account.token) },
      })
    ).json(),
  );

const codeOf = (response: { body: string }) => errorReply.parse(JSON.parse(response.body)).code;

beforeAll(async () => {
  t = await buildAccountsTestApp({ env: { ORDER_RATE_LIMIT_MAX: '10000' } });
  owner = await signInStaff(t, { name: 'Ana Lima' });
  attendant = await signInStaff(t, { name: 'Bruno Costa', role: 'attendant' });
  maria = await signUp(t.app, { name: 'Maria Souza' });
  jose = await signUp(t.app, { name: 'José da Conceição' });
});
afterAll(async () => {
  await t.close();
});

describe('rating a delivered order', () => {
  it('is kept once and shown on the order record', async () => {
    const id = await deliveredOrder(maria);
    expect((await orderOf(maria, id)).avaliacao).toBeNull();

    const given = await rate(maria.token, id, {
      nota: 4,
      comentario: '  Chegou quente, faltou guardanapo. ',
    });
    expect(given.statusCode, given.body).toBe(201);
    expect(orderRating.parse(given.json())).toMatchObject({
      nota: 4,
      comentario: 'Chegou quente, faltou guardanapo.',
    });
    expect((await orderOf(maria, id)).avaliacao).toMatchObject({ nota: 4 });

    const again = await rate(maria.token, id, { nota: 5 });
    expect(again.statusCode).toBe(409);
    expect(codeOf(again)).toBe('ORDER_ALREADY_RATED');
    expect((await orderOf(maria, id)).avaliacao).toMatchObject({ nota: 4 });
  });

  it('keeps one of two taps at once', async () => {
    const id = await deliveredOrder(maria);
    const replies = await Promise.all([
      rate(maria.token, id, { nota: 5 }),
      rate(maria.token, id, { nota: 3 }),
    ]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([201, 409]);
  });

  it('refuses an order that is not delivered, and one delivered too long ago', async () => {
    const open = await placePickupOrder(t, maria);
    const early = await rate(maria.token, open, { nota: 5 });
    expect(early.statusCode).toBe(409);
    expect(codeOf(early)).toBe('ORDER_NOT_DELIVERED');

    const cancelled = await placePickupOrder(t, maria);
    await changeStatus(t, owner.token, cancelled, { status: 'Cancelado', reason: 'Sem entregador' });
    expect(codeOf(await rate(maria.token, cancelled, { nota: 1 }))).toBe('ORDER_NOT_DELIVERED');

    t.setNow(new Date(Date.now() - (RATING_WINDOW_DAYS + 1) * DAY));
    let old: number;
    try {
      old = await deliveredOrder(maria);
    } finally {
      t.setNow(new Date());
    }
    const late = await rate(maria.token, old, { nota: 2 });
    expect(late.statusCode).toBe(409);
    expect(codeOf(late)).toBe('RATING_WINDOW_CLOSED');
  });

  it('is the customer’s own: another customer’s order, another store’s and staff tokens get nothing', async () => {
    const id = await deliveredOrder(maria);
    const other = await rate(jose.token, id, { nota: 1 });
    expect(other.statusCode).toBe(404);
    expect(codeOf(other)).toBe('ORDER_NOT_FOUND');
    expect((await rate(maria.token, id, { nota: 1 }, SAKURA)).statusCode).toBe(401);
    expect((await rate(owner.token, id, { nota: 1 })).statusCode).toBe(403);
    expect((await rate(null, id, { nota: 1 })).statusCode).toBe(401);
    expect((await orderOf(maria, id)).avaliacao).toBeNull();
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const id = await deliveredOrder(jose);
    for (const payload of [
      {},
      { nota: 0 },
      { nota: 6 },
      { nota: 4.5 },
      { nota: '5' },
      { nota: 5, comentario: 'x'.repeat(501) },
      { nota: 5, comentario: 'a\u0000b' },
      { nota: 5, extra: true },
    ]) {
      const reply = await rate(jose.token, id, payload);
      expect(reply.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await orderOf(jose, id)).avaliacao).toBeNull();
  });
});

describe('the store’s ratings', () => {
  it('lists them newest first with the summary, for managers and up', async () => {
    const low = await deliveredOrder(jose);
    expect((await rate(jose.token, low, { nota: 1, comentario: 'Veio frio.' })).statusCode).toBe(201);

    const reply = await ratings(owner.token);
    expect(reply.statusCode, reply.body).toBe(200);
    const body = staffRatingsReply.parse(reply.json());
    expect(body.avaliacoes[0]).toMatchObject({
      pedido: low,
      cliente: 'José',
      nota: 1,
      comentario: 'Veio frio.',
    });
    expect(body.resumo.total).toBe(body.avaliacoes.length);
    expect(body.resumo.por_nota.reduce((sum, count) => sum + count, 0)).toBe(body.resumo.total);
    const mean = body.avaliacoes.reduce((sum, rating) => sum + rating.nota, 0) / body.avaliacoes.length;
    expect(body.resumo.media).toBe(Math.round(mean * 10) / 10);

    const lowOnly = staffRatingsReply.parse((await ratings(owner.token, '?max_nota=2')).json());
    expect(lowOnly.avaliacoes.map((rating) => rating.nota).every((nota) => nota <= 2)).toBe(true);
    expect(lowOnly.avaliacoes.map((rating) => rating.pedido)).toContain(low);

    expect((await ratings(attendant.token)).statusCode).toBe(403);
    expect((await ratings(null)).statusCode).toBe(401);
    expect((await ratings(owner.token, '?max_nota=9')).statusCode).toBe(400);
  });

  it('are the store’s own', async () => {
    const sakuraOwner = await signInStaff(t, { host: SAKURA, name: 'Kenji' });
    const body = staffRatingsReply.parse((await ratings(sakuraOwner.token, '', SAKURA)).json());
    expect(body.avaliacoes).toEqual([]);
    expect(body.resumo).toEqual({ total: 0, media: null, por_nota: [0, 0, 0, 0, 0] });
  });
});
