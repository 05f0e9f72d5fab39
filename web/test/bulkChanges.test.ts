/** Edit Selected Devices sends only what was filled in. */
import { describe, expect, it } from 'vitest';
import { BULK_EMPTY, bulkChanges } from '../src/features/devices/bulkChanges.ts';

describe('bulkChanges', () => {
  it('sends nothing for an untouched form', () => {
    expect(bulkChanges(BULK_EMPTY)).toEqual({});
  });

  it('sends the filled fields: ids as numbers, archived as a boolean, text trimmed', () => {
    expect(
      bulkChanges({
        ...BULK_EMPTY,
        floor_id: '3',
        location_id: '12',
        status: 'Installed',
        archived: 'false',
        note: '  checked  ',
        purchase_date: '2026-03-14',
      }),
    ).toEqual({
      floor_id: 3,
      location_id: 12,
      status: 'Installed',
      archived: false,
      note: 'checked',
      purchase_date: '2026-03-14',
    });
  });
});
