import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { stores } from '../../db/schema.ts';
import { type EncodedReply, encodeReply } from '../../lib/encoded-reply.ts';

interface StoreEntry {
  version: number;
  checkedAt: number;
  replies: Map<string, EncodedReply>;
  building: Map<string, Promise<EncodedReply | null>>;
}

const MAX_REPLIES_PER_STORE = 2_000;

/**
 * Menu replies, encoded once per store and menu version. Any instance may have changed the store
 * (an import, a staff edit), so the version is re-read from the database at most every `checkMs`;
 * a change in this process is seen at once through `invalidate`.
 */
export class MenuCache {
  private readonly stores = new Map<number, StoreEntry>();
  private readonly invalidated: ((storeId: number) => void)[] = [];

  constructor(
    private readonly db: Database,
    private readonly checkMs: number,
  ) {}

  invalidate(storeId: number): void {
    this.stores.delete(storeId);
    for (const listener of this.invalidated) listener(storeId);
  }

  /** Also drop another copy of what a menu write changes (the store state open pages follow). */
  onInvalidate(listener: (storeId: number) => void): void {
    this.invalidated.push(listener);
  }

  async get(
    storeId: number,
    key: string,
    build: () => Promise<unknown | null>,
  ): Promise<EncodedReply | null> {
    return (await this.getVersioned(storeId, key, build)).encoded;
  }

  /**
   * A reply and the menu version it was built from (the `v` of versioned menu URLs). A request that
   * asks for a newer version than this instance holds comes from a page another instance rendered
   * after a write: the version is read again at once rather than after `checkMs`.
   */
  async getVersioned(
    storeId: number,
    key: string,
    build: () => Promise<unknown | null>,
    askedVersion?: number,
  ): Promise<{ encoded: EncodedReply | null; version: number }> {
    const entry = await this.entryFor(storeId, askedVersion);
    const found = this.replyOf(entry, key, build);
    return { encoded: found instanceof Promise ? await found : found, version: entry.version };
  }

  /**
   * The reply when this instance holds it and may answer without the database (its version read
   * within `checkMs`, not older than the version asked); otherwise undefined, and `getVersioned`
   * is the way. For the menu front door, which answers without a promise.
   */
  peek(
    storeId: number,
    key: string,
    askedVersion?: number,
  ): { encoded: EncodedReply; version: number } | undefined {
    const entry = this.freshEntry(storeId, askedVersion);
    const encoded = entry?.replies.get(key);
    return entry && encoded ? { encoded, version: entry.version } : undefined;
  }

  private replyOf(
    entry: StoreEntry,
    key: string,
    build: () => Promise<unknown | null>,
  ): Promise<EncodedReply | null> | EncodedReply {
    const cached = entry.replies.get(key);
    if (cached) return cached;
    let pending = entry.building.get(key);
    if (!pending) {
      pending = build().then((value) => {
        entry.building.delete(key);
        if (value === null) return null;
        const encoded = encodeReply(value);
        if (entry.replies.size >= MAX_REPLIES_PER_STORE) entry.replies.clear();
        entry.replies.set(key, encoded);
        return encoded;
      });
      pending.catch(() => entry.building.delete(key));
      entry.building.set(key, pending);
    }
    return pending;
  }

  /** The store's entry when its version was read within `checkMs` and is not older than asked. */
  private freshEntry(storeId: number, askedVersion?: number): StoreEntry | undefined {
    const entry = this.stores.get(storeId);
    if (!entry || Date.now() - entry.checkedAt >= this.checkMs) return undefined;
    return askedVersion !== undefined && askedVersion > entry.version ? undefined : entry;
  }

  private async entryFor(storeId: number, askedVersion?: number): Promise<StoreEntry> {
    const current = this.freshEntry(storeId, askedVersion);
    if (current) return current;
    const now = Date.now();
    const entry = this.stores.get(storeId);
    const [row] = await this.db
      .select({ version: stores.menuVersion })
      .from(stores)
      .where(eq(stores.id, storeId));
    const version = row?.version ?? 0;
    if (entry && entry.version === version) {
      entry.checkedAt = now;
      return entry;
    }
    const fresh: StoreEntry = { version, checkedAt: now, replies: new Map(), building: new Map() };
    this.stores.set(storeId, fresh);
    return fresh;
  }
}
