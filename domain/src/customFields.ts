/**
 * Custom fields (issue 43): the value rules shared by the server (which enforces them) and the web
 * (which checks a value before sending it). A value is stored and sent under the field's id as
 * text, a number or a boolean; dates are `YYYY-MM-DD` text. Blank ('' or null) clears a value.
 */

import type { Language } from './i18n/languages.ts';
import type { ErrorCode, Message } from './i18n/messages.ts';
import { message } from './i18n/messages.ts';
import { isIsoDate } from './schemas/form.ts';

export const CUSTOM_FIELD_TYPES = ['text', 'number', 'date', 'boolean', 'choice', 'url'] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

export const CUSTOM_FIELD_TARGETS = ['devices', 'sites', 'locations'] as const;
export type CustomFieldTarget = (typeof CUSTOM_FIELD_TARGETS)[number];

export type CustomFieldValue = string | number | boolean;
export type CustomFieldValues = Record<string, CustomFieldValue>;

/** The longest text a value may hold (a licence key, a certificate number, a short remark). */
export const CUSTOM_FIELD_TEXT_MAX = 2000;
export const CUSTOM_FIELD_NAME_MAX = 100;
export const CUSTOM_FIELD_OPTIONS_MAX = 200;
/** Devices-page column keys of custom fields: `cf_<field id>`. */
export const CUSTOM_FIELD_COLUMN = /^cf_([1-9]\d{0,9})$/;

export interface CustomFieldRule {
  id: number;
  name: string;
  type: CustomFieldType;
  applies_to: CustomFieldTarget;
  procat_ids: number[];
  required: boolean;
  default: CustomFieldValue | null;
  options: string[];
}

export type ParsedValue = { value: CustomFieldValue | null } | { problem: ErrorCode };

const TRUE_WORDS = new Set(['true', '1', 'yes', 'y', 'on', 'oui', 'ja', 'x']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'n', 'off', 'non', 'nee']);

/** `12`, `12.5`, `-3`, `1e3` and a decimal comma (`12,5`) read as numbers; anything else is not one. */
function readNumber(text: string): number | null {
  const normalised = /^-?\d+,\d+$/.test(text) ? text.replace(',', '.') : text;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(normalised)) return null;
  const value = Number(normalised);
  return Number.isFinite(value) ? value : null;
}

