import { type MessageKey, ptBr } from './i18n/pt-br.ts';
import { DEFAULT_LANGUAGE, htmlLang, type Language, setLanguage, useLanguage } from './preferences.ts';

export type { MessageKey };
export type Messages = Partial<Record<MessageKey, string>>;
export type Vars = Readonly<Record<string, string | number>>;
export type Translate = (key: MessageKey, vars?: Vars) => string;

/**
 * Portuguese, the default and the fallback, comes with the menu; English is a chunk of its own,
 * loaded by `loadLanguage` before anything is shown in it (docs/decisions/0067).
 */
const dictionaries: Partial<Record<Language, Messages>> = { pt_br: ptBr };
const loading = new Map<Language, Promise<void>>();

/** Resolves once `language`'s shared dictionary is here (at once for Portuguese). */
export function loadLanguage(language: Language): Promise<void> {
  if (dictionaries[language]) return Promise.resolve();
  let pending = loading.get(language);
  if (!pending) {
    pending = import('./i18n/en.ts').then(
      ({ en }) => {
        dictionaries.en = en;
      },
      (error: unknown) => {
        loading.delete(language);
        throw error;
      },
    );
    loading.set(language, pending);
  }
  return pending;
}

/**
 * The language switch: the new language's texts first, then every screen in it. When they cannot
 * be fetched (offline before the service worker kept them) the language stays as it was.
 */
export function switchLanguage(language: Language): Promise<void> {
  return loadLanguage(language).then(
    () => setLanguage(language),
    () => undefined,
  );
}

const pluralRules = new Map<Language, Intl.PluralRules>();

/**
 * The CLDR plural category of `count` in `language`, from the browser's own rules (no bytes of
 * ours): Portuguese puts 0, 1 and 1,5 in 'one' and a round million in 'many'; English only 1 in
 * 'one'; everything else is 'other'.
 */
export function pluralCategory(language: Language, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(htmlLang(language));
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

/**
 * The keys that may hold the text of `key`, most fitting first. With a numeric `count`:
 * `<key>_zero` for exactly 0 (a sentence of its own, such as 'Nenhum pedido novo'), then
 * `<key>_<category>` for the language's category ('one', 'many'), then `key` itself, which is
 * the 'other' form. Without a count, just `key`.
 */
export function textKeys(language: Language, key: string, vars?: Vars): string[] {
  const count = vars?.count;
  if (typeof count !== 'number' || !Number.isFinite(count)) return [key];
  const keys: string[] = [];
  if (count === 0) keys.push(`${key}_zero`);
  const category = pluralCategory(language, count);
  if (category !== 'other') keys.push(`${key}_${category}`);
  keys.push(key);
  return keys;
}

/** `{name}` placeholders filled from `vars`; an unknown name stays as written, so it shows. */
export function interpolate(text: string, vars?: Vars): string {
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/** The first of `keys` that `dictionary` has. */
function firstText(dictionary: Partial<Record<string, string>>, keys: readonly string[]): string | undefined {
  for (const key of keys) {
    const text = dictionary[key];
    if (text !== undefined && text !== '') return text;
  }
  return undefined;
}

/**
 * The text of `key` in `messages` (written in `language`), else in Portuguese (the default
 * language), else the key itself, so a missing translation never shows an empty label. The plural
 * form follows `vars.count` (see `textKeys`); `{name}` placeholders take `vars`.
 */
export function translate(
  messages: Messages,
  key: MessageKey,
  vars?: Vars,
  language: Language = DEFAULT_LANGUAGE,
): string {
  const text =
    firstText(messages, textKeys(language, key, vars)) ??
    firstText(ptBr, textKeys(DEFAULT_LANGUAGE, key, vars)) ??
    key;
  return interpolate(text, vars);
}

const translators = new Map<Language, Translate>();

/** One stable function per language, so memoised components only re-render when it changes. */
export function translatorFor(language: Language): Translate {
  let translator = translators.get(language);
  if (!translator) {
    // Read at each call: a dictionary still loading falls back to Portuguese, never to nothing.
    translator = (key, vars) => translate(dictionaries[language] ?? {}, key, vars, language);
    translators.set(language, translator);
  }
  return translator;
}

export function useT(): Translate {
  return translatorFor(useLanguage());
}

/**
 * Texts of a lazily loaded feature live beside it, so they download with the feature and not with
 * the menu: `const useCartT = featureTranslator({ pt_br: {...}, en: {...} })`. Portuguese is the
 * fallback, then the shared dictionary, then the key.
 */
export function featureTranslator<K extends string>(dictionaries: {
  pt_br: Record<K, string>;
  en: Partial<Record<K, string>>;
}): () => (key: K | MessageKey, vars?: Vars) => string {
  const cache = new Map<Language, (key: K | MessageKey, vars?: Vars) => string>();
  const forLanguage = (language: Language) => {
    let fn = cache.get(language);
    if (!fn) {
      const own: Partial<Record<string, string>> = dictionaries[language];
      const fallback: Partial<Record<string, string>> = dictionaries.pt_br;
      const shared = translatorFor(language);
      fn = (key, vars) => {
        // The language's own words first (in its plural rules), then Portuguese's (in Portuguese's).
        const text =
          firstText(own, textKeys(language, key, vars)) ??
          firstText(fallback, textKeys(DEFAULT_LANGUAGE, key, vars));
        if (text === undefined) return shared(key as MessageKey, vars);
        return interpolate(text, vars);
      };
      cache.set(language, fn);
    }
    return fn;
  };
  return () => forLanguage(useLanguage());
}
