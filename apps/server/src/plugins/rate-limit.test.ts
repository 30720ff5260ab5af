import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stores } from '../db/schema.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { type BackoffRule, RateLimiter } from './rate-limit.ts';

const SIGN_IN_LIKE: BackoffRule = {
  kind: 'backoff',
  name: 'race-test',
  freeFailures: 1_000,
  baseSeconds: 30,
  maxSeconds: 900,
  forgetAfterSeconds: 3600,
  message: 'Muitas tentativas.',
};

let t: TestApp;
let storeId: number;
beforeAll(async () => {
  t = await buildTestApp();
  const [store] = await t.database.db
    .select({ id: stores.id })
    .from(stores)
    .where(eq(stores.slug, 'pizzaria'));
  storeId = store!.id;
});
afterAll(async () => {
  await t.close();
});

describe('rate limit counters', () => {
  // A successful sign-in clears the phone's counter while other sign-ins of that phone count on it;
  // on PostgreSQL the counter could vanish between creating it and locking it (a 500 at sign-in).
  it('count attempts while the same counter is cleared concurrently, without an error', async () => {
    const limiter = new RateLimiter(t.database.db);
    const rounds = Array.from({ length: 300 }, () =>
      Promise.all([
        limiter.beginAttempt(storeId, SIGN_IN_LIKE, 'phone', new Date()),
        limiter.clear(storeId, SIGN_IN_LIKE, 'phone'),
        limiter.beginAttempt(storeId, SIGN_IN_LIKE, 'phone', new Date()),
        limiter.clear(storeId, SIGN_IN_LIKE, 'phone'),
      ]),
    );
    const outcomes = await Promise.allSettled(rounds);
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
  });
});
