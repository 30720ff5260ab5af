import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';

/*
 * The storefront's data hook (docs/decisions/0067), in place of SWR and with only what the app
 * uses of it: a keyed cache, in-flight and recent requests shared per key (dedupe), refetch on an
 * interval, on focus and on reconnect where asked, mutate or refetch by key or by a filter of keys,
 * fallback replies (the boot block), kept previous data while a new key loads, and a retry with
 * growing waits after an error where allowed. Same defaults as SWR had.
 */

/** A key: a path, a tuple for a fetcher of several things, or null (nothing is fetched). */
export type DataKey = string | readonly unknown[] | null;
// biome-ignore lint/suspicious/noExplicitAny: a fetcher takes whatever key it was given.
export type Fetcher<T = unknown> = (key: any) => Promise<T>;

export interface DataOptions {
  fetcher?: Fetcher;
  /** Replies to show for keys the cache does not hold yet: key → reply. */
  fallback?: Record<string, unknown>;
  /** Refetch this often while mounted (ms; 0 never), only with the page visible and online. */
  refreshInterval?: number;
  /** A request for a key is reused by any other asking within this time of its start (ms). */
  dedupingInterval?: number;
  revalidateOnFocus?: boolean;
  revalidateOnReconnect?: boolean;
  /** Fetch on mount; by default when there is no data (fallback counts), and also when there is. */
  revalidateOnMount?: boolean;
  shouldRetryOnError?: boolean;
  /** Show the last key's data while a new key has none yet. */
  keepPreviousData?: boolean;
  /** While true nothing is fetched (a preview drawn only from its fallback). */
  isPaused?: () => boolean;
}

interface State {
  data?: unknown;
  error?: unknown;
  /** A request is under way for this key. */
  loading?: boolean;
}

type Revalidate = () => Promise<void>;
type MutateOptions = boolean | { revalidate?: boolean };
type Filter = (key: unknown) => boolean;

/** Revalidates the matching keys, or sets a key's data (a value or a function of the current one). */
export type GlobalMutate = (
  key: string | readonly unknown[] | Filter,
  ...args: unknown[]
) => Promise<unknown>;
export type BoundMutate<T> = (
  data?: T | ((current: T | undefined) => T | undefined),
  options?: MutateOptions,
) => Promise<T | undefined>;

/** What the cache holds for one key. */
interface Entry {
  /** The key as given (for mutate's filter). */
  key: DataKey;
  state: State;
  /** The shared request; kept dedupingInterval after its success, dropped on failure. */
  request?: Promise<unknown>;
  /** Bumped by each mutate with data: a request started before it does not overwrite it. */
  version: number;
  /** The mounted hooks' refetchers. */
  hooks: Set<Revalidate>;
  listeners: Set<() => void>;
}

const EMPTY: State = {};

const serialize = (key: DataKey): string | null =>
  key === null ? null : typeof key === 'string' ? key : `@${JSON.stringify(key)}`;

const plain = (value: unknown) =>
  Array.isArray(value) || (!!value && Object.getPrototypeOf(value) === Object.prototype);

/** Equal as JSON replies are (plain objects and arrays by content, anything else by identity). */
export const sameData = (a: unknown, b: unknown): boolean =>
  a === b || (plain(a) && plain(b) && JSON.stringify(a) === JSON.stringify(b));

/** One cache: the entries by serialized key, and SWR's global mutate over them. */
export class DataCache {
  readonly entries = new Map<string, Entry>();

  entry(id: string, key: DataKey = null): Entry {
    let entry = this.entries.get(id);
    if (!entry) {
      entry = { key, state: EMPTY, version: 0, hooks: new Set(), listeners: new Set() };
      this.entries.set(id, entry);
    }
    if (key !== null) entry.key = key;
    return entry;
  }

  get(id: string): State {
    return this.entries.get(id)?.state ?? EMPTY;
  }

  set(entry: Entry, change: State): void {
    entry.state = { ...entry.state, ...change };
    for (const listener of entry.listeners) listener();
  }

  /** A key or a filter of the cached keys; with data, sets it (then refetches unless told not to). */
  readonly mutate: GlobalMutate = (key, ...args) => {
    if (typeof key !== 'function') {
      const id = serialize(key);
      return id === null ? Promise.resolve() : this.change(this.entry(id, key), args);
    }
    const matched = [...this.entries.values()].filter((entry) => entry.key !== null && key(entry.key));
    return Promise.all(matched.map((entry) => this.change(entry, args)));
  };

  async change(entry: Entry, args: unknown[]): Promise<unknown> {
    const [data, options] = args as [unknown, MutateOptions | undefined];
    if (args.length > 0) {
      entry.version++;
      this.set(entry, {
        data: typeof data === 'function' ? data(entry.state.data) : data,
        error: undefined,
      });
    }
    if (options === false || (typeof options === 'object' && options.revalidate === false)) {
      return entry.state.data;
    }
    // A refetch asked for now: no earlier request answers it.
    entry.request = undefined;
    const [first] = entry.hooks;
    await first?.();
    return entry.state.data;
  }
}

interface Config extends DataOptions {
  cache: DataCache;
}

/** The cache of the app (a DataConfig with `provider` gives its tree one of its own). */
export const defaultCache = new DataCache();
/** Mutate in the app's cache, outside any component. */
export const mutate: GlobalMutate = defaultCache.mutate;

/** SWR's defaults. */
const ConfigContext = createContext<Config>({
  dedupingInterval: 2_000,
  revalidateOnFocus: true,
  revalidateOnReconnect: true,
  shouldRetryOnError: true,
  cache: defaultCache,
});

