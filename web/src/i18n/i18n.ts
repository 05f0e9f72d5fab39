/**
 * The one i18next instance of the web app. Before sign-in the browser's language decides (or the
 * choice made on the sign-in page, kept in local storage); after, the user's `language`.
 */
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, languageOf } from '@asbuilt/domain';
import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import 'dayjs/locale/nl-be';
import i18next, { type i18n as I18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { buildResources, NAMESPACES } from './resources.ts';

const STORAGE_KEY = 'asbuilt.language';
/** dayjs names months and days in these locales (Belgian Dutch for nl). */
const DAYJS_LOCALES: Record<Language, string> = { en: 'en', fr: 'fr', nl: 'nl-be' };

export const i18n: I18n = i18next.createInstance();

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources: buildResources(),
    ns: NAMESPACES,
    defaultNS: 'components',
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    fallbackLng: DEFAULT_LANGUAGE,
    detection: {
      order: ['localStorage', 'navigator'],
      lookupLocalStorage: STORAGE_KEY,
      caches: ['localStorage'],
    },
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });

function applyLocale(language: Language) {
  dayjs.locale(DAYJS_LOCALES[language]);
  document.documentElement.lang = language;
}

applyLocale(currentLanguage());
i18n.on('languageChanged', (lng) => applyLocale(languageOf(lng)));

export function currentLanguage(): Language {
  return languageOf(i18n.resolvedLanguage ?? i18n.language);
}

/** Switches every mounted screen at once (react-i18next re-renders on the change). */
export function setLanguage(language: Language) {
  if (currentLanguage() !== language || i18n.language !== language) void i18n.changeLanguage(language);
}
