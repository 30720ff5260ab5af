import type { Product } from '@comanda/contract';
import { screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MenuHome } from '../features/menu/components/menu-home.tsx';
import { company, demoMenu } from '../test/fixtures.ts';
import { renderWithData } from '../test/render.tsx';
import { useDataConfig } from './data-cache.tsx';
import { currentMenuVersion } from './menu-version.ts';
import { START_PATHS } from './start-data.ts';
import { followStore, STORE_STATE_POLL_MS, startFollowing } from './store-follower.ts';

const POLL = 20;
const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function setHidden(hidden: boolean) {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('followStore', () => {
  afterEach(() => setHidden(false));

  it('asks every round while visible: a new version is a menu change, an open state alone a company change', async () => {
    let state = { menu_version: 4, loja_aberta: true };
    const menuChanged = vi.fn();
    const openChanged = vi.fn();
    let known = 4;
    let shownOpen = true;
    let asked = 0;
    const stop = followStore({
      knownVersion: () => known,
      knownOpen: () => shownOpen,
      menuChanged: (version) => {
        // What the app's refetch does: the menu and the company call as they are now.
        known = version;
        shownOpen = state.loja_aberta;
        menuChanged(version);
      },
      openChanged,
      fetchState: async () => {
        asked += 1;
        return state;
      },
      pollMs: POLL,
    });
    await waitFor(() => expect(asked).toBeGreaterThanOrEqual(2));
    expect(menuChanged).not.toHaveBeenCalled();
    expect(openChanged).not.toHaveBeenCalled();

    state = { menu_version: 5, loja_aberta: false };
    await waitFor(() => expect(menuChanged).toHaveBeenCalledWith(5));
    expect(menuChanged).toHaveBeenCalledTimes(1);
    // The version covers the open state then: the menu's refetch brings the company call too.
    expect(openChanged).not.toHaveBeenCalled();

    state = { menu_version: 5, loja_aberta: true };
    stop();
    const stopped = asked;
    await tick(POLL * 3);
    expect(asked).toBe(stopped);
  });

  it('a change of the open state by the clock alone refetches the company', async () => {
    const openChanged = vi.fn();
    const stop = followStore({
      knownVersion: () => 7,
      knownOpen: () => false,
      menuChanged: () => {},
      openChanged,
      fetchState: async () => ({ menu_version: 7, loja_aberta: true }),
      pollMs: POLL,
    });
    await waitFor(() => expect(openChanged).toHaveBeenCalledWith(true));
    stop();
  });

  it('asks nothing while the page is hidden, and at once when it is shown again', async () => {
    let asked = 0;
    setHidden(true);
    const stop = followStore({
      knownVersion: () => 1,
      knownOpen: () => true,
      menuChanged: () => {},
      openChanged: () => {},
      fetchState: async () => {
        asked += 1;
        return { menu_version: 1, loja_aberta: true };
      },
      pollMs: 60_000,
    });
    await tick(POLL * 3);
    expect(asked).toBe(0);
    setHidden(false);
    await waitFor(() => expect(asked).toBe(1));
    stop();
  });

  it('keeps asking after a failed round (offline), and asks at once when back online', async () => {
    let online = false;
    let asked = 0;
    const menuChanged = vi.fn();
    const stop = followStore({
      knownVersion: () => 1,
      knownOpen: () => true,
      menuChanged,
      openChanged: () => {},
      fetchState: async () => {
        asked += 1;
        if (!online) throw new TypeError('Failed to fetch');
        return { menu_version: 2, loja_aberta: true };
      },
      pollMs: POLL,
    });
    await waitFor(() => expect(asked).toBeGreaterThanOrEqual(2));
    expect(menuChanged).not.toHaveBeenCalled();
    online = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(menuChanged).toHaveBeenCalledWith(2));
    stop();
  });

  it('polls every two seconds by default', () => {
    expect(STORE_STATE_POLL_MS).toBe(2_000);
  });
});

function Follower() {
  const { mutate } = useDataConfig();
  useEffect(() => startFollowing(mutate, () => true), [mutate]);
  return null;
}

describe('startFollowing on the menu', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a product switched sold out shows as sold out without a reload, fetched under the new version', async () => {
    const { categories, products } = demoMenu();
    let version = 1;
    let listed: Product[] = products;
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const url = String(input);
      asked.push(url);
      const path = url.replace(/[?&]v=\d+/, '');
      const replies: Record<string, unknown> = {
        '/core/v2/store/state?format=json': { menu_version: version, loja_aberta: true },
        [START_PATHS.company]: [company()],
        [START_PATHS.categories]: categories,
        [START_PATHS.products]: listed,
        [START_PATHS.hours]: [],
      };
      if (!(path in replies)) return new Response('{}', { status: 404 });
      return new Response(JSON.stringify(replies[path]), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    renderWithData(
      <>
        <Follower />
        <MenuHome />
      </>,
    );
    const row = await screen.findByRole('button', { name: /Pizza Calabresa/ });
    expect(row.closest('li')).not.toHaveClass('product-sold-out');
    // The first round learns the version (a page without one in its boot block).
    await waitFor(() => expect(currentMenuVersion()).toBe(1), { timeout: STORE_STATE_POLL_MS + 2_000 });

    listed = products.map((product) =>
      product.descricao === 'Pizza Calabresa' ? { ...product, esgotado: true } : product,
    );
    version = 2;
    await waitFor(
      () =>
        expect(screen.getByRole('button', { name: /Pizza Calabresa/ }).closest('li')).toHaveClass(
          'product-sold-out',
        ),
      { timeout: STORE_STATE_POLL_MS + 3_000 },
    );
    expect(asked).toContain(`${START_PATHS.products}&v=2`);
  }, 15_000);
});