/** Options for the hooks below it, merged over its parent's (fallbacks merged); `provider` starts a fresh cache. */
export function DataConfig({
  value,
  children,
}: {
  value: DataOptions & { provider?: () => DataCache };
  children: ReactNode;
}) {
  const parent = useContext(ConfigContext);
  const { provider, ...options } = value;
  const [own] = useState(() => provider?.());
  const config: Config = {
    ...parent,
    ...options,
    fallback: { ...parent.fallback, ...options.fallback },
    cache: own ?? parent.cache,
  };
  return <ConfigContext.Provider value={config}>{children}</ConfigContext.Provider>;
}

/** The cache's mutate (stable for a cache). */
export function useDataConfig(): { mutate: GlobalMutate; cache: DataCache } {
  const { cache } = useContext(ConfigContext);
  return { mutate: cache.mutate, cache };
}

const visible = () => document.visibilityState !== 'hidden';

export interface DataResult<T> {
  data: T | undefined;
  error: unknown;
  isLoading: boolean;
  mutate: BoundMutate<T>;
}

/**
 * The reply for `key`, fetched with `fetcher` (or the config's), kept in the cache and shared with
 * every other hook of the same key. `useData(key, options)` uses the config's fetcher.
 */
export function useData<T>(
  key: DataKey,
  fetcherOrOptions?: Fetcher<T> | DataOptions,
  options?: DataOptions,
): DataResult<T> {
  const context = useContext(ConfigContext);
  const config: Config =
    typeof fetcherOrOptions === 'function'
      ? { ...context, ...options, fetcher: fetcherOrOptions }
      : { ...context, ...fetcherOrOptions };
  const { cache } = config;
  const id = serialize(key);

  const subscribe = useCallback(
    (listener: () => void) => {
      if (id === null) return () => {};
      const { listeners } = cache.entry(id);
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    [cache, id],
  );
  const state = useSyncExternalStore(subscribe, () => (id === null ? EMPTY : cache.get(id)));
  const cached = (state.data ?? (id === null ? undefined : config.fallback?.[id])) as T | undefined;

  const laggy = useRef(cached);
  if (cached !== undefined) laggy.current = cached;
  const data = config.keepPreviousData ? laggy.current : cached;
  // Loading: no data yet and a request under way (or about to start on mount), as SWR's isLoading.
  const isLoading =
    cached === undefined &&
    (state.loading ?? (id !== null && !config.isPaused?.() && config.revalidateOnMount !== false));

  // The latest key and options, for the refetchers and the bound mutate.
  const latest = useRef({ id, key, config });
  latest.current = { id, key, config };
  const refetch = useRef<Revalidate>(undefined);

  useEffect(() => {
    if (id === null) return;
    const entry = cache.entry(id, latest.current.key);
    const options = () => latest.current.config;
    let mounted = true;
    let retries = 0;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let lastFocus = 0;

    const revalidate: Revalidate = async () => {
      const { fetcher, isPaused, dedupingInterval, shouldRetryOnError } = options();
      if (!fetcher || isPaused?.()) return;
      const started = !entry.request;
      if (!entry.request) {
        entry.request = fetcher(entry.key);
        cache.set(entry, { loading: true });
      }
      const request = entry.request;
      const version = entry.version;
      const done = () => {
        if (entry.request === request) entry.request = undefined;
      };
      try {
        const reply = await request;
        retries = 0;
        if (!started) return;
        setTimeout(done, dedupingInterval);
        // A mutate with data since the request started wins over its reply.
        const previous = entry.state.data;
        cache.set(
          entry,
          entry.version === version
            ? { data: sameData(previous, reply) ? previous : reply, error: undefined, loading: false }
            : { loading: false },
        );
      } catch (error) {
        if (started) {
          done();
          cache.set(entry, { error, loading: false });
        }
        if (mounted && shouldRetryOnError) {
          // SWR's wait: 5 s × 2^n (n up to 8), between half and one and a half of it.
          clearTimeout(retryTimer);
          retryTimer = setTimeout(
            () => visible() && mounted && revalidate(),
            Math.floor((Math.random() + 0.5) * (1 << Math.min(retries++, 8)) * 5_000),
          );
        }
      }
    };
    entry.hooks.add(revalidate);
    refetch.current = revalidate;

    const onFocus = () => {
      const now = Date.now();
      // At most every 5 s, as SWR's focus throttle.
      if (options().revalidateOnFocus && visible() && navigator.onLine && now - lastFocus >= 5_000) {
        lastFocus = now;
        void revalidate();
      }
    };
    const onOnline = () => options().revalidateOnReconnect && revalidate();
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onFocus);
    window.addEventListener('online', onOnline);

    if (options().revalidateOnMount !== false) void revalidate();

    return () => {
      mounted = false;
      entry.hooks.delete(revalidate);
      clearTimeout(retryTimer);
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onFocus);
      window.removeEventListener('online', onOnline);
    };
  }, [cache, id]);

  // Refetch on the interval (when it changes, from then on), with the page visible and online.
  const interval = config.refreshInterval ?? 0;
  useEffect(() => {
    if (id === null || interval <= 0) return;
    let timer: ReturnType<typeof setTimeout>;
    const tick = async () => {
      if (visible() && navigator.onLine) await refetch.current?.();
      timer = setTimeout(tick, interval);
    };
    timer = setTimeout(tick, interval);
    return () => clearTimeout(timer);
  }, [id, interval]);

  const bound = useCallback<BoundMutate<T>>(
    (...args: unknown[]) => {
      const { id: current, key: given } = latest.current;
      return (
        current === null ? Promise.resolve() : cache.change(cache.entry(current, given), args)
      ) as Promise<T | undefined>;
    },
    [cache],
  );

  return { data, error: state.error, isLoading, mutate: bound };
}
