import { describe, expect, it } from 'vitest';
import { type DeviceLabelChoice, deviceLabelsBody, startAtOf } from '../src/features/labels/labelRequest.ts';

const choice = (values: Partial<DeviceLabelChoice> = {}): DeviceLabelChoice => ({
  scope: 'selection',
  selectedIds: [4, 2, 9],
  floorId: 11,
  locationId: 21,
  format: 'L7651',
  startAt: '1',
  fields: ['name', 'location'],
  ...values,
});

describe('the labels dialog’s request', () => {
  it('names the devices by the scope chosen, one scope only', () => {
    expect(deviceLabelsBody(7, choice())).toEqual({
      site_id: 7,
      ids: [4, 2, 9],
      format: 'L7651',
      start_at: 1,
      fields: ['name', 'location'],
    });
    expect(deviceLabelsBody(7, choice({ scope: 'floor' }))).toMatchObject({ floor_id: 11 });
    expect(deviceLabelsBody(7, choice({ scope: 'floor' }))).not.toHaveProperty('ids');
    expect(deviceLabelsBody(7, choice({ scope: 'location' }))).toMatchObject({ location_id: 21 });
    expect(deviceLabelsBody(7, choice({ scope: 'site' }))).toMatchObject({ all: true });
  });

  it('waits for a choice that is complete', () => {
    expect(deviceLabelsBody(7, choice({ selectedIds: [] }))).toBeNull();
    expect(deviceLabelsBody(7, choice({ scope: 'floor', floorId: null }))).toBeNull();
    expect(deviceLabelsBody(7, choice({ scope: 'location', locationId: null }))).toBeNull();
    expect(deviceLabelsBody(7, choice({ startAt: '66' }))).toBeNull();
  });

  it('takes a first free label within the sheet; a roll always starts at its first', () => {
    expect(startAtOf('L7651', '')).toBe(1);
    expect(startAtOf('L7651', '65')).toBe(65);
    expect(startAtOf('L7651', '66')).toBeNull();
    expect(startAtOf('L7651', '0')).toBeNull();
    expect(startAtOf('L7651', '2.5')).toBeNull();
    expect(startAtOf('L4732', '80')).toBe(80);
    expect(startAtOf('5160', '31')).toBeNull();
    expect(startAtOf('62mm', '12')).toBe(1);
    expect(startAtOf('54x25', 'abc')).toBe(1);
  });
});
