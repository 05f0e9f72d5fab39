/** Numbers written the way the reader's language writes them (1,234 / 1 234 / 1.234). */
import { currentLanguage } from '../i18n/i18n.ts';

const formats = new Map<string, Intl.NumberFormat>();

export function formatNumber(value: number): string {
  const language = currentLanguage();
  let format = formats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language === 'nl' ? 'nl-BE' : language === 'fr' ? 'fr-BE' : 'en-GB');
    formats.set(language, format);
  }
  return format.format(value);
}
