import { STORE_STATE_PATH, type StoreState } from '@comanda/contract';
import { CART_FULL_PRODUCTS_KEY } from './full-product.ts';
import { currentMenuVersion, followMenuVersion, isMenuGet } from './menu-version.ts';
import { START_PATHS } from './start-data.ts';

/*
 * An open storefront follows its store (issue 32 item 6, docs/decisions/0050): every
 * STORE_STATE_POLL_MS while the page is visible it asks the store's state, about 40 bytes that the
 * server reads at most twice a second per store and a shared cache may keep for one (a 304 when nothing
 * changed). A new menu version means something customers see changed (sold out, pause, open or
 * close, scheduling, the menu): the caller refetches the menu under the new version. A change of
 * the open state alone (a pause or a shift ending by the clock) refetches the company call.
 * Loaded after the first paint: nothing of it is in the menu's first-load JavaScript.
 */

export const STORE_STATE_POLL_MS = 2_000;

export interface StoreFollowerOptions {
  /** The version the page's menu replies came from. */
  knownVersion(): number | undefined;
  /** Whether the page shows the store open now (undefined while unknown). */
  knownOpen(): boolean | undefined;
  menuChanged(version: number): void;
  openChanged(open: boolean): void;
  fetchState?: () => Promise<StoreState>;
  pollMs?: number;
  doc?: Document;
  win?: Window;
}

export async function fetchStoreState(): Promise<StoreState> {
  const response = await fetch(`${STORE_STATE_PATH}?format=json`, {
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`store state: ${response.status}`);
  return (await response.json()) as StoreState;
}

/** Starts following; returns stop. One request at a time, none while the page is hidden. */
export function followStore(options: StoreFollowerOptions): () => void {
  const {
    fetchState = fetchStoreState,
    pollMs = STORE_STATE_POLL_MS,
    doc = document,
    win = window,
  } = options;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let asking = false;
  let stopped = false;

  const schedule = () => {
    clearTimeout(timer);
    if (!stopped && !doc.hidden) timer = setTimeout(check, pollMs);
  };

  async function check(): Promise<void> {
    if (stopped || asking || doc.hidden) return;
    asking = true;
    try {
      const state = await fetchState();
      if (stopped) return;
      const version = options.knownVersion();
      if (version === undefined || state.menu_version !== version) options.menuChanged(state.menu_version);
      else if (options.knownOpen() !== undefined && state.loja_aberta !== options.knownOpen()) {
        options.openChanged(state.loja_aberta);
      }
    } catch {
      // Offline or a failed call: the next round asks again (the offline notice says the rest).
    } finally {
      asking = false;
      schedule();
    }
  }

  // Back on the page or on the network: ask at once rather than at the next round.
  const resume = () => {
    if (!doc.hidden) void check();
  };
  doc.addEventListener('visibilitychange', resume);
  win.addEventListener('online', resume);
  schedule();

  return () => {
    stopped = true;
    clearTimeout(timer);
    doc.removeEventListener('visibilitychange', resume);
    win.removeEventListener('online', resume);
  };
}

type Mutate = (key: string | ((key: unknown) => boolean)) => Promise<unknown>;

/** A cached key that holds menu data: a menu GET, or the cart's check of its lines' products. */
const holdsMenu = (key: unknown): boolean =>
  typeof key === 'string' ? isMenuGet(key) : Array.isArray(key) && key[0] === CART_FULL_PRODUCTS_KEY;

/**
 * Follows the store for the app: a new menu version is followed by every menu GET (asked under it,
 * so no shared cache answers with the older menu) and the data cache refetches the start data and whatever
 * menu replies it holds; a change of the open state alone refetches the company call.
 */
export function startFollowing(mutate: Mutate, knownOpen: () => boolean | undefined): () => void {
  return followStore({
    knownVersion: currentMenuVersion,
    knownOpen,
    menuChanged: (version) => {
      followMenuVersion(version);
      // By name: a start call shown from the boot block may not be in the data cache yet.
      for (const key of Object.values(START_PATHS)) void mutate(key);
      void mutate(holdsMenu);
    },
    openChanged: () => void mutate(START_PATHS.company),
  });
}
