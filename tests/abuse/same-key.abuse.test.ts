import { orderPlacedReply, type PaymentIntentReply } from '@comanda/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../apps/server/src/test/accounts.ts';
import { cartLine, customerState, placeOrder, submission } from '../../apps/server/src/test/orders.ts';
import {
  buildPaymentsTestApp,
  createIntent,
  type PaymentsTestApp,
} from '../../apps/server/src/test/payments.ts';
import { recordFigure } from './support/figures.ts';
import { bySize } from './support/scale.ts';

/*
 * Issue 30, finding 4: twenty identical checkout calls at once with one Idempotency-Key placed one
 * order, but up to ten of them answered 429 TOO_MANY_ORDERS and the customer's next order was
 * refused for 10 minutes: every call counted against the limit before the key was claimed. A
 * replay costs nothing (docs/decisions/0021): every call must get the order's reply, and the
 * customer must still have the rest of the window's orders (ORDER_RATE_LIMIT_MAX, 10 here).
 */

const SCENARIO = 'same key x20';
const LIMIT = 10;
const AT_ONCE = 20;
const ROUNDS = bySize(2, 9);
let p: PaymentsTestApp;

beforeAll(async () => {
  p = await buildPaymentsTestApp();
});
afterAll(async () => {
  await p?.close();
});

/** Places orders with new keys until one is refused; answers how many were placed and the refusal. */
async function ordersUntilRefused(token: string, payload: unknown) {
  for (let placed = 0; placed <= LIMIT; placed += 1) {
    const reply = await placeOrder(p.t, token, payload);
    if (reply.statusCode !== 201) return { placed, refusal: reply.statusCode };
  }
  return { placed: LIMIT + 1, refusal: 201 };
}

describe(`the same Idempotency-Key ${AT_ONCE} times at once (issue 30, finding 4)`, () => {
  it('the order call: one order, every call its reply, never a 429; the window keeps its other orders', async () => {
    const line = await cartLine(p.t, {
      ref: 'burger-classico',
      choices: { 'Ponto da carne': { 'Ao ponto': 1 } },
    });
    let limited = 0;
    let slowest = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const account = await signUp(p.t.app);
      const payload = submission(account.userId, [line]);
      const started = performance.now();
      const replies = await Promise.all(
        Array.from({ length: AT_ONCE }, async () => {
          const reply = await placeOrder(p.t, account.token, payload, { key: `checkout-${round}` });
          slowest = Math.max(slowest, performance.now() - started);
          return reply;
        }),
      );
      limited += replies.filter((reply) => reply.statusCode === 429).length;
      expect(replies.map((reply) => reply.statusCode)).toEqual(Array(AT_ONCE).fill(201));
      const ids = new Set(replies.map((reply) => orderPlacedReply.parse(reply.json()).order_info.order_id));
      expect(ids.size).toBe(1);
      expect(replies.filter((reply) => reply.headers['idempotent-replayed'] === 'true')).toHaveLength(
        AT_ONCE - 1,
      );
      expect((await customerState(p.t, account.userId)).orders).toBe(1);
      // The limit lost one use: the next nine orders with new keys are placed, the tenth refused.
      expect(await ordersUntilRefused(account.token, payload)).toEqual({ placed: LIMIT - 1, refusal: 429 });
    }
    recordFigure(SCENARIO, 'rounds of 20 identical order calls', ROUNDS, 'rounds');
    recordFigure(SCENARIO, 'order calls answered 429', limited, 'requests');
    recordFigure(SCENARIO, 'slowest of the 20 identical order calls', Math.round(slowest), 'ms');
  });

  it('the PIX payment intent: one order and one charge, every call its reply, the window keeps its other orders', async () => {
    const line = await cartLine(p.t, { ref: 'pizza-calabresa-grande' });
    const account = await signUp(p.t.app);
    const payload = submission(account.userId, [line]);
    const replies = await Promise.all(
      Array.from({ length: AT_ONCE }, () => createIntent(p.t, account.token, payload, { key: 'pix-x20' })),
    );
    await p.standin.context.notifier.settled();
    const limited = replies.filter((reply) => reply.statusCode === 429).length;
    recordFigure(SCENARIO, 'PIX intent calls (20 identical) answered 429', limited, 'requests');
    expect(replies.map((reply) => reply.statusCode)).toEqual(Array(AT_ONCE).fill(201));
    const intents = new Set(replies.map((reply) => (reply.json() as PaymentIntentReply).data.intent_id));
    expect(intents.size).toBe(1);
    expect((await customerState(p.t, account.userId)).orders).toBe(1);
    expect(await ordersUntilRefused(account.token, submission(account.userId, [line]))).toEqual({
      placed: LIMIT - 1,
      refusal: 429,
    });
  });
});
