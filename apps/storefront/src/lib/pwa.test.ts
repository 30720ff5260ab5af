import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGES_CACHE, REGISTER_AFTER_LOAD_MS, registerServiceWorker, warmWorkerCaches } from './pwa.ts';

describe('warmWorkerCaches (issue 34, #13: a reload offline keeps the look, the font and the bars)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the page in the pages cache and asks again, through the worker, the font, pictures and menu GETs', async () => {
    const added: string[] = [];
    const open = vi.fn(async () => ({ add: async (request: Request) => void added.push(request.url) }));
    vi.stubGlobal('caches', { open });
    const fetched: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        fetched.push(url);
        return new Response('');
      }),
    );
    const urls = warmWorkerCaches('https://pizzaria.example/home', [
      'https://pizzaria.example/media/fonts/poppins-latin-400-normal.woff2',
      'https://pizzaria.example/media/pizzaria/p/calabresa-thumb-176w.webp',
      'https://pizzaria.example/estoque/produtos_full_app/12',
      'https://pizzaria.example/assets/index-abc.js',
      'https://pizzaria.example/core/orders_app',
      'https://maps.example/media/tile.png',
    ]);
    expect(urls).toEqual([
      'https://pizzaria.example/home',
      'https://pizzaria.example/media/fonts/poppins-latin-400-normal.woff2',
      'https://pizzaria.example/media/pizzaria/p/calabresa-thumb-176w.webp',
      'https://pizzaria.example/estoque/produtos_full_app/12',
    ]);
    await vi.waitFor(() => expect(added).toEqual(['https://pizzaria.example/home']));
    expect(open).toHaveBeenCalledWith(PAGES_CACHE);
    expect(fetched).toEqual(urls.slice(1));
  });
});

describe('registerServiceWorker', () => {
  it('registers the worker a while after the page has loaded, not while the menu starts', () => {
    vi.useFakeTimers();
    const register = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', {
      ...navigator,
      serviceWorker: { controller: null, register, addEventListener: vi.fn() },
    });
    expect(document.readyState).toBe('complete');
    registerServiceWorker('/sw.js');
    vi.advanceTimersByTime(REGISTER_AFTER_LOAD_MS - 1);
    expect(register).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(register).toHaveBeenCalledWith('/sw.js');
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
});
