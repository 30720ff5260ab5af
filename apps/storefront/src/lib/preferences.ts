import { createStore, useStore } from './external-store.ts';
import { readStorage, writeStorage } from './storage.ts';

/** Spec section 3: localStorage keys 'language' and 'mode' (theme). */
export const LANGUAGE_KEY = 'language';
export const MODE_KEY = 'mode';

export type Language = 'pt_br' | 'en';
export type Mode = 'light' | 'dark';

export const DEFAULT_LANGUAGE: Language = 'pt_br';

export function parseLanguage(value: string | null): Language {
  return value === 'en' ? 'en' : DEFAULT_LANGUAGE;
}

export function parseMode(value: string | null): Mode | null {
  return value === 'dark' || value === 'light' ? value : null;
}

export const languageStore = createStore<Language>(parseLanguage(readStorage(LANGUAGE_KEY)));
/** The visitor's own choice; null means "the store's default_style_mode". */
export const storedModeStore = createStore<Mode | null>(parseMode(readStorage(MODE_KEY)));
/** The store's default, known once the company is loaded. */
export const defaultModeStore = createStore<Mode>('light');

export const htmlLang = (language: Language) => (language === 'en' ? 'en' : 'pt-BR');

export function applyLanguage(language: Language): void {
  document.documentElement.lang = htmlLang(language);
}

export function setLanguage(language: Language): void {
  writeStorage(LANGUAGE_KEY, language);
  languageStore.set(language);
  applyLanguage(language);
}

export function effectiveMode(stored: Mode | null, storeDefault: Mode): Mode {
  return stored ?? storeDefault;
}

export function applyMode(mode: Mode): void {
  document.documentElement.dataset.mode = mode;
}

export function setMode(mode: Mode): void {
  writeStorage(MODE_KEY, mode);
  storedModeStore.set(mode);
  applyMode(mode);
}

export function setDefaultMode(mode: Mode): void {
  defaultModeStore.set(mode);
  applyMode(effectiveMode(storedModeStore.get(), mode));
}

export function useLanguage(): Language {
  return useStore(languageStore);
}

export function useMode(): Mode {
  return effectiveMode(useStore(storedModeStore), useStore(defaultModeStore));
}
