/**
 * The sign-in screen's language and words, without i18next: the language is chosen as the app's
 * i18next instance chooses it (web/src/i18n/i18n.ts: the choice kept in local storage, else the
 * browser's languages), and each language's few words are one small chunk (wordList.ts).
 */
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@asbuilt/domain';
import { LANGUAGE_KEY } from '../../../lib/session.ts';
import type { AuthWord, ClientError, SignInWords } from './wordList.ts';

const LOADERS: Record<Language, () => Promise<{ default: SignInWords }>> = {
  en: () => import('virtual:sign-in-words/en'),
  fr: () => import('virtual:sign-in-words/fr'),
  nl: () => import('virtual:sign-in-words/nl'),
};

/** 'fr-BE' -> 'fr'. */
const baseOf = (tag: string | null | undefined) => (tag ?? '').toLowerCase().split(/[-_]/)[0];

function stored(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_KEY);
  } catch {
    return null;
  }
}

/** The choice made on this browser, else the first of the browser's languages that we have. */
export function chosenLanguage(): Language {
  const tags = [stored(), ...(navigator.languages ?? []), navigator.language];
  return tags.map(baseOf).find(isLanguage) ?? DEFAULT_LANGUAGE;
}

/** Keeps the visitor's choice, as the app's language switch does; the app reads it on start. */
export function rememberLanguage(language: Language) {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // A browser that keeps nothing still switches this page.
  }
}

export type Params = Record<string, string | number>;
export type WordKey = `auth:${AuthWord}` | `components:error.${ClientError}`;

export interface Words {
  language: Language;
  /** One of the screen's words, `{{name}}` filled from `params`, the plural form by `params.count`. */
  t: (key: WordKey, params?: Params) => string;
  /** A server code in the reader's language; the server's English words for a code we did not pick. */
  error: (code: string, params: Params | undefined, fallback: string) => string;
}

/** A language's lookup over its words (exported for the tests). */
export function wordsOf(language: Language, words: SignInWords): Words {
  const plurals = new Intl.PluralRules(language);
  const lookup = (key: string, params?: Params): string | undefined => {
    const count = params?.count;
    const plural =
      typeof count === 'number'
        ? (words[`${key}_${plurals.select(count)}`] ?? words[`${key}_other`])
        : undefined;
    const text = plural ?? words[key];
    return text?.replace(/\{\{\s*(\w+)[^}]*\}\}/g, (placeholder, name: string) =>
      params && name in params ? String(params[name]) : placeholder,
    );
  };
  return {
    language,
    t: (key, params) => lookup(key, params) ?? key,
    error: (code, params, fallback) =>
      (code ? lookup(`domain:error.${code}`, params) : undefined) ?? fallback,
  };
}

const loaded = new Map<Language, Promise<Words>>();

/** A language's words, loaded once. */
export function loadWords(language: Language): Promise<Words> {
  let words = loaded.get(language);
  if (!words) {
    words = LOADERS[language]().then((module) => wordsOf(language, module.default));
    loaded.set(language, words);
    // A failed load (the network) may be tried again.
    words.catch(() => loaded.delete(language));
  }
  return words;
}
