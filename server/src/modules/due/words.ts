import type { DueKind, Language } from '@asbuilt/domain';
import { registerCatalogue, translate } from '../../platform/i18n.ts';
import en from './locales/en.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import nl from './locales/nl.json' with { type: 'json' };

registerCatalogue('due', { en, fr, nl });

/** The due area's words (mails, calendar) in a user's language. */
export const dueWord = (language: Language, key: string, params?: Record<string, string | number>) =>
  translate(language, `due:${key}`, params);

/**
 * A word or day written once per language and kept: the reminder job writes one per item, some
 * 335,000 for 2,000 users, and making an `Intl.DateTimeFormat` (or asking i18next) each time took
 * 30 of its 40 seconds. Days and kinds are few, so the memo stays small.
 */
function remembered(write: (language: Language, key: string) => string) {
  const memo = new Map<string, string>();
  return (language: Language, key: string) => {
    const at = `${language}|${key}`;
    let word = memo.get(at);
    if (word === undefined) {
      word = write(language, key);
      // A long-running server writes every day in time: start over rather than grow for ever.
      if (memo.size > 10_000) memo.clear();
      memo.set(at, word);
    }
    return word;
  };
}

const kindWords = remembered((language, kind) => dueWord(language, `kind.${kind}`));
export const kindWord = (language: Language, kind: DueKind) => kindWords(language, kind);

const formats = new Map<Language, Intl.DateTimeFormat>();
const days = remembered((language, day) => {
  let format = formats.get(language);
  if (!format) {
    const locale = language === 'en' ? 'en-GB' : `${language}-BE`;
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
    formats.set(language, format);
  }
  return format.format(new Date(`${day}T00:00:00Z`));
});

/** A day as the reader writes it (`YYYY-MM-DD` in, e.g. "5 Dec 2026" out), never shifted by a time zone. */
export const dayWord = (language: Language, day: string): string => days(language, day);
