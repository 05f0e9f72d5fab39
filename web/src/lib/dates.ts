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

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/** DD/MM/YYYY of a moment in local time, without dayjs: the device list formats 40,000 of them. */
function numericDay(value: Exclude<DateInput, null | undefined>): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${two(date.getDate())}/${two(date.getMonth() + 1)}/${date.getFullYear()}`;
}

function format(value: DateInput, pattern: string): string {
  if (value === null || value === undefined || value === '') return '';
  if (pattern === DATE_FORMAT) {
    // A calendar day (YYYY-MM-DD, as dates travel) is a day wherever the reader is.
    const day = typeof value === 'string' ? ISO_DAY.exec(value) : null;
    return day ? `${day[3]}/${day[2]}/${day[1]}` : numericDay(value);
  }
  const date = dayjs(value);
  return date.isValid() ? date.format(pattern) : '';
}

export const formatDate = (value: DateInput) => format(value, DATE_FORMAT);
export const formatDateTime = (value: DateInput) => format(value, DATE_TIME_FORMAT);
export const formatTime = (value: DateInput) => format(value, TIME_FORMAT);
export const formatLongDate = (value: DateInput) => format(value, LONG_DATE_FORMAT);
