import type { CustomFieldDto, SheetContent } from '@asbuilt/domain';
import { describe, expect, it } from 'vitest';
import { autoMapImportColumns, importPayload } from '../src/features/customFields/importColumns.ts';

const field = (id: number, name: string, labels: CustomFieldDto['labels'] = {}): CustomFieldDto =>
  ({
    id,
    name,
    labels,
    type: 'text',
    applies_to: 'devices',
    procat_ids: [],
    required: false,
    default: null,
    options: [],
    position: id,
  }) as unknown as CustomFieldDto;

const FIELDS = [field(4, 'Firmware', { fr: 'Micrologiciel' }), field(9, 'Fire zone')];

const content: SheetContent = {
  headers: ['Code', 'micrologiciel', 'FW', 'Fire zone', 'Note'],
  rows: [
    { row: 2, values: { Code: 'A-1', micrologiciel: '1.2', FW: '9', 'Fire zone': 'Z1', Note: 'x' } },
    { row: 3, values: { Code: 'A-2', FW: '10' } },
  ],
};

describe('device import columns with custom fields', () => {
  it("maps a column headed by a field's name or label to it, each field once, the device's own fields first", () => {
    expect(autoMapImportColumns(content.headers, FIELDS)).toEqual({
      Code: 'code',
      micrologiciel: 'cf_4',
      FW: null,
      'Fire zone': 'cf_9',
      Note: 'note',
    });
    expect(autoMapImportColumns(['Firmware', 'firmware'], FIELDS)).toEqual({
      Firmware: 'cf_4',
      firmware: null,
    });
  });

  it("sends each mapped custom field under the field's name with the file's header, a skipped one not at all", () => {
    const payload = importPayload(
      content,
      { Code: 'code', micrologiciel: null, FW: 'cf_4', 'Fire zone': 'cf_9', Note: null },
      FIELDS,
    );
    expect(payload.rows).toEqual([
      { row: 2, values: { code: 'A-1' }, custom_fields: { Firmware: '9', 'Fire zone': 'Z1' } },
      { row: 3, values: { code: 'A-2' }, custom_fields: { Firmware: '10', 'Fire zone': '' } },
    ]);
    expect(payload.headers).toEqual({ code: 'Code' });
    expect(payload.custom_headers).toEqual({ Firmware: 'FW' });
  });

  it('leaves out a column mapped to a field since deleted, and sends no custom values when none is mapped', () => {
    const payload = importPayload(content, { Code: 'code', FW: 'cf_77' }, FIELDS);
    expect(payload.rows[0]).toEqual({ row: 2, values: { code: 'A-1' } });
    expect(payload).not.toHaveProperty('custom_headers');
  });
});
