/** The app proper: everything the menu home needs (React, the router, the data cache, the menu). Loaded by main.ts. */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { readBoot } from '../lib/boot.ts';
import { captureCouponParam } from '../lib/coupon-param.ts';
import { loadLanguage } from '../lib/i18n.ts';
import {
  applyLanguage,
  applyMode,
  effectiveMode,
  languageStore,
  setDefaultMode,
  storedModeStore,
} from '../lib/preferences.ts';
import { applyLook, restoreSavedLook } from '../lib/store-look.ts';
import { captureVisitEntry, isStandalone } from '../lib/visit-entry.ts';
import { App } from './app.tsx';

function start() {
  // Before the first render: language, theme and look, so the first frame is already right.
  applyLanguage(languageStore.get());
  const company = readBoot().company?.[0];
  if (company) {
    setDefaultMode(company.default_style_mode);
    applyLook(company);
  } else {
    const savedMode = restoreSavedLook();
    if (savedMode) setDefaultMode(savedMode);
    applyMode(
      effectiveMode(
        storedModeStore.get(),
        savedMode ?? (document.documentElement.dataset.mode === 'dark' ? 'dark' : 'light'),
      ),
    );
  }
  captureCouponParam(location.search);
  // A table's QR address or a campaign link is remembered, then the menu is shown in its place.
  const entryReplacement = captureVisitEntry(location, { standalone: isStandalone() });
  if (entryReplacement) history.replaceState(history.state, '', entryReplacement);

  // A transition renders in slices that yield to the browser, so the first render of the whole
  // menu is not one long task (the pre-painted header is on screen meanwhile).
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });

  // Its own small chunk: the worker is registered only after the page has loaded anyway.
  if (import.meta.env.PROD)
    void import('../lib/pwa.ts').then(({ registerServiceWorker }) => registerServiceWorker());
}

/**
 * Called by main.ts, never on import: this module sits in the `home` chunk, which the staff app also
 * imports for the modules they share (docs/decisions/0067), and must not start the customer's app there.
 */
export function mount(): void {
  // An English visitor's texts are fetched meanwhile; Portuguese is here already.
  const language = loadLanguage(languageStore.get());
  // Evaluating this chunk (React DOM and the app) is one task already; starting in the next one
  // keeps each under the long-task line on a phone. If English cannot be fetched, Portuguese shows.
  setTimeout(() => {
    void language.then(start, start);
  }, 0);
}
