import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';
import { runStatement, statement } from '../db/statements.ts';
import { AppError } from '../lib/errors.ts';

/*
 * Abuse limits, counted in the database (rate_limits), so they hold across server instances; each
 * store counts separately. One limiter serves the whole app; each module keeps the rules it
 * applies (LIMITS of the auth module, COUPON_GUESSES, MAPS_PER_ADDRESS).
 *
 * - `window`: at most `max` uses per `windowSeconds`, counted from the first use of the window.
 * - `backoff`: consecutive failures; from the `freeFailures`-th on, each failure blocks the next
 *   attempt for `baseSeconds`·2^(failures − freeFailures), at most `maxSeconds`. A success clears a
 *   phone's failures; failures are forgotten `forgetAfterSeconds` after the last one.
 *
 * RATE_LIMIT_MULTIPLIER scales every `max` and `freeFailures` (demos, browser tests).
 */

export interface WindowRule {
  kind: 'window';
  /** Prefix of the counter's key. */
  name: string;
  max: number;
  windowSeconds: number;
  /** Shown before "Tente novamente em …". */
  message: string;
}

export interface BackoffRule {
  kind: 'backoff';
  name: string;
  freeFailures: number;
  baseSeconds: number;
  maxSeconds: number;
  forgetAfterSeconds: number;
  message: string;
}

export type LimitRule = WindowRule | BackoffRule;

/** A window rule's counter row (`rate_limits.key`) and its maximum, multiplier applied. */
export interface WindowCounter {
  key: string;
  max: number;
  windowSeconds: number;
}

const MINUTE = 60;

type Bucket = typeof rateLimits.$inferSelect;

export function tooManyAttempts(rule: LimitRule, retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError(
    'too_many',
    'TOO_MANY_ATTEMPTS',
    `${rule.message} Tente novamente em ${waitText(seconds)}.`,
    {
      retryAfterSeconds: seconds,
    },
  );
}

/**
 * Counts the rules' uses and failures. Each change reads and writes its counter row under a row
 * lock, so concurrent requests on several instances count exactly.
 */
export class RateLimiter {
  constructor(
    private readonly db: Database,
    /** RATE_LIMIT_MULTIPLIER. */
    private readonly multiplier = 1,
  ) {}

  /**
   * The counter of a window rule for a subject, for a statement that counts the use itself in the
   * same transaction as what it limits (order placement: docs/decisions/0021's addendum). Such a
   * statement must count as `consume` does: the window starts at the first use, and restarts once
   * `windowSeconds` have passed since then (or when the count is 0).
   */
  windowCounter(rule: WindowRule, subject: string): WindowCounter {
    return { key: keyOf(rule, subject), max: rule.max * this.multiplier, windowSeconds: rule.windowSeconds };
  }

  /** Counts one use of a window rule; 429 TOO_MANY_ATTEMPTS beyond its maximum. */
  async consume(storeId: number, rule: WindowRule, subject: string, now: Date): Promise<void> {
    const max = rule.max * this.multiplier;
    const windowMs = rule.windowSeconds * 1000;
    // One statement, under the counter row's lock that ON CONFLICT takes: every order placed counts
    // one, and a transaction of three statements cost an order more than its own write.
    const [counted] = await runStatement<{ count: number; startedAt: Date }>(
      this.db,
      statement('comanda_rate_window')`
        insert into rate_limits as r (store_id, key, count, started_at, last_at, blocked_until)
        values (${storeId}, ${keyOf(rule, subject)}, 1, ${now}::timestamptz, ${now}::timestamptz, null)
        on conflict (store_id, key) do update set
          count = case
            when r.count = 0 or r.started_at + ${rule.windowSeconds}::float8 * interval '1 second' <= excluded.started_at
              then 1
            else least(r.count + 1, ${max}::bigint + 1)
          end,
          started_at = case
            when r.count = 0 or r.started_at + ${rule.windowSeconds}::float8 * interval '1 second' <= excluded.started_at
              then excluded.started_at
            else r.started_at
          end,
          last_at = excluded.last_at,
          blocked_until = null
        returning count, started_at as "startedAt"`,
    );
    if (!counted) throw new Error(`rate limit counter ${keyOf(rule, subject)} was neither created nor found`);
    if (counted.count > max) {
      throw tooManyAttempts(rule, (new Date(counted.startedAt).getTime() + windowMs - now.getTime()) / 1000);
    }
  }

