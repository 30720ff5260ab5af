/**
 * Tag Manager and the Facebook pixel, only for stores that have ids. The CSP forbids inline
 * scripts, so the vendors' inline snippets are reproduced here and only their files are loaded.
 */
type Fbq = ((...args: unknown[]) => void) & {
  callMethod?: (...args: unknown[]) => void;
  queue: unknown[][];
  push: Fbq;
  loaded: boolean;
  version: string;
};

declare global {
  interface Window {
    dataLayer?: unknown[];
    fbq?: Fbq;
    _fbq?: Fbq;
  }
}

const ID = /^[A-Za-z0-9-]{1,40}$/;
const injected = new Set<string>();

function addScript(src: string) {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  document.head.append(script);
}

export function injectTagManager(id: string | null): boolean {
  if (!id || !ID.test(id) || injected.has(`gtm:${id}`)) return false;
  injected.add(`gtm:${id}`);
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  addScript(`https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`);
  return true;
}

export function injectFacebookPixel(id: string | null): boolean {
  if (!id || !ID.test(id) || injected.has(`fb:${id}`)) return false;
  injected.add(`fb:${id}`);
  if (!window.fbq) {
    const fbq = ((...args: unknown[]) => {
      if (fbq.callMethod) fbq.callMethod(...args);
      else fbq.queue.push(args);
    }) as Fbq;
    fbq.queue = [];
    fbq.push = fbq;
    fbq.loaded = true;
    fbq.version = '2.0';
    window.fbq = fbq;
    window._fbq = fbq;
    addScript('https://connect.facebook.net/en_US/fbevents.js');
  }
  window.fbq('init', id);
  window.fbq('track', 'PageView');
  return true;
}

/** After the page has loaded and gone idle, so tracking never delays the menu. */
export function injectTrackingWhenIdle(ids: { googleTagManager: string | null; fbPixelId: string | null }) {
  if (!ids.googleTagManager && !ids.fbPixelId) return;
  const run = () => {
    injectTagManager(ids.googleTagManager);
    injectFacebookPixel(ids.fbPixelId);
  };
  const idle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(run, { timeout: 4000 }) : setTimeout(run, 1);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
