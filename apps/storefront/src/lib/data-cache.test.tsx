import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DataCache,
  DataConfig,
  type DataKey,
  type DataOptions,
  sameData,
  useData,
  useDataConfig,
} from './data-cache.tsx';

/** A fresh cache per test, with the given options over the defaults. */
function wrapperWith(options: DataOptions = {}) {
  const cache = new DataCache();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <DataConfig value={{ provider: () => cache, ...options }}>{children}</DataConfig>
  );
  return { cache, wrapper };
}

/** A fetcher whose calls are counted and answer with the key and the call's number. */
function countingFetcher() {
  const calls: unknown[] = [];
  const fetcher = vi.fn(async (key: unknown) => {
    calls.push(key);
    return { key, n: calls.length };
  });
  return { fetcher, calls };
}

/** A fetcher that answers each call when told to. */
function deferredFetcher() {
  const pending: { resolve: (value: string) => void; reject: (error: unknown) => void }[] = [];
  const fetcher = vi.fn(
    () =>
      new Promise<string>((resolve, reject) => {
        pending.push({ resolve, reject });
      }),
  );
  return { fetcher, pending };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('useData: dedupe', () => {
  it('a hook mounted within the dedupe interval reuses the reply; after it, asks again', async () => {
    vi.useFakeTimers();
    const { fetcher } = countingFetcher();
    const { wrapper } = wrapperWith({ dedupingInterval: 10_000 });
    const first = renderHook(() => useData('/a', fetcher), { wrapper });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(first.result.current.data).toEqual({ key: '/a', n: 1 });

    await act(() => vi.advanceTimersByTimeAsync(5_000));
    const second = renderHook(() => useData('/a', fetcher), { wrapper });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(second.result.current.data).toEqual({ key: '/a', n: 1 });

    await act(() => vi.advanceTimersByTimeAsync(6_000));
    const third = renderHook(() => useData('/a', fetcher), { wrapper });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(fetcher).toHaveBeenCalledTimes(2);
    expect(third.result.current.data).toEqual({ key: '/a', n: 2 });
    // Every hook of the key shows the new reply.
    expect(first.result.current.data).toEqual({ key: '/a', n: 2 });
  });

  it('a request in flight is shared: one call for hooks mounted while it runs', async () => {
    const { fetcher, pending } = deferredFetcher();
    const { wrapper } = wrapperWith();
    const first = renderHook(() => useData<string>('/a', fetcher), { wrapper });
    const second = renderHook(() => useData<string>('/a', fetcher), { wrapper });
    await waitFor(() => expect(pending).toHaveLength(1));
    await act(async () => pending[0]?.resolve('reply'));
    expect(first.result.current.data).toBe('reply');
    expect(second.result.current.data).toBe('reply');
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('a tuple key reaches the fetcher whole; a null key fetches nothing', async () => {
    const { fetcher, calls } = countingFetcher();
    const { wrapper } = wrapperWith();
    const key: DataKey = ['products', 'app', 1, 2];
    const { result } = renderHook(() => [useData(key, fetcher), useData(null, fetcher)] as const, {
      wrapper,
    });
    await waitFor(() => expect(result.current[0].data).toEqual({ key, n: 1 }));
    expect(calls).toEqual([key]);
    expect(result.current[1]).toMatchObject({ data: undefined, isLoading: false });
  });
});

describe('useData: revalidation', () => {
  it('refetches on focus where asked, throttled; not where not', async () => {
    const { fetcher } = countingFetcher();
    const other = countingFetcher();
    const { wrapper } = wrapperWith({ dedupingInterval: 0 });
    const { result } = renderHook(
      () =>
        [
          useData('/on', fetcher, { revalidateOnFocus: true }),
          useData('/off', other.fetcher, { revalidateOnFocus: false }),
        ] as const,
      { wrapper },
    );
    await waitFor(() => expect(result.current[0].data).toEqual({ key: '/on', n: 1 }));
    await waitFor(() => expect(result.current[1].data).toBeDefined());
    await act(async () => window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(result.current[0].data).toEqual({ key: '/on', n: 2 }));
    // A second focus at once is within the throttle.
    await act(async () => window.dispatchEvent(new Event('focus')));
    expect(fetcher).toHaveBeenCalledTimes(2);
    expect(other.fetcher).toHaveBeenCalledTimes(1);
  });

  it('refetches on its interval while mounted, and stops when unmounted', async () => {
    vi.useFakeTimers();
    const { fetcher } = countingFetcher();
    const { wrapper } = wrapperWith({ dedupingInterval: 1_000 });
    const { result, unmount } = renderHook(() => useData('/a', fetcher, { refreshInterval: 30_000 }), {
      wrapper,
    });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(fetcher).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(fetcher).toHaveBeenCalledTimes(2);
    expect(result.current.data).toEqual({ key: '/a', n: 2 });
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(fetcher).toHaveBeenCalledTimes(3);
    unmount();
    await vi.advanceTimersByTimeAsync(90_000);
    expect(fetcher).toHaveBeenCalledTimes(3);
  });

  it('starts the interval when it is turned on after mount', async () => {
    vi.useFakeTimers();
    const { fetcher } = countingFetcher();
    const { wrapper } = wrapperWith({ dedupingInterval: 0 });
    const { rerender } = renderHook(
      ({ poll }) => useData('/a', fetcher, { refreshInterval: poll ? 10_000 : 0 }),
      {
        wrapper,
        initialProps: { poll: false },
      },
    );
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(fetcher).toHaveBeenCalledTimes(1);
    rerender({ poll: true });
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('shows a fallback reply without fetching when told not to on mount', async () => {
    vi.useFakeTimers();
    const { fetcher } = countingFetcher();
    const { wrapper } = wrapperWith({ fallback: { '/boot': 'from the page' } });
    const { result } = renderHook(() => useData('/boot', fetcher, { revalidateOnMount: false }), { wrapper });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(result.current).toMatchObject({ data: 'from the page', isLoading: false });
    expect(fetcher).not.toHaveBeenCalled();
  });

  it('a fallback reply is refreshed on mount by default', async () => {
    const { fetcher } = countingFetcher();
    const { wrapper } = wrapperWith({ fallback: { '/a': 'old' } });
    const { result } = renderHook(() => useData('/a', fetcher), { wrapper });
    expect(result.current.data).toBe('old');
    await waitFor(() => expect(result.current.data).toEqual({ key: '/a', n: 1 }));
  });

  it('fetches nothing while paused: only the fallback shows', async () => {
    vi.useFakeTimers();
    const { fetcher } = countingFetcher();
    const { wrapper } = wrapperWith({ fallback: { '/a': 'draft' }, isPaused: () => true });
    const { result } = renderHook(() => useData('/a', fetcher), { wrapper });
    await act(() => vi.advanceTimersByTimeAsync(0));
    await act(async () => void (await result.current.mutate()));
    expect(result.current).toMatchObject({ data: 'draft', isLoading: false });
    expect(fetcher).not.toHaveBeenCalled();
  });

  it('keeps the previous key’s data while a new key loads, where asked', async () => {
    const { fetcher, pending } = deferredFetcher();
    const { wrapper } = wrapperWith();
    const { result, rerender } = renderHook(
      ({ key }) => useData<string>(key, fetcher, { keepPreviousData: true }),
      {
        wrapper,
        initialProps: { key: '/a' },
      },
    );
    await waitFor(() => expect(pending).toHaveLength(1));
    await act(async () => pending[0]?.resolve('a'));
    rerender({ key: '/b' });
    expect(result.current.data).toBe('a');
    await waitFor(() => expect(pending).toHaveLength(2));
    await act(async () => pending[1]?.resolve('b'));
    expect(result.current.data).toBe('b');
  });

  it('keeps the same object when a refetch brings equal data', async () => {
    let n = 0;
    const fetcher = vi.fn(async () => ({ items: [1, 2], n: ++n > 0 ? 'same' : 'never' }));
    const { wrapper } = wrapperWith({ dedupingInterval: 0 });
    const { result } = renderHook(() => useData('/a', fetcher), { wrapper });
    await waitFor(() => expect(result.current.data).toBeDefined());
    const before = result.current.data;
    await act(async () => void (await result.current.mutate()));
    expect(fetcher).toHaveBeenCalledTimes(2);
    expect(result.current.data).toBe(before);
  });
});

describe('useData: mutate', () => {
  it('bound mutate with data sets it without a request when revalidate is false', async () => {
    const { fetcher } = countingFetcher();
    const { wrapper } = wrapperWith({ dedupingInterval: 60_000 });
    const { result } = renderHook(() => useData<unknown>('/a', fetcher), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual({ key: '/a', n: 1 }));
    await act(async () => void (await result.current.mutate('local', false)));
    expect(result.current.data).toBe('local');
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('bound mutate without data refetches at once, whatever the dedupe interval', async () => {
    const { fetcher } = countingFetcher();
    const { wrapper } = wrapperWith({ dedupingInterval: 60_000 });
    const { result } = renderHook(() => useData<unknown>('/a', fetcher), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual({ key: '/a', n: 1 }));
    let returned: unknown;
    await act(async () => {
      returned = await result.current.mutate();
    });
    expect(returned).toEqual({ key: '/a', n: 2 });
    expect(result.current.data).toEqual({ key: '/a', n: 2 });
  });

  it('a function of the current data, then a refetch', async () => {
    const replies = ['server 1', 'server 2'];
    const fetcher = vi.fn(async () => replies.shift() ?? '');
    const { wrapper } = wrapperWith({ dedupingInterval: 0 });
    const { result } = renderHook(() => useData<string>('/a', fetcher), { wrapper });
    await waitFor(() => expect(result.current.data).toBe('server 1'));
    const seen: string[] = [];
    await act(async () => {
      const pending = result.current.mutate((current) => `${current} + call`, { revalidate: true });
      seen.push(result.current.data ?? '');
      await pending;
    });
    expect(seen).toEqual(['server 1']);
    expect(result.current.data).toBe('server 2');
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('a reply to a request started before a mutate with data does not overwrite it', async () => {
    const { fetcher, pending } = deferredFetcher();
    const { wrapper } = wrapperWith();
    const { result } = renderHook(() => useData<string>('/a', fetcher), { wrapper });
    await waitFor(() => expect(pending).toHaveLength(1));
    await act(async () => void (await result.current.mutate('saved', false)));
    await act(async () => pending[0]?.resolve('older'));
    expect(result.current.data).toBe('saved');
  });

  it('the config’s mutate refetches a key, and every cached key a filter matches', async () => {
    const { fetcher } = countingFetcher();
    const { wrapper } = wrapperWith({ fetcher, dedupingInterval: 60_000 });
    const { result } = renderHook(
      () => ({ a: useData('/bar/1'), b: useData('/bar/2'), c: useData('/menu'), config: useDataConfig() }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.c.data).toBeDefined());
    expect(fetcher).toHaveBeenCalledTimes(3);
    await act(async () => void (await result.current.config.mutate('/menu')));
    expect(result.current.c.data).toMatchObject({ key: '/menu', n: 4 });
    await act(
      async () =>
        void (await result.current.config.mutate((key) => typeof key === 'string' && key.startsWith('/bar'))),
    );
    expect(fetcher).toHaveBeenCalledTimes(6);
    expect(result.current.a.data).toMatchObject({ key: '/bar/1' });
    expect(result.current.c.data).toMatchObject({ key: '/menu', n: 4 });
    // A key nobody shows is only marked to be fetched afresh on its next mount.
    await act(async () => void (await result.current.config.mutate('/nobody')));
    expect(fetcher).toHaveBeenCalledTimes(6);
  });

  it('the config’s mutate with data sets it for every hook of the key', async () => {
    const { fetcher } = countingFetcher();
    const { wrapper } = wrapperWith({ fetcher });
    const { result } = renderHook(() => ({ a: useData('/a'), config: useDataConfig() }), { wrapper });
    await waitFor(() => expect(result.current.a.data).toBeDefined());
    await act(async () => void (await result.current.config.mutate('/a', 'set', false)));
    expect(result.current.a.data).toBe('set');
  });

  it('a tree with its own cache does not see another’s', async () => {
    const one = wrapperWith({ fallback: {} });
    const two = wrapperWith({ fallback: {} });
    const fetcher = vi.fn(async () => 'x');
    renderHook(() => useData('/a', fetcher), { wrapper: one.wrapper });
    await waitFor(() => expect(one.cache.get('/a').data).toBe('x'));
    expect(two.cache.get('/a').data).toBeUndefined();
  });
});

describe('useData: errors', () => {
  it('keeps the last data beside the error, and a success clears it', async () => {
    let fail = false;
    const fetcher = vi.fn(async () => {
      if (fail) throw new Error('offline');
      return 'data';
    });
    const { wrapper } = wrapperWith({ dedupingInterval: 0, shouldRetryOnError: false });
    const { result } = renderHook(() => useData<string>('/a', fetcher), { wrapper });
    await waitFor(() => expect(result.current.data).toBe('data'));
    fail = true;
    await act(async () => void (await result.current.mutate()));
    expect(result.current.data).toBe('data');
    expect(result.current.error).toEqual(new Error('offline'));
    expect(result.current.isLoading).toBe(false);
    fail = false;
    await act(async () => void (await result.current.mutate()));
    expect(result.current.error).toBeUndefined();
  });

  it('is loading only while there is no data: not during a refetch of data it shows', async () => {
    const { fetcher, pending } = deferredFetcher();
    const { wrapper } = wrapperWith({ dedupingInterval: 0 });
    const { result } = renderHook(() => useData<string>('/a', fetcher), { wrapper });
    expect(result.current.isLoading).toBe(true);
    await waitFor(() => expect(pending).toHaveLength(1));
    await act(async () => pending[0]?.resolve('first'));
    expect(result.current.isLoading).toBe(false);
    act(() => void result.current.mutate());
    await waitFor(() => expect(pending).toHaveLength(2));
    expect(result.current).toMatchObject({ data: 'first', isLoading: false });
    await act(async () => pending[1]?.resolve('second'));
    expect(result.current.data).toBe('second');
  });

  it('a first load that fails: error, not loading, and no retry when retries are off', async () => {
    vi.useFakeTimers();
    const fetcher = vi.fn(async () => {
      throw new Error('down');
    });
    const { wrapper } = wrapperWith({ shouldRetryOnError: false });
    const { result } = renderHook(() => useData('/a', fetcher), { wrapper });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(result.current).toMatchObject({ data: undefined, isLoading: false });
    expect(result.current.error).toEqual(new Error('down'));
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('retries after a growing wait where retries are on, until it succeeds', async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    let failures = 2;
    const fetcher = vi.fn(async () => {
      if (failures-- > 0) throw new Error('busy');
      return 'ok';
    });
    const { wrapper } = wrapperWith({ dedupingInterval: 0 });
    const { result } = renderHook(() => useData('/a', fetcher), { wrapper });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(fetcher).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(fetcher).toHaveBeenCalledTimes(2);
    await act(() => vi.advanceTimersByTimeAsync(9_999));
    expect(fetcher).toHaveBeenCalledTimes(2);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(fetcher).toHaveBeenCalledTimes(3);
    expect(result.current).toMatchObject({ data: 'ok', error: undefined });
    vi.mocked(Math.random).mockRestore();
  });

  it('a failed request is not reused by the next one (no dedupe of failures)', async () => {
    let fail = true;
    const fetcher = vi.fn(async () => {
      if (fail) throw new Error('down');
      return 'ok';
    });
    const { wrapper } = wrapperWith({ dedupingInterval: 60_000, shouldRetryOnError: false });
    const first = renderHook(() => useData('/a', fetcher), { wrapper });
    await waitFor(() => expect(first.result.current.error).toBeDefined());
    fail = false;
    const second = renderHook(() => useData('/a', fetcher), { wrapper });
    await waitFor(() => expect(second.result.current.data).toBe('ok'));
    expect(fetcher).toHaveBeenCalledTimes(2);
  });
});

function ShowMerged({ cache }: { cache: DataCache }) {
  const { data } = useData<string>('/inner', { revalidateOnMount: false });
  const { data: outer } = useData<string>('/outer', { revalidateOnMount: false });
  return <p>{`${data} ${outer} ${useDataConfig().cache === cache}`}</p>;
}

describe('DataConfig', () => {
  it('nested configs merge: the inner one keeps the outer cache and adds its fallback', async () => {
    const cache = new DataCache();
    render(
      <DataConfig value={{ provider: () => cache, fallback: { '/outer': 'o' } }}>
        <DataConfig value={{ fallback: { '/inner': 'i' } }}>
          <ShowMerged cache={cache} />
        </DataConfig>
      </DataConfig>,
    );
    expect(screen.getByText('i o true')).toBeInTheDocument();
  });
});

describe('sameData', () => {
  it('compares JSON replies by content and anything else by identity', () => {
    expect(sameData({ a: [1, { b: 'x' }] }, { a: [1, { b: 'x' }] })).toBe(true);
    expect(sameData({ a: [1] }, { a: [1, 2] })).toBe(false);
    expect(sameData({ a: 1 }, { b: 1 })).toBe(false);
    expect(sameData([1], { 0: 1 })).toBe(false);
    expect(sameData(new Map(), new Map())).toBe(false);
    expect(sameData(null, {})).toBe(false);
  });
});
