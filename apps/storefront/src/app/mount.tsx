/** The app proper: everything the menu home needs (the router, the data cache, the menu; Preact beside it). Loaded by main.ts. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { readBoot } from '../lib/boot.ts';
import { keepControlledFieldsControlled } from '../lib/controlled-inputs.ts';
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
import { beginStagedStart } from '../lib/start-stages.ts';
import { applyLook, restoreSavedLook } from '../lib/store-look.ts';
import { captureVisitEntry, isStandalone } from '../lib/visit-entry.ts';
import { App } from './app.tsx';

/** Before the first render, in a task of its own: the start data, language, theme and look. */
function prepare() {
  keepControlledFieldsControlled();
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
}

function render() {
  // Preact renders at once (a transition does not slice it as React's did): the page is drawn in
  // stages, the menu a few rows per task, so no render is one long task (docs/decisions/0075, 0076).
  beginStagedStart();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );

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
  // Evaluating this chunk (and Preact's) is one task already, preparing the next, rendering the one
  // after: each stays under the long-task line on a phone. If English cannot be fetched, Portuguese
  // shows.
  setTimeout(() => {
    prepare();
    setTimeout(() => {
      void language.then(render, render);
    }, 0);
  }, 0);
}