  /**
   * Before a guarded attempt: 429 while the subject is blocked; otherwise counts the attempt as a
   * failure until `succeeded` or `forgive` says otherwise (so parallel guesses count too), and
   * starts the back-off from the rule's free failures on.
   */
  async beginAttempt(storeId: number, rule: BackoffRule, subject: string, now: Date): Promise<void> {
    const freeFailures = rule.freeFailures * this.multiplier;
    const retryAfter = await this.locked(storeId, rule, subject, now, async (bucket, tx) => {
      if (bucket.blockedUntil && bucket.blockedUntil > now) {
        return (bucket.blockedUntil.getTime() - now.getTime()) / 1000;
      }
      const forgotten = bucket.lastAt.getTime() + rule.forgetAfterSeconds * 1000 <= now.getTime();
      const fresh = bucket.count === 0 || forgotten;
      const count = fresh ? 1 : bucket.count + 1;
      const blockSeconds =
        count >= freeFailures
          ? Math.min(rule.maxSeconds, rule.baseSeconds * 2 ** Math.min(count - freeFailures, 20))
          : 0;
      await this.save(tx, bucket, {
        count,
        startedAt: fresh ? now : bucket.startedAt,
        lastAt: now,
        blockedUntil: blockSeconds > 0 ? new Date(now.getTime() + blockSeconds * 1000) : null,
      });
      return null;
    });
    if (retryAfter !== null) throw tooManyAttempts(rule, retryAfter);
  }

  /** A successful attempt on a subject whose own failures no longer count (the phone). */
  async clear(storeId: number, rule: LimitRule, subject: string): Promise<void> {
    await this.db
      .delete(rateLimits)
      .where(and(eq(rateLimits.storeId, storeId), eq(rateLimits.key, keyOf(rule, subject))));
  }

  /** A successful attempt from a shared subject (an address): takes back its presumed failure. */
  async forgive(storeId: number, rule: BackoffRule, subject: string, now: Date): Promise<void> {
    const freeFailures = rule.freeFailures * this.multiplier;
    await this.locked(storeId, rule, subject, now, async (bucket, tx) => {
      const count = Math.max(0, bucket.count - 1);
      await this.save(tx, bucket, {
        count,
        startedAt: bucket.startedAt,
        lastAt: bucket.lastAt,
        blockedUntil: count < freeFailures ? null : bucket.blockedUntil,
      });
    });
  }

  /** Housekeeping: counters idle for a day and not blocking anyone. */
  async pruneIdle(now: Date): Promise<void> {
    const dayAgo = new Date(now.getTime() - 24 * 3600 * 1000);
    await this.db
      .delete(rateLimits)
      .where(
        and(
          lte(rateLimits.lastAt, dayAgo),
          or(isNull(rateLimits.blockedUntil), lte(rateLimits.blockedUntil, now)),
        ),
      );
  }

  private locked<T>(
    storeId: number,
    rule: LimitRule,
    subject: string,
    now: Date,
    work: (bucket: Bucket, tx: Transaction) => Promise<T>,
  ): Promise<T> {
    const key = keyOf(rule, subject);
    return this.db.transaction(async (tx) => {
      // One statement creates or locks the counter and returns it: an insert-then-select could find
      // no row when a concurrent `clear` deletes it in between (a 500 under parallel sign-ins).
      const [bucket] = await tx
        .insert(rateLimits)
        .values({ storeId, key, count: 0, startedAt: now, lastAt: now })
        .onConflictDoUpdate({ target: [rateLimits.storeId, rateLimits.key], set: { key: sql`excluded.key` } })
        .returning();
      if (!bucket) throw new Error(`rate limit counter ${key} was neither created nor found`);
      return work(bucket, tx);
    });
  }

  private async save(
    tx: Transaction,
    bucket: Bucket,
    values: Pick<Bucket, 'count' | 'startedAt' | 'lastAt' | 'blockedUntil'>,
  ): Promise<void> {
    await tx
      .update(rateLimits)
      .set(values)
      .where(and(eq(rateLimits.storeId, bucket.storeId), eq(rateLimits.key, bucket.key)));
  }
}

function keyOf(rule: LimitRule, subject: string): string {
  return `${rule.name}:${subject.slice(0, 100)}`;
}

/** When an address stops being one customer: a /64 for IPv6, the address itself for IPv4. */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!ip.includes(':')) return ip;
  const bare = ip.replace(/%.*$/, '').toLowerCase();
  const [head = '', tail] = bare.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const zeros = Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0');
  const groups = tail === undefined ? headGroups : [...headGroups, ...zeros, ...tailGroups];
  const prefix = groups.slice(0, 4).map((group) => (Number.parseInt(group, 16) || 0).toString(16));
  return `${prefix.join(':')}::/64`;
}

/** "30 segundos", "1 minuto", "15 minutos". */
export function waitText(seconds: number): string {
  if (seconds < MINUTE) return seconds === 1 ? '1 segundo' : `${seconds} segundos`;
  const minutes = Math.ceil(seconds / MINUTE);
  return minutes === 1 ? '1 minuto' : `${minutes} minutos`;
}
