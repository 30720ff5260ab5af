import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import {
  buildAccountsTestApp,
  nextAddress,
  nextPhone,
  PASSWORD,
  signInRequest,
  signUp,
} from '../../test/accounts.ts';
import type { TestApp } from '../../test/test-app.ts';
import { FairLane, InFlight } from './admission.ts';

/* Who signs in when more sign-ins arrive than one instance checks at once (issue 30, finding 5). */

const busy = (error: unknown) => error instanceof AppError && error.code === 'SIGN_IN_BUSY';

/** Enters the lane; answers what happened so far and the function that leaves it. */
function enter(lane: FairLane, source: string) {
  const state: { outcome: 'waiting' | 'in' | 'busy'; leave: () => void } = {
    outcome: 'waiting',
    leave: () => {},
  };
  lane.enter(source).then(
    (leave) => {
      state.outcome = 'in';
      state.leave = leave;
    },
    (error: unknown) => {
      state.outcome = busy(error) ? 'busy' : 'waiting';
    },
  );
  return state;
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the ordinary lane, shared fairly between addresses', () => {
  const lane = (now = () => 0) =>
    new FairLane({ running: 2, waiting: 2, maxWaitMs: 60_000, memoryMs: 60_000, now });

  it('one address flooding it is shed first: a newcomer takes its newest waiting place and goes in first', async () => {
    const fair = lane();
    const flood = Array.from({ length: 6 }, () => enter(fair, 'flooder'));
    await settle();
    expect(flood.map((state) => state.outcome)).toEqual(['in', 'in', 'waiting', 'waiting', 'busy', 'busy']);

    const customer = enter(fair, 'customer');
    await settle();
    expect(customer.outcome).toBe('waiting');
    expect(flood[3]!.outcome).toBe('busy');
    // The flooder cannot take the place back.
    const again = enter(fair, 'flooder');
    await settle();
    expect(again.outcome).toBe('busy');

    flood[0]!.leave();
    await settle();
    expect(customer.outcome).toBe('in');
    expect(flood[2]!.outcome).toBe('waiting');
    flood[1]!.leave();
    await settle();
    expect(flood[2]!.outcome).toBe('in');
  });

  it('two addresses that sent as much take turns in arrival order, and neither pushes the other out', async () => {
    const fair = lane();
    const [a1, b1, a2, b2] = ['a', 'b', 'a', 'b'].map((source) => enter(fair, source));
    const a3 = enter(fair, 'a');
    const b3 = enter(fair, 'b');
    await settle();
    expect([a1, b1, a2, b2, a3, b3].map((state) => state!.outcome)).toEqual([
      'in',
      'in',
      'waiting',
      'waiting',
      'busy',
      'busy',
    ]);
    a1!.leave();
    await settle();
    expect([a2!.outcome, b2!.outcome]).toEqual(['in', 'waiting']);
  });

  it('an address’s flood weighs against it only for the lane’s memory', async () => {
    let now = 0;
    const fair = new FairLane({ running: 1, waiting: 1, maxWaitMs: 60_000, memoryMs: 1_000, now: () => now });
    const flood = Array.from({ length: 6 }, () => enter(fair, 'a'));
    now = 999;
    const within = enter(fair, 'b');
    await settle();
    expect(flood.map((state) => state.outcome)).toEqual(['in', 'busy', 'busy', 'busy', 'busy', 'busy']);
    expect(within.outcome).toBe('waiting');
    now = 1_000;
    // a's six are forgotten: a newcomer from c weighs as much as b, and cannot take b's place.
    const after = enter(fair, 'c');
    await settle();
    expect([within.outcome, after.outcome]).toEqual(['waiting', 'busy']);
  });

  it('refuses a sign-in that waited longer than its bound', async () => {
    const fair = new FairLane({ running: 1, waiting: 1, maxWaitMs: 20, memoryMs: 60_000 });
    const first = enter(fair, 'a');
    const waiting = enter(fair, 'b');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect([first.outcome, waiting.outcome]).toEqual(['in', 'busy']);
    first.leave();
    const next = enter(fair, 'b');
    await settle();
    expect(next.outcome).toBe('in');
  });

  it('the known devices’ lane refuses beyond its bound and leaving twice frees one place', () => {
    const lane = new InFlight(2);
    const leave = lane.enter();
    lane.enter();
    expect(() => lane.enter()).toThrow(AppError);
    leave();
    leave();
    lane.enter();
    expect(() => lane.enter()).toThrow(AppError);
  });
});

describe('sign-in during a flood of wrong passwords (issue 30, finding 5)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildAccountsTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('the known device and a new device from another address both sign in; forged device cookies do not fill the known devices’ lane', async () => {
    const { phone } = await signUp(t.app);
    const home = nextAddress();
    const signedIn = await signInRequest(t.app, phone, PASSWORD, { remoteAddress: home });
    const device = /^(comanda_device=[^;]+)/.exec(String(signedIn.headers['set-cookie']))![1]!;
    const forged = device.replace(/\.[\w-]{43}$/, `.${'A'.repeat(43)}`);
    const flooder = nextAddress();
    const flood = Array.from({ length: 40 }, (_, i) =>
      signInRequest(t.app, i % 2 ? phone : nextPhone(), `chute-${i}-errado`, {
        remoteAddress: flooder,
        ...(i % 2 ? { cookie: forged } : {}),
      }),
    );
    const known = signInRequest(t.app, phone, PASSWORD, { remoteAddress: home, cookie: device });
    const fresh = signInRequest(t.app, phone, PASSWORD, { remoteAddress: nextAddress() });
    const replies = await Promise.all(flood);
    expect((await known).statusCode).toBe(200);
    expect((await fresh).statusCode).toBe(200);
    expect(replies.every((reply) => [400, 429, 503].includes(reply.statusCode))).toBe(true);
  });
});
