import type { DueKind, Language } from '@asbuilt/domain';
import { registerCatalogue, translate } from '../../platform/i18n.ts';
import en from './locales/en.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import nl from './locales/nl.json' with { type: 'json' };

registerCatalogue('due', { en, fr, nl });

/** The due area's words (mails, calendar) in a user's language. */
export const dueWord = (language: Language, key: string, params?: Record<string, string | number>) =>
  translate(language, `due:${key}`, params);

export const kindWord = (language: Language, kind: DueKind) => dueWord(language, `kind.${kind}`);

/** A day as the reader writes it (`YYYY-MM-DD` in, e.g. "5 Dec 2026" out), never shifted by a time zone. */
export function dayWord(language: Language, day: string): string {
  const locale = language === 'en' ? 'en-GB' : `${language}-BE`;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}
