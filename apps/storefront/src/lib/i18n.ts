import { en } from './i18n/en.ts';
import { type MessageKey, ptBr } from './i18n/pt-br.ts';
import { type Language, useLanguage } from './preferences.ts';

export type { MessageKey };
export type Messages = Partial<Record<MessageKey, string>>;
export type Vars = Readonly<Record<string, string | number>>;
export type Translate = (key: MessageKey, vars?: Vars) => string;

const dictionaries: Record<Language, Messages> = { pt_br: ptBr, en };

/**
 * The text of `key` in `messages`, else in Portuguese (the default language), else the key itself,
 * so a missing translation never shows an empty label. `{name}` placeholders take `vars`; with
 * `count` 1 the `<key>_one` text is preferred.
 */
export function translate(messages: Messages, key: MessageKey, vars?: Vars): string {
  const one = vars?.count === 1 ? (`${key}_one` as MessageKey) : undefined;
  const pick = (dictionary: Messages) => (one && dictionary[one]) || dictionary[key];
  const text = pick(messages) ?? pick(ptBr) ?? key;
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

const translators = new Map<Language, Translate>();

/** One stable function per language, so memoised components only re-render when it changes. */
export function translatorFor(language: Language): Translate {
  let translator = translators.get(language);
  if (!translator) {
    const messages = dictionaries[language];
    translator = (key, vars) => translate(messages, key, vars);
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
        const one = vars?.count === 1 ? `${key}_one` : key;
        // The language's own words first (its singular, then its plural), then Portuguese's.
        const text = own[one] ?? own[key] ?? fallback[one] ?? fallback[key];
        if (text === undefined) return shared(key as MessageKey, vars);
        if (!vars) return text;
        return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
          name in vars ? String(vars[name]) : whole,
        );
      };
      cache.set(language, fn);
    }
    return fn;
  };
  return () => forLanguage(useLanguage());
}
