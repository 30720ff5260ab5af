import { MENU_GET_PATHNAME } from './menu-gets.ts';

/** What the service worker keeps at run time (vite.config.ts): the menu GETs and /media/ (pictures, fonts). */
const KEPT_AT_RUN_TIME = new RegExp(`^(${MENU_GET_PATHNAME}$|/media/)`);

/** The worker's cache of pages (vite.config.ts, runtimeCaching): kept under this exact name. */
export const PAGES_CACHE = 'pages';

/**
 * The first visit loads the page, the store's font and the menu before the worker is installed,
 * so none of it is in the worker's caches: a reload offline would get the bare shell, without
 * the store's look, font or bars (issue 34, #13). Once the new worker controls the page, the
 * page and what it loaded that the worker keeps are asked again through it (from the HTTP cache
 * mostly), filling its caches; the page goes straight into the pages cache (a script's request is
 * not a navigation, which the worker's page route answers). Returns the URLs asked.
 */
export function warmWorkerCaches(
  pageUrl: string = window.location.href,
  loaded: readonly string[] = performance.getEntriesByType('resource').map((entry) => entry.name),
): string[] {
  const origin = new URL(pageUrl).origin;
  const urls = [pageUrl];
  for (const name of loaded) {
    const url = new URL(name, pageUrl);
    if (url.origin === origin && KEPT_AT_RUN_TIME.test(url.pathname) && !urls.includes(url.href)) {
      urls.push(url.href);
    }
  }
  const ignore = () => {
    // Offline already, or no Cache Storage: nothing to keep.
  };
  if ('caches' in globalThis) {
    caches
      .open(PAGES_CACHE)
      .then((cache) =>
        cache.add(new Request(pageUrl, { credentials: 'same-origin', headers: { accept: 'text/html' } })),
      )
      .catch(ignore);
  }
  for (const url of urls.slice(1)) fetch(url, { credentials: 'same-origin' }).catch(ignore);
  return urls;
}

/**
 * After the load event, the worker waits this long: installing it (its script, the precache, then
 * warmWorkerCaches) is main-thread work a phone would otherwise do while the customer starts to
 * scroll and tap (docs/decisions/0075).
 */
export const REGISTER_AFTER_LOAD_MS = 4000;

/**
 * Registers the service worker a while after the page has loaded (it must never compete with the menu)
 * and reloads the page once when an updated worker takes over (spec section 1: the app refreshes
 * after an update). The first install takes control without a reload: nothing was outdated, and
 * the worker's caches are filled with this visit's page and menu.
 */
export function registerServiceWorker(url = '/sw.js'): void {
  if (!('serviceWorker' in navigator)) return;
  const hadController = navigator.serviceWorker.controller !== null;
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!hadController) {
      warmWorkerCaches();
      return;
    }
    if (reloading) return;
    reloading = true;
    window.location.reload();
  });
  const register = () => {
    navigator.serviceWorker.register(url).catch(() => {
      // No offline support this visit; the page works the same.
    });
  };
  const registerLater = () => setTimeout(register, REGISTER_AFTER_LOAD_MS);
  if (document.readyState === 'complete') registerLater();
  else window.addEventListener('load', registerLater, { once: true });
}
