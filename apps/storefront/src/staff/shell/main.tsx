/** The staff app's entry (staff.html): its own bundle, never part of the customer's menu. */
import '../../styles/global.css';
import './staff.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { readBoot } from '../../lib/boot.ts';
import { keepControlledFieldsControlled } from '../../lib/controlled-inputs.ts';
import { loadLanguage } from '../../lib/i18n.ts';
import {
  applyLanguage,
  applyMode,
  effectiveMode,
  languageStore,
  setDefaultMode,
  storedModeStore,
} from '../../lib/preferences.ts';
import { applyLook } from '../../lib/store-look.ts';
import { StaffApp } from './staff-app.tsx';

keepControlledFieldsControlled();
applyLanguage(languageStore.get());
const company = readBoot().company?.[0];
if (company) {
  setDefaultMode(company.default_style_mode);
  applyLook(company);
} else {
  applyMode(effectiveMode(storedModeStore.get(), 'light'));
}

// The shared texts in the chosen language first (English is a chunk of its own); Portuguese if they cannot come.
const render = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <StaffApp />
    </StrictMode>,
  );
void loadLanguage(languageStore.get()).then(render, render);
