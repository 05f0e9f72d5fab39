/** The languages of the product: every catalogue exists in each. */
export const LANGUAGES = ['en', 'fr', 'nl'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language named in itself, as a language switch shows it (never translated). */
export const LANGUAGE_NAMES = {
  en: 'English',
  fr: 'Français',
  nl: 'Nederlands',
} as const satisfies Record<Language, string>;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** 'fr-BE' -> 'fr'; anything else that is not one of ours -> the default. */
export function languageOf(tag: string | null | undefined): Language {
  const base = (tag ?? '').toLowerCase().split(/[-_]/)[0];
  return isLanguage(base) ? base : DEFAULT_LANGUAGE;
}
