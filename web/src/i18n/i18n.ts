/**
 * The one i18next instance of the web app. Before sign-in the browser's language decides (or the
 * choice made on the sign-in page, kept in local storage); after, the user's `language`. Only the
 * languages in use are loaded: main.tsx renders once the first one is there (`i18nReady`).
 */
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, languageOf } from '@asbuilt/domain';
import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import 'dayjs/locale/nl-be';
import i18next, { type i18n as I18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { loadCatalogues, NAMESPACES } from './resources.ts';

const STORAGE_KEY = 'asbuilt.language';
/** dayjs names months and days in these locales (Belgian Dutch for nl). */
const DAYJS_LOCALES: Record<Language, string> = { en: 'en', fr: 'fr', nl: 'nl-be' };

export const i18n: I18n = i18next.createInstance();

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources: {},
    partialBundledLanguages: true,
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

const loaded = new Map<Language, Promise<void>>();

/** Adds a language's catalogues once; later calls wait for the same load. */
function ensureLanguage(language: Language): Promise<void> {
  let load = loaded.get(language);
  if (!load) {
    load = loadCatalogues(language).then((catalogues) => {
      for (const [ns, catalogue] of Object.entries(catalogues)) {
        i18n.addResourceBundle(language, ns, catalogue, true, true);
      }
    });
    loaded.set(language, load);
  }
  return load;
}

applyLocale(currentLanguage());
i18n.on('languageChanged', (lng) => applyLocale(languageOf(lng)));

/** Settles when the words of the language detected at start are loaded. */
export const i18nReady: Promise<void> = ensureLanguage(currentLanguage());

export function currentLanguage(): Language {
  return languageOf(i18n.resolvedLanguage ?? i18n.language);
}

/**
 * Switches every mounted screen at once (react-i18next re-renders on the change). A browser in
 * en-US already reads English: no change then, since a change gives every screen a new `t` and
 * the devices page rebuilds its 20,000 rows for it.
 */
export async function setLanguage(language: Language): Promise<void> {
  await ensureLanguage(language);
  if (currentLanguage() !== language) await i18n.changeLanguage(language);
}
