import { describe, expect, it } from 'vitest';
import {
  applyCustomFieldValues,
  type CustomFieldRule,
  convertCustomFieldValue,
  customFieldApplies,
  customFieldColumnId,
  customFieldLabel,
  parseCustomFieldValue,
} from '../src/customFields.ts';
import { visibleDeviceHeaders } from '../src/devices.ts';
import { customFieldCreateSchema } from '../src/schemas/customField.ts';
import { deviceHeadersSchema } from '../src/schemas/site.ts';

const rule = (id: number, values: Partial<CustomFieldRule> = {}): CustomFieldRule => ({
  id,
  name: `Field ${id}`,
  type: 'text',
  applies_to: 'devices',
  procat_ids: [],
  required: false,
  default: null,
  options: [],
  ...values,
});

const parse = (type: CustomFieldRule['type'], raw: unknown, options: string[] = []) =>
  parseCustomFieldValue({ type, options }, raw);

describe('parseCustomFieldValue', () => {
  it('reads text trimmed, and refuses text over 2,000 characters', () => {
    expect(parse('text', '  v2 ')).toEqual({ value: 'v2' });
    expect(parse('text', 12)).toEqual({ value: '12' });
    expect(parse('text', 'x'.repeat(2001))).toEqual({ problem: 'custom_field_too_long' });
  });

  it('reads blanks as cleared and refuses objects', () => {
    expect(parse('number', '')).toEqual({ value: null });
    expect(parse('date', null)).toEqual({ value: null });
    expect(parse('text', { a: 1 })).toEqual({ problem: 'custom_field_not_value' });
    expect(parse('text', ['a'])).toEqual({ problem: 'custom_field_not_value' });
  });

  it('reads numbers, a decimal comma included, and nothing else', () => {
    expect(parse('number', '42')).toEqual({ value: 42 });
    expect(parse('number', '-3.5')).toEqual({ value: -3.5 });
    expect(parse('number', '12,5')).toEqual({ value: 12.5 });
    expect(parse('number', 7)).toEqual({ value: 7 });
    for (const bad of ['twelve', '1.2.3', '12 kg', '0x10', Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(parse('number', bad), String(bad)).toEqual({ problem: 'custom_field_not_number' });
    }
  });

  it('reads dates as real days written YYYY-MM-DD', () => {
    expect(parse('date', '2026-02-28')).toEqual({ value: '2026-02-28' });
    for (const bad of ['2026-02-30', '28/02/2026', '2026-2-28', 'tomorrow']) {
      expect(parse('date', bad), bad).toEqual({ problem: 'custom_field_not_date' });
    }
  });

  it('reads yes/no in the forms a form or a sheet sends', () => {
    for (const yes of [true, 'true', 'Yes', '1', 'oui', 'ja'])
      expect(parse('boolean', yes)).toEqual({ value: true });
    for (const no of [false, 'false', 'no', '0', 'non', 'Nee'])
      expect(parse('boolean', no)).toEqual({ value: false });
    expect(parse('boolean', 'maybe')).toEqual({ problem: 'custom_field_not_boolean' });
  });

  it('reads a choice as the option it names, whatever its case', () => {
    expect(parse('choice', 'green', ['Red', 'Green'])).toEqual({ value: 'Green' });
    expect(parse('choice', 'Blue', ['Red', 'Green'])).toEqual({ problem: 'custom_field_not_option' });
  });

  it('takes only http and https addresses', () => {
    expect(parse('url', 'https://example.com/a?b=1')).toEqual({ value: 'https://example.com/a?b=1' });
    expect(parse('url', 'HTTP://example.com')).toEqual({ value: 'HTTP://example.com' });
    for (const bad of [
      'javascript:alert(1)',
      'ftp://example.com',
      'example.com',
      'https://',
      'data:text/html,x',
    ]) {
      expect(parse('url', bad), bad).toEqual({ problem: 'custom_field_not_url' });
    }
  });
});

describe('applyCustomFieldValues', () => {
  const fields = [
    rule(1),
    rule(2, { type: 'number', required: true }),
    rule(3, { type: 'choice', options: ['A', 'B'], default: 'A' }),
    rule(4, { applies_to: 'sites' }),
    rule(5, { procat_ids: [9] }),
  ];

  it('merges the values sent into the current ones, null clearing one', () => {
    const result = applyCustomFieldValues(fields, 'devices', { '1': 'old', '2': 5 }, { '1': null, '3': 'b' });
    expect(result).toEqual({ values: { '2': 5, '3': 'B' }, problems: [], changed: true });
  });

  it('fills defaults on a new object and names each missing required field', () => {
    const created = applyCustomFieldValues(fields, 'devices', {}, { '2': '1' }, { creating: true });
    expect(created.values).toEqual({ '2': 1, '3': 'A' });
    const missing = applyCustomFieldValues(fields, 'devices', {}, {}, { creating: true });
    expect(missing.problems).toEqual([{ code: 'custom_field_required', params: { name: 'Field 2' } }]);
  });

  it('checks required fields on an update that sends values, not on one that sends none', () => {
    const cleared = applyCustomFieldValues(fields, 'devices', { '2': 5 }, { '2': '' });
    expect(cleared.problems.map((p) => p.code)).toEqual(['custom_field_required']);
    expect(applyCustomFieldValues(fields, 'devices', {}, undefined).problems).toEqual([]);
  });

  it("refuses unknown ids, another kind's fields and fields of other categories", () => {
    const result = applyCustomFieldValues(
      fields,
      'devices',
      { '2': 1 },
      { '99': 'x', '4': 'x', '5': 'x' },
      {
        procatId: 3,
      },
    );
    expect(result.problems).toEqual([
      // Object keys that are numbers come in numeric order.
      { code: 'custom_field_unknown', params: { id: '4' } },
      { code: 'custom_field_not_for_category', params: { name: 'Field 5' } },
      { code: 'custom_field_unknown', params: { id: '99' } },
    ]);
    const onCategory = applyCustomFieldValues(fields, 'devices', { '2': 1 }, { '5': 'x' }, { procatId: 9 });
    expect(onCategory.problems).toEqual([]);
  });

  it('says unchanged when the values sent are those held', () => {
    expect(applyCustomFieldValues(fields, 'devices', { '2': 5 }, { '2': '5' }).changed).toBe(false);
  });
});

describe('type changes and helpers', () => {
  it('converts what fits the new type and gives null for what does not', () => {
    expect(convertCustomFieldValue('12,5', { type: 'number', options: [] })).toBe(12.5);
    expect(convertCustomFieldValue('heavy', { type: 'number', options: [] })).toBeNull();
    expect(convertCustomFieldValue(true, { type: 'text', options: [] })).toBe('true');
    expect(convertCustomFieldValue(7, { type: 'choice', options: ['7'] })).toBe('7');
    expect(convertCustomFieldValue('2026-01-31', { type: 'date', options: [] })).toBe('2026-01-31');
  });

  it('limits device fields to their categories; other kinds apply everywhere', () => {
    expect(customFieldApplies(rule(1, { procat_ids: [9] }), 'devices', 9)).toBe(true);
    expect(customFieldApplies(rule(1, { procat_ids: [9] }), 'devices', null)).toBe(false);
    expect(customFieldApplies(rule(1, { applies_to: 'sites' }), 'devices', 9)).toBe(false);
  });

  it('names a field by its label in the language, else its name', () => {
    const field = { name: 'Firmware', labels: { fr: 'Micrologiciel', nl: ' ' } };
    expect(customFieldLabel(field, 'fr')).toBe('Micrologiciel');
    expect(customFieldLabel(field, 'nl')).toBe('Firmware');
  });

  it('keeps custom field columns among the visible headers', () => {
    expect(customFieldColumnId('cf_12')).toBe(12);
    expect(customFieldColumnId('cf_0')).toBeNull();
    expect(visibleDeviceHeaders(['code', 'cf_12', 'cf_x'])).toEqual(['code', 'cf_12']);
    expect(deviceHeadersSchema.parse(['Code', 'cf_3'])).toEqual(['code', 'cf_3']);
    expect(deviceHeadersSchema.safeParse(['cf_abc']).success).toBe(false);
  });

  it('refuses a choice without options and a default of the wrong type', () => {
    const base = { name: 'X', applies_to: 'devices' };
    expect(customFieldCreateSchema.safeParse({ ...base, type: 'choice' }).success).toBe(false);
    expect(customFieldCreateSchema.safeParse({ ...base, type: 'date', default: '31/01/2026' }).success).toBe(
      false,
    );
    expect(customFieldCreateSchema.safeParse({ ...base, type: 'date', default: '2026-01-31' }).success).toBe(
      true,
    );
  });
});
