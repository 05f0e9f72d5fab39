/** The pack's words in its language (catalogue `handover`), and how it writes dates, sizes and numbers. */
import type { Language } from '@asbuilt/domain';
import { registerCatalogue, translate } from '../../../platform/i18n.ts';
import en from './locales/en.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import nl from './locales/nl.json' with { type: 'json' };

registerCatalogue('handover', { en, fr, nl });

/** Belgian conventions for French and Dutch (the product's customers), British for English. */
const LOCALES: Record<Language, string> = { en: 'en-GB', fr: 'fr-BE', nl: 'nl-BE' };

export interface Words {
  language: Language;
  t(key: string, params?: Record<string, string | number>): string;
  date(value: Date | string | null): string;
  number(value: number, digits?: number): string;
  size(bytes: number | null): string;
}

export function wordsFor(language: Language): Words {
  const locale = LOCALES[language];
  const dates = new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const numbers = new Map<number, Intl.NumberFormat>();
  const number = (value: number, digits = 0) => {
    let format = numbers.get(digits);
    if (!format) {
      format = new Intl.NumberFormat(locale, { maximumFractionDigits: digits, minimumFractionDigits: 0 });
      numbers.set(digits, format);
    }
    return format.format(value);
  };
  const t = (key: string, params?: Record<string, string | number>) =>
    translate(language, `handover:${key}`, params);
  return {
    language,
    t,
    number,
    date(value) {
      if (value === null || value === '') return '';
      // A `YYYY-MM-DD` is a day, not an instant: read it as UTC so no time zone moves it.
      const date = typeof value === 'string' ? new Date(`${value.slice(0, 10)}T00:00:00Z`) : value;
      return Number.isNaN(date.getTime()) ? String(value) : dates.format(date);
    },
    size(bytes) {
      if (bytes === null || bytes < 0) return '';
      if (bytes < 1024) return t('size.b', { value: number(bytes) });
      if (bytes < 1024 * 1024) return t('size.kb', { value: number(bytes / 1024, 1) });
      return t('size.mb', { value: number(bytes / (1024 * 1024), 1) });
    },
  };
}

/**
 * Text as the embedded DejaVu fonts can print it. Control characters would break a line's
 * layout; characters beyond the Basic Multilingual Plane (emoji) and the joiners and variation
 * selectors that compose them have no glyph in DejaVu and would print as empty boxes, so they
 * are left out. Markup such as `<script>` is plain text in a PDF and stays as typed.
 */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}]|\p{Variation_Selector}|[\u{10000}-\u{10FFFF}]/gu;

export function clean(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  // Line breaks and tabs become spaces before the other control characters go.
  return String(value)
    .replace(/\s*[\r\n\t]+\s*/g, ' ')
    .replace(UNPRINTABLE, '')
    .replace(/ {2,}/g, ' ')
    .trim();
}
