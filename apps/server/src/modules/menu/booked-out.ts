import type { DbExecutor } from '../../db/client.ts';
import { bookedOutPeriods } from './service.ts';

type BookedOut = ReadonlyMap<string, number>;

/**
 * The store's full schedule periods, read at most once per `ttlMs` per store and minute (issue 20):
 * the company call read them on every request, a database round trip that held it at a fraction of
 * the other menu calls. An order placed on this instance forgets its store's copy at once; one placed
 * on another instance shows within `ttlMs` (placement itself counts from the database and refuses a
 * full period, SCHEDULE_PERIOD_FULL, whatever the company call said).
 */
export class BookedOutPeriods {
  private readonly entries = new Map<
    number,
    { minute: number; until: number; value: Promise<BookedOut>; settled?: BookedOut }
  >();

  constructor(
    private readonly db: DbExecutor,
    private readonly ttlMs: number,
  ) {}

  get(storeId: number, now: Date): Promise<BookedOut> {
    const minute = Math.floor(now.getTime() / 60_000);
    const entry = this.entries.get(storeId);
    // Wall-clock time for the copy's age: a test's fixed clock must not keep it forever.
    if (entry && entry.minute === minute && entry.until > Date.now()) return entry.value;
    const value = bookedOutPeriods(this.db, storeId, now);
    const fresh: { minute: number; until: number; value: Promise<BookedOut>; settled?: BookedOut } = {
      minute,
      until: Date.now() + this.ttlMs,
      value,
    };
    this.entries.set(storeId, fresh);
    value.then(
      (periods) => {
        fresh.settled = periods;
      },
      () => this.entries.delete(storeId),
    );
    return value;
  }

  /** The periods when a fresh copy is at hand (read, not being read), else undefined. */
  peek(storeId: number, now: Date): BookedOut | undefined {
    const entry = this.entries.get(storeId);
    if (!entry || entry.minute !== Math.floor(now.getTime() / 60_000) || entry.until <= Date.now()) {
      return undefined;
    }
    return entry.settled;
  }

  /** An order was placed at the store: the next company call counts again. */
  forget(storeId: number): void {
    this.entries.delete(storeId);
  }
}
