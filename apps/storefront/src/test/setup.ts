import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, vi } from 'vitest';

// The test files of a worker share its DOM and the packages they import (isolate: false,
// docs/decisions/0047), not the app's own modules: each file imports them anew, so the stores held
// in modules (cart, language, session, the staff token...) start as a fresh page's do.
vi.resetModules();

// The testing library runs through Vite like the app (its `react` is preact/compat, docs/decisions/0075),
// so it is one of the modules imported anew: the file's render and this cleanup must be the same one.
const { cleanup, configure } = await import('@testing-library/react');
// Effects run after the browser paints, which happy-dom never does: here, on the next turn of the
// event loop (a timer, so fake timers drive them as they drive the app's own).
const { options } = await import('preact');
options.requestAnimationFrame = (flush) => {
  setTimeout(flush);
};
await import('../lib/controlled-inputs.ts').then(({ keepControlledFieldsControlled }) =>
  keepControlledFieldsControlled(),
);

// English is a chunk the app loads before showing it (lib/i18n.ts, loadLanguage); the tests that
// set the language store directly find it loaded, as the app's screens do.
await import('../lib/i18n.ts').then(({ loadLanguage }) => loadLanguage('en'));

// findBy and waitFor wait up to 5 s for what the default 1 s misses on a loaded 2-core machine.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// And each file leaves the clock, the globals and the spies as it found them.
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
