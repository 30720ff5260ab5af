import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { stores } from '../../db/schema.ts';
import { type EncodedReply, encodeReply } from '../../lib/encoded-reply.ts';
import { storeAvailability } from './service.ts';

/**
 * How long this instance answers a store's state from its copy, and how long a shared cache may
 * (`s-maxage`). An open storefront asks every STORE_STATE_POLL_MS of the storefront (2 s), so a
 * change reaches it within poll + this + the shared cache's second (docs/decisions/0050).
 */
export const STORE_STATE_MAX_AGE_MS = 500;
export const STORE_STATE_CACHE_CONTROL = 'public, max-age=0, s-maxage=1';

interface Entry {
  readAt: number;
  value: Promise<EncodedReply>;
}

/**
 * The store's state an open storefront follows (issue 32 item 6): its menu version, which every
 * change of what customers see raises in the change's transaction (sold out, pause, open/close,
 * the editor's sections, the import), and whether it takes orders now (which also changes by the
 * clock: a pause or a shift ends). Read at most once per STORE_STATE_MAX_AGE_MS per store and
 * instance, whatever the number of open pages; one read at a time.
 */
export class StoreStates {
  private readonly entries = new Map<number, Entry>();

  constructor(
    private readonly db: DbExecutor,
    private readonly now: () => Date,
    private readonly maxAgeMs = STORE_STATE_MAX_AGE_MS,
  ) {}

  get(storeId: number): Promise<EncodedReply> {
    const entry = this.entries.get(storeId);
    if (entry && Date.now() - entry.readAt < this.maxAgeMs) return entry.value;
    const value = this.read(storeId);
    const fresh: Entry = { readAt: Date.now(), value };
    this.entries.set(storeId, fresh);
    value.catch(() => {
      if (this.entries.get(storeId) === fresh) this.entries.delete(storeId);
    });
    return value;
  }

  /** A change made on this instance: the next request reads again. */
  forget(storeId: number): void {
    this.entries.delete(storeId);
  }

  private async read(storeId: number): Promise<EncodedReply> {
    const [[row], { open }] = await Promise.all([
      this.db.select({ version: stores.menuVersion }).from(stores).where(eq(stores.id, storeId)),
      storeAvailability(this.db, storeId, this.now()),
    ]);
    return encodeReply({ menu_version: row?.version ?? 0, loja_aberta: open });
  }
}
