/**
 * Date display of the whole app (spec: DD/MM/YYYY, DD/MM/YYYY HH:mm, HH:mm); '' for a missing or
 * bad value. A long date names its month in the reader's language (web/src/i18n/i18n.ts switches
 * dayjs's locale with the language).
 */
import dayjs from 'dayjs';

export const DATE_FORMAT = 'DD/MM/YYYY';
export const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';
export const TIME_FORMAT = 'HH:mm';
/** 3 March 2026, 3 mars 2026, 3 maart 2026. */
export const LONG_DATE_FORMAT = 'D MMMM YYYY';

type DateInput = string | number | Date | null | undefined;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function format(value: DateInput, pattern: string): string {
  if (value === null || value === undefined || value === '') return '';
  // A calendar day (YYYY-MM-DD, as dates travel) needs no parsing: the device list formats
  // tens of thousands of them.
  if (pattern === DATE_FORMAT && typeof value === 'string') {
    const day = ISO_DAY.exec(value);
    if (day) return `${day[3]}/${day[2]}/${day[1]}`;
  }
  const date = dayjs(value);
  return date.isValid() ? date.format(pattern) : '';
}

export const formatDate = (value: DateInput) => format(value, DATE_FORMAT);
export const formatDateTime = (value: DateInput) => format(value, DATE_TIME_FORMAT);
export const formatTime = (value: DateInput) => format(value, TIME_FORMAT);
export const formatLongDate = (value: DateInput) => format(value, LONG_DATE_FORMAT);
