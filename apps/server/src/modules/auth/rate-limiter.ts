import { and, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { rateLimits } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { type BackoffRule, type LimitRule, type WindowRule, waitText } from './limits.ts';

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
 * The limits of limits.ts, counted in the database. Each change reads and writes its counter row
 * under a row lock, so concurrent requests on several instances count exactly.
 */
export class RateLimiter {
  constructor(
    private readonly db: Database,
    /** RATE_LIMIT_MULTIPLIER. */
    private readonly multiplier = 1,
  ) {}

  /** Counts one use of a window rule; 429 TOO_MANY_ATTEMPTS beyond its maximum. */
  async consume(storeId: number, rule: WindowRule, subject: string, now: Date): Promise<void> {
    const max = rule.max * this.multiplier;
    const retryAfter = await this.locked(storeId, rule, subject, now, async (bucket, tx) => {
      const windowMs = rule.windowSeconds * 1000;
      const fresh = bucket.count === 0 || bucket.startedAt.getTime() + windowMs <= now.getTime();
      const startedAt = fresh ? now : bucket.startedAt;
      const count = fresh ? 1 : Math.min(bucket.count + 1, max + 1);
      await this.save(tx, bucket, { count, startedAt, lastAt: now, blockedUntil: null });
      return count > max ? (startedAt.getTime() + windowMs - now.getTime()) / 1000 : null;
    });
    if (retryAfter !== null) throw tooManyAttempts(rule, retryAfter);
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

  private locked<T>(
    storeId: number,
    rule: LimitRule,
    subject: string,
    now: Date,
    work: (bucket: Bucket, tx: Transaction) => Promise<T>,
  ): Promise<T> {
    const key = keyOf(rule, subject);
    return this.db.transaction(async (tx) => {
      await tx
        .insert(rateLimits)
        .values({ storeId, key, count: 0, startedAt: now, lastAt: now })
        .onConflictDoNothing();
      const [bucket] = await tx
        .select()
        .from(rateLimits)
        .where(and(eq(rateLimits.storeId, storeId), eq(rateLimits.key, key)))
        .for('update');
      return work(bucket!, tx);
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
