import type { DbExecutor } from '../../db/client.ts';
import { bookedOutPeriods } from './service.ts';

type BookedOut = ReadonlyMap<string, number>;

interface Entry {
  minute: number;
  /** Wall-clock time the copy is good until: a test's fixed clock must not keep it forever. */
  until: number;
  value: Promise<BookedOut>;
  /** The periods once read (for callers that cannot wait). */
  settled?: BookedOut;
}

/**
 * The store's full schedule periods, read at most once per `ttlMs` per store and minute (issue 20):
 * the company call read them on every request, a database round trip that held it at a fraction of
 * the other menu calls. An order placed on this instance forgets its store's copy at once; one placed
 * on another instance shows within `ttlMs` (placement itself counts from the database and refuses a
 * full period, SCHEDULE_PERIOD_FULL, whatever the company call said).
 */
export class BookedOutPeriods {
  private readonly entries = new Map<number, Entry>();

  constructor(
    private readonly db: DbExecutor,
    private readonly ttlMs: number,
  ) {}

  get(storeId: number, now: Date): Promise<BookedOut> {
    const entry = this.freshEntry(storeId, now);
    if (entry) return entry.value;
    const value = bookedOutPeriods(this.db, storeId, now);
    const fresh: Entry = { minute: minuteOf(now), until: Date.now() + this.ttlMs, value };
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
    return this.freshEntry(storeId, now)?.settled;
  }

  private freshEntry(storeId: number, now: Date): Entry | undefined {
    const entry = this.entries.get(storeId);
    return entry && entry.minute === minuteOf(now) && entry.until > Date.now() ? entry : undefined;
  }

  /** An order was placed at the store: the next company call counts again. */
  forget(storeId: number): void {
    this.entries.delete(storeId);
  }
}

const minuteOf = (now: Date) => Math.floor(now.getTime() / 60_000);
