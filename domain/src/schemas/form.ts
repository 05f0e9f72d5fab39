import { z } from 'zod';
import { encodeMessage, type FieldKey } from '../i18n/messages.ts';

/**
 * Field helpers for bodies that arrive as JSON, `x-www-form-urlencoded` or multipart: values may
 * be strings ("true", "12", "") and are coerced here, so the server and the web parse alike.
 * Absent means "unchanged" (undefined); an empty string or null clears the value (null).
 *
 * Each helper takes the field's key in the catalogue (`domain:field.*`); its messages are codes
 * that name the field (`field_required` with `{ field }`: "Short Description is required").
 */

const TRUE_VALUES = new Set<unknown>([true, 'true', '1', 1, 'on']);
const FALSE_VALUES = new Set<unknown>([false, 'false', '0', 0, 'off']);

/** true/false, 'true'/'false', '1'/'0' (and 1/0, 'on'/'off'). */
export function formBoolean(field: FieldKey) {
  return z.preprocess(
    (value) => (TRUE_VALUES.has(value) ? true : FALSE_VALUES.has(value) ? false : value),
    z.boolean({ error: encodeMessage('field_not_boolean', { field }) }),
  );
}

const blankToNull = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? null : value;

/** A number of at least `min` (and at most `max`); '' or null clears it. */
export function optionalNumber(field: FieldKey, { min = 0, max = 1e9 }: { min?: number; max?: number } = {}) {
  return z.preprocess(
    (value) => {
      const v = blankToNull(value);
      return typeof v === 'string' ? Number(v.trim()) : v;
    },
    z
      .number({ error: encodeMessage('field_not_number', { field }) })
      .min(min, encodeMessage('field_min', { field, min }))
      .max(max, encodeMessage('field_max', { field, max }))
      .nullable(),
  );
}

/**
 * The `updated_at` of a record as the editor last read it. Sent back with a change, it makes the
 * change refused (409 changed_since_read) when someone else changed the record in between.
 */
export function versionField() {
  return z.iso.datetime({ offset: true, error: encodeMessage('field_not_moment', { field: 'updated_at' }) });
}

/** A record id: a positive whole number. */
export function idField(field: FieldKey) {
  return z.coerce
    .number({ error: encodeMessage('field_not_number', { field }) })
    .int(encodeMessage('field_not_whole', { field }))
    .positive(encodeMessage('field_not_positive', { field }));
}

/** An id that must be given: absent, '' or null answer `message` (an encoded message; "{field} is required"). */
export function requiredId(field: FieldKey, message = encodeMessage('field_required', { field })) {
  return z.preprocess(
    (value) => (blankToNull(value) === null ? undefined : value),
    z
      .unknown()
      .refine((value): boolean => value !== undefined, message)
      .pipe(idField(field)),
  );
}

/** An id that may be cleared with '' or null. */
export function optionalId(field: FieldKey) {
  return z.preprocess(blankToNull, idField(field).nullable());
}

/** Trimmed text; '' or null clears it (numbers are taken as text, e.g. an EAN sent as a number). */
export function optionalText(field: FieldKey, max = 255) {
  return z.preprocess(
    (value) => {
      const v = typeof value === 'number' ? String(value) : value;
      return typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : v;
    },
    z
      .string({ error: encodeMessage('field_not_text', { field }) })
      .max(max, encodeMessage('field_too_long', { field, max }))
      .nullable(),
  );
}

/** Trimmed text that must not be empty: "{field} is required". */
export function requiredText(field: FieldKey, max = 255) {
  return z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : value),
    z
      .string({ error: encodeMessage('field_required', { field }) })
      .min(1, encodeMessage('field_required', { field }))
      .max(max, encodeMessage('field_too_long', { field, max })),
  );
}

/** One of a fixed list; '' or null clears it. */
export function optionalChoice<const T extends readonly [string, ...string[]]>(field: FieldKey, values: T) {
  return z.preprocess(
    blankToNull,
    z.enum(values, { error: encodeMessage('field_one_of', { field, values: values.join(', ') }) }).nullable(),
  );
}

/**
 * A list sent as a JSON array, as JSON text in a form body, or as an object keyed by position
 * (`{ "0": {...}, "1": {...} }`, the nested-attributes style).
 */
export function jsonList<T extends z.ZodType>(item: T, field: FieldKey, max = 1000) {
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
    z
      .array(item, { error: encodeMessage('field_not_list', { field }) })
      .max(max, encodeMessage('field_list_max', { field, max })),
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
export function optionalDate(field: FieldKey) {
  return z.preprocess(
    (value) => {
      const v = blankToNull(value);
      return typeof v === 'string' ? v.trim() : v;
    },
    z
      .string({ error: encodeMessage('field_not_date', { field }) })
      .refine(isIsoDate, encodeMessage('field_not_date', { field }))
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
