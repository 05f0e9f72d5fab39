/**
 * The server's words: one i18next instance holding the domain's catalogue (namespace `domain`:
 * error messages by code, field labels, fixed lists) in every language of the product.
 *
 * An error answer carries English (`englishText`) plus the code, which the web shows in the
 * reader's language. Words the server itself sends in a user's language (mails) go through
 * `translate(language, 'ns:key', params)`.
 *
 * Another area of the server with words of its own keeps them in `<area>/locales/{en,fr,nl}.json`
 * and registers them once, at module load, under the area's name:
 *
 *   import en from './locales/en.json' with { type: 'json' };
 *   import fr from './locales/fr.json' with { type: 'json' };
 *   import nl from './locales/nl.json' with { type: 'json' };
 *   registerCatalogue('auth', { en, fr, nl });
 *   ...
 *   translate(user.language, 'auth:reset_mail.subject');
 */
import {
  DEFAULT_LANGUAGE,
  DOMAIN_CATALOGUES,
  DOMAIN_NAMESPACE,
  LANGUAGES,
  type Language,
  type Message,
  type MessageParams,
} from '@asbuilt/domain';
import i18next, { type i18n as I18n } from 'i18next';

type Catalogue = { [key: string]: string | Catalogue };

const i18n: I18n = i18next.createInstance();
void i18n.init({
  resources: Object.fromEntries(
    LANGUAGES.map((language) => [language, { [DOMAIN_NAMESPACE]: DOMAIN_CATALOGUES[language] }]),
  ),
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: [DOMAIN_NAMESPACE],
  defaultNS: DOMAIN_NAMESPACE,
  // Answers are JSON and mails plain text: nothing to escape.
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/** Adds an area's catalogue (`<area>/locales/{en,fr,nl}.json`) as namespace `ns`, in every language. */
export function registerCatalogue(ns: string, catalogues: Record<Language, Catalogue>): void {
  for (const language of LANGUAGES) i18n.addResourceBundle(language, ns, catalogues[language], true, true);
}

/** `key` is `ns:path` (`auth:reset_mail.subject`); plurals take `count` among the parameters. */
export function translate(language: Language, key: string, params?: MessageParams): string {
  return i18n.t(key, { ...params, lng: language });
}

/** A message (a code of `domain:error.*` with its parameters) in `language`. */
export function messageText(message: Message, language: Language): string {
  return translate(language, `${DOMAIN_NAMESPACE}:error.${message.code}`, message.params);
}

/** The English words of a message, as every error answer carries them beside the code. */
export function englishText(message: Message): string {
  return messageText(message, 'en');
}
