/**
 * Entry. The server pre-paints the menu home's top bar and header picture (the page's largest
 * element) into the first HTML. This tiny module lets the browser put them on screen first, then
 * loads the app (app/mount.tsx and its Preact chunk, fetched in parallel), which replaces them with
 * the same markup plus the rest of the page. The picture gets the bandwidth first; the app follows
 * at most MAX_WAIT_MS later (apps/storefront/README.md, "First paint").
 */
import './styles/global.css';

/** Never hold the app back longer than this for the header picture. */
const MAX_WAIT_MS = 250;

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/** Resolves once the picture has been painted (or could not be). */
function painted(hero: HTMLImageElement): Promise<void> {
  if (PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
    return new Promise((resolve) => {
      const observer = new PerformanceObserver((list) => {
        if (
          list
            .getEntries()
            .some((entry) => (entry as PerformanceEntry & { element?: Element }).element === hero)
        ) {
          observer.disconnect();
          resolve();
        }
      });
      observer.observe({ type: 'largest-contentful-paint', buffered: true });
      hero.addEventListener('error', () => resolve(), { once: true });
    });
  }
  return hero
    .decode()
    .catch(() => undefined)
    .then(nextFrame);
}

function prepaintShown(): Promise<void> {
  const hero = document.querySelector<HTMLImageElement>('[data-prepaint] img.hero-image');
  if (!hero) return Promise.resolve();
  const cap = new Promise<void>((resolve) => setTimeout(resolve, MAX_WAIT_MS));
  return Promise.race([painted(hero), cap]);
}

// The visitor's own theme before anything paints (same key and values as lib/preferences.ts).
try {
  const mode = localStorage.getItem('mode');
  if (mode === 'dark' || mode === 'light') document.documentElement.dataset.mode = mode;
} catch {
  // Storage unavailable: the store's default theme stays.
}

void prepaintShown()
  .then(() => import('./app/mount.tsx'))
  .then(({ mount }) => mount());
