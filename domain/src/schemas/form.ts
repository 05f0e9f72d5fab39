import { z } from 'zod';

/**
 * Field helpers for bodies that arrive as JSON, `x-www-form-urlencoded` or multipart: values may
 * be strings ("true", "12", "") and are coerced here, so the server and the web parse alike.
 * Absent means "unchanged" (undefined); an empty string or null clears the value (null).
 */

const TRUE_VALUES = new Set<unknown>([true, 'true', '1', 1, 'on']);
const FALSE_VALUES = new Set<unknown>([false, 'false', '0', 0, 'off']);

/** true/false, 'true'/'false', '1'/'0' (and 1/0, 'on'/'off'). */
export function formBoolean(label: string) {
  return z.preprocess(
    (value) => (TRUE_VALUES.has(value) ? true : FALSE_VALUES.has(value) ? false : value),
    z.boolean({ error: `${label} must be true or false` }),
  );
}

const blankToNull = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? null : value;

/** A number of at least `min` (and at most `max`); '' or null clears it. */
export function optionalNumber(label: string, { min = 0, max = 1e9 }: { min?: number; max?: number } = {}) {
  return z.preprocess(
    (value) => {
      const v = blankToNull(value);
      return typeof v === 'string' ? Number(v.trim()) : v;
    },
    z
      .number({ error: `${label} must be a number` })
      .min(min, `${label} must be ${min} or more`)
      .max(max, `${label} must be ${max} or less`)
      .nullable(),
  );
}

/** A record id: a positive whole number. */
export function idField(label: string) {
  return z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .positive(`${label} must be a positive number`);
}

/** An id that must be given: absent, '' or null answer `message` ("{label} is required"). */
export function requiredId(label: string, message = `${label} is required`) {
  return z.preprocess(
    (value) => (blankToNull(value) === null ? undefined : value),
    z
      .unknown()
      .refine((value): boolean => value !== undefined, message)
      .pipe(idField(label)),
  );
}

/** An id that may be cleared with '' or null. */
export function optionalId(label: string) {
  return z.preprocess(blankToNull, idField(label).nullable());
}

/** Trimmed text; '' or null clears it (numbers are taken as text, e.g. an EAN sent as a number). */
export function optionalText(label: string, max = 255) {
  return z.preprocess(
    (value) => {
      const v = typeof value === 'number' ? String(value) : value;
      return typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : v;
    },
    z
      .string({ error: `${label} must be text` })
      .max(max, `${label} must be at most ${max} characters`)
      .nullable(),
  );
}

/** Trimmed text that must not be empty: "{label} is required". */
export function requiredText(label: string, max = 255) {
  return z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : value),
    z
      .string({ error: `${label} is required` })
      .min(1, `${label} is required`)
      .max(max, `${label} must be at most ${max} characters`),
  );
}

/** One of a fixed list; '' or null clears it. */
export function optionalChoice<const T extends readonly [string, ...string[]]>(label: string, values: T) {
  return z.preprocess(
    blankToNull,
    z.enum(values, { error: `${label} must be one of: ${values.join(', ')}` }).nullable(),
  );
}

/**
 * A list sent as a JSON array, as JSON text in a form body, or as an object keyed by position
 * (`{ "0": {...}, "1": {...} }`, the nested-attributes style).
 */
export function jsonList<T extends z.ZodType>(item: T, label: string, max = 1000) {
  return z.preprocess(
    (value) => {
      let list = value;
      if (typeof list === 'string') {
        try {
          list = JSON.parse(list);
        } catch {
          return value;
        }
      }
      return list && typeof list === 'object' && !Array.isArray(list) ? Object.values(list) : list;
    },
    z.array(item, { error: `${label} must be a list` }).max(max, `${label}: at most ${max} entries`),
  );
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a real calendar day written as `YYYY-MM-DD`. */
export function isIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A date as `YYYY-MM-DD` (a real day); '' or null clears it. */
export function optionalDate(label: string) {
  return z.preprocess(
    (value) => {
      const v = blankToNull(value);
      return typeof v === 'string' ? v.trim() : v;
    },
    z
      .string({ error: `${label} must be a date as YYYY-MM-DD` })
      .refine(isIsoDate, `${label} must be a date as YYYY-MM-DD`)
      .nullable(),
  );
}

/** A value sent as JSON text in a form body (filters, headers, changes) is parsed; anything else passes as is. */
export function parseJsonText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}