function isWebUrl(text: string): boolean {
  if (!/^https?:\/\//i.test(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * One value read by the field's type: `{ value }` (null when blank) or `{ problem }` with the
 * code that says what is wrong. Text, numbers and booleans are taken in any of those forms where
 * they read unambiguously (a spreadsheet's `12`, a form's `"true"`).
 */
export function parseCustomFieldValue(
  field: Pick<CustomFieldRule, 'type' | 'options'>,
  raw: unknown,
): ParsedValue {
  if (raw === null || raw === undefined) return { value: null };
  if (typeof raw === 'object' || typeof raw === 'function' || typeof raw === 'symbol') {
    return { problem: 'custom_field_not_value' };
  }
  if (typeof raw === 'number' && !Number.isFinite(raw)) return { problem: 'custom_field_not_number' };
  const text = String(raw).trim();
  if (text === '') return { value: null };
  switch (field.type) {
    case 'text':
      return text.length > CUSTOM_FIELD_TEXT_MAX ? { problem: 'custom_field_too_long' } : { value: text };
    case 'number': {
      const value = typeof raw === 'number' ? raw : readNumber(text);
      return value === null ? { problem: 'custom_field_not_number' } : { value };
    }
    case 'date':
      return isIsoDate(text) ? { value: text } : { problem: 'custom_field_not_date' };
    case 'boolean': {
      const word = text.toLowerCase();
      if (TRUE_WORDS.has(word)) return { value: true };
      if (FALSE_WORDS.has(word)) return { value: false };
      return { problem: 'custom_field_not_boolean' };
    }
    case 'choice': {
      const option = field.options.find((o) => o.toLowerCase() === text.toLowerCase());
      return option === undefined ? { problem: 'custom_field_not_option' } : { value: option };
    }
    case 'url':
      return text.length <= CUSTOM_FIELD_TEXT_MAX && isWebUrl(text)
        ? { value: text }
        : { problem: 'custom_field_not_url' };
  }
}

/** Whether the field belongs on an object of `target` (a device of category `procatId`). */
export function customFieldApplies(
  field: Pick<CustomFieldRule, 'applies_to' | 'procat_ids'>,
  target: CustomFieldTarget,
  procatId?: number | null,
): boolean {
  if (field.applies_to !== target) return false;
  if (target !== 'devices' || field.procat_ids.length === 0) return true;
  return procatId != null && field.procat_ids.includes(procatId);
}

/** A value's problem as a message naming the field. */
function problemMessage(code: ErrorCode, field: Pick<CustomFieldRule, 'name' | 'options'>): Message {
  return code === 'custom_field_not_option'
    ? message(code, { name: field.name, options: field.options.join(', ') })
    : code === 'custom_field_too_long'
      ? message(code, { name: field.name, max: CUSTOM_FIELD_TEXT_MAX })
      : message(code, { name: field.name });
}

export interface ValuesChange {
  /** The object's values after the change (blank values left out). */
  values: CustomFieldValues;
  problems: Message[];
  /** Whether the values differ from the current ones. */
  changed: boolean;
}

/**
 * An object's values after `sent` (null when the body names none) is applied to `current`: every
 * id sent must be one of `fields` (the tenant's fields for this kind of object) that applies to
 * this object, every value must read by its type, and every required field that applies must end
 * up with a value (its default fills it in). A new object (`creating`) takes every default.
 * Values of fields that no longer apply are kept: a category change must not lose them.
 */
export function applyCustomFieldValues(
  fields: readonly CustomFieldRule[],
  target: CustomFieldTarget,
  current: CustomFieldValues,
  sent: Record<string, unknown> | null | undefined,
  { creating = false, procatId }: { creating?: boolean; procatId?: number | null } = {},
): ValuesChange {
  const problems: Message[] = [];
  const values: CustomFieldValues = { ...current };
  const byId = new Map(fields.map((field) => [String(field.id), field]));
  for (const [id, raw] of Object.entries(sent ?? {})) {
    const field = byId.get(id);
    if (!field || field.applies_to !== target) {
      problems.push(message('custom_field_unknown', { id }));
      continue;
    }
    if (!customFieldApplies(field, target, procatId)) {
      problems.push(message('custom_field_not_for_category', { name: field.name }));
      continue;
    }
    const parsed = parseCustomFieldValue(field, raw);
    if ('problem' in parsed) problems.push(problemMessage(parsed.problem, field));
    else if (parsed.value === null) delete values[id];
    else values[id] = parsed.value;
  }
  if (creating || sent) {
    for (const field of fields) {
      const id = String(field.id);
      if (!customFieldApplies(field, target, procatId) || values[id] !== undefined) continue;
      if (field.default !== null && (creating || field.required)) values[id] = field.default;
      else if (field.required) problems.push(message('custom_field_required', { name: field.name }));
    }
  }
  return { values, problems, changed: !sameValues(current, values) };
}

export function sameValues(a: CustomFieldValues, b: CustomFieldValues): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => a[key] === b[key]);
}

/**
 * A value read again under a new type and options (a type change): the converted value, or null
 * when it does not fit. Booleans become yes/no text as the words `true`/`false`.
 */
export function convertCustomFieldValue(
  value: CustomFieldValue,
  to: Pick<CustomFieldRule, 'type' | 'options'>,
): CustomFieldValue | null {
  const parsed = parseCustomFieldValue(to, value);
  return 'problem' in parsed ? null : parsed.value;
}

/** A field's name in the reader's language: its label when one is given, else its name. */
export function customFieldLabel(
  field: { name: string; labels: Partial<Record<Language, string>> },
  language: string,
): string {
  return field.labels[language as Language]?.trim() || field.name;
}

/** A value as a screen or a spreadsheet shows it (booleans as the words given). */
export function customFieldText(
  value: CustomFieldValue | null | undefined,
  words: { yes: string; no: string } = { yes: 'Yes', no: 'No' },
): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  return String(value);
}

/** The field id of a devices-page column key `cf_<id>`, or null. */
export function customFieldColumnId(key: string): number | null {
  const match = CUSTOM_FIELD_COLUMN.exec(key);
  return match ? Number(match[1]) : null;
}

export const customFieldColumnKey = (id: number) => `cf_${id}`;
