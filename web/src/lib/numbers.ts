/** Numbers written the way the reader's language writes them (1,234 / 1 234 / 1.234). */
import type { Language } from '@asbuilt/domain';
import { currentLanguage } from '../i18n/i18n.ts';

const LOCALES: Record<Language, string> = { en: 'en-GB', fr: 'fr-BE', nl: 'nl-BE' };
/** What each locale puts between groups of three digits (fr-BE: a narrow no-break space). */
const GROUP_SEPARATORS: Record<Language, string> = { en: ',', fr: '\u202f', nl: '.' };

const formats = new Map<Language, Intl.NumberFormat>();

/**
 * A whole number with its digits grouped by three, as Intl.NumberFormat writes it in `language`
 * (test/lib.test.ts compares the two). The first Intl.NumberFormat of a page loads the locale's
 * data, some 15 to 50 ms of a first visit's main thread on a slow processor, for the counters
 * that are the only numbers of most pages.
 */
export function groupDigits(value: number, language: Language): string {
  const digits = String(Math.abs(value));
  let written = digits.slice(0, digits.length % 3 || 3);
  for (let at = written.length; at < digits.length; at += 3) {
    written += GROUP_SEPARATORS[language] + digits.slice(at, at + 3);
  }
  return value < 0 ? `-${written}` : written;
}

export function formatNumber(value: number): string {
  const language = currentLanguage();
  // Intl writes -0 as "-0".
  if (Number.isSafeInteger(value) && !Object.is(value, -0)) return groupDigits(value, language);
  let format = formats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(LOCALES[language]);
    formats.set(language, format);
  }
  return format.format(value);
}
