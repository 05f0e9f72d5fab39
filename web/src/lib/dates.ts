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

/** True for a calendar day as dates travel (YYYY-MM-DD) that exists (no 31 February). */
export function isIsoDay(value: string): boolean {
  const day = ISO_DAY.exec(value);
  return day !== null && realDay(Number(day[1]), Number(day[2]), Number(day[3]));
}

function realDay(year: number, month: number, day: number): boolean {
  if (year < 1000 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const TYPED_DAY = /^(\d{1,2})[/.\- ](\d{1,2})[/.\- ](\d{2}|\d{4})$/;
const PACKED_DAY = /^(\d{2})(\d{2})(\d{4})$/;

/**
 * A day typed as the app shows it (DD/MM/YYYY; D/M/YYYY, dots, dashes, DDMMYYYY and a two-digit
 * year of this century are forgiven, YYYY-MM-DD is pasted as is) as YYYY-MM-DD; null when the
 * text is no real day. Day first always: the app's users read dates that way.
 */
export function parseDay(text: string): string | null {
  const value = text.trim();
  if (isIsoDay(value)) return value;
  const parts = TYPED_DAY.exec(value) ?? PACKED_DAY.exec(value);
  if (!parts) return null;
  const [, dd = '', mm = '', yy = ''] = parts;
  const day = Number(dd);
  const month = Number(mm);
  const year = yy.length === 2 ? 2000 + Number(yy) : Number(yy);
  if (!realDay(year, month, day)) return null;
  return `${year}-${two(month)}-${two(day)}`;
}

/** What a date field hands up for its text: the day, '' when blank, else the text itself. */
export const dayOfText = (text: string) => (text.trim() === '' ? '' : (parseDay(text) ?? text));

/** Typing digits forward fills in the slashes (0102 becomes 01/02/), phones' digit pads having none. */
export function maskDayText(previous: string, next: string): string {
  if (next.length <= previous.length) return next;
  // A slash typed right after the one filled in is not doubled.
  if (previous.endsWith('/') && next === `${previous}/`) return previous;
  return /^\d{2}$|^\d{1,2}\/\d{2}$/.test(next) ? `${next}/` : next;
}
