import { describe, expect, it } from 'vitest';
import { POLYGON_MAX_POINTS } from '../src/geometry.ts';
import { decodeMessage } from '../src/i18n/messages.ts';
import { deviceUpdateSchema } from '../src/schemas/device.ts';
import { deviceColumnKey, deviceHeadersSchema, numberStatuses } from '../src/schemas/site.ts';
import {
  floorUpdateSchema,
  locationCreateSchema,
  polygonField,
  spatialDeleteQuerySchema,
  transformField,
  zoneCreateSchema,
} from '../src/schemas/spatial.ts';

const codes = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => decodeMessage(i.message)?.code) ?? [];

describe('polygon and transform fields', () => {
  it('normalise a polygon and clear it with "" or null', () => {
    expect(polygonField.parse(' 1,2  3.456,4\n5,6 ')).toBe('1,2 3.46,4 5,6');
    expect(polygonField.parse('')).toBeNull();
    expect(polygonField.parse(null)).toBeNull();
  });

  it('name the problem of a bad polygon', () => {
    expect(codes(polygonField.safeParse('1,2 3,4'))).toEqual(['polygon_too_few_points']);
    expect(codes(polygonField.safeParse('1,2 3,4 a,b'))).toEqual(['polygon_bad_point']);
    const many = Array.from({ length: POLYGON_MAX_POINTS + 1 }, (_, i) => `${i},0`).join(' ');
    expect(codes(polygonField.safeParse(many))).toEqual(['polygon_too_many_points']);
    expect(codes(polygonField.safeParse(12))).toEqual(['field_not_text']);
  });

  it('normalise a transform and refuse anything else', () => {
    expect(transformField.parse('translate( 10 , 20 ) scale(0.5)')).toBe('translate(10,20) scale(0.5)');
    expect(transformField.parse('')).toBeNull();
    expect(codes(transformField.safeParse('scale(2)'))).toEqual(['transform_invalid']);
    expect(codes(transformField.safeParse('translate(1,1) scale(-1)'))).toEqual(['transform_invalid']);
  });
});

describe('spatial bodies', () => {
  it('match a location type in any case and refuse unknown ones', () => {
    expect(
      locationCreateSchema.parse({ floor_id: '3', name: 'A', location_type: 'OUTDOOR AREA' }),
    ).toMatchObject({
      floor_id: 3,
      location_type: 'outdoor area',
    });
    expect(codes(locationCreateSchema.safeParse({ floor_id: 3, name: 'A', location_type: 'attic' }))).toEqual(
      ['field_one_of'],
    );
  });

  it('need something to change, a zone’s floor or site, and a boolean move_devices', () => {
    expect(codes(floorUpdateSchema.safeParse({ id: 1 }))).toEqual(['nothing_to_change']);
    expect(codes(zoneCreateSchema.safeParse({ name: 'Z' }))).toEqual(['zone_floor_or_site']);
    expect(spatialDeleteQuerySchema.parse({ id: '4' })).toEqual({ id: 4, move_devices: false });
    expect(spatialDeleteQuerySchema.parse({ id: '4', move_devices: 'true' })).toEqual({
      id: 4,
      move_devices: true,
    });
    expect(codes(spatialDeleteQuerySchema.safeParse({ id: '4', move_devices: 'yes please' }))).toEqual([
      'field_not_boolean',
    ]);
  });
});

describe('device plan fields', () => {
  it('give a plan change beside the other changes', () => {
    expect(deviceUpdateSchema.parse({ id: 1, plan_x: '1.5', plan_y: 2, on_plan: 'true' })).toEqual({
      id: 1,
      site_id: undefined,
      changes: {},
      plan: { on_plan: true, plan_x: 1.5, plan_y: 2 },
    });
    expect(deviceUpdateSchema.parse({ id: 1, plan_x: 1, plan_y: 2 }).plan).toEqual({
      on_plan: true,
      plan_x: 1,
      plan_y: 2,
    });
    expect(deviceUpdateSchema.parse({ id: 1, on_plan: false }).plan).toEqual({ on_plan: false });
    expect(deviceUpdateSchema.parse({ id: 1, note: 'x' }).plan).toBeUndefined();
  });

  it('refuse half a position, a position with on_plan false, and numbers out of range', () => {
    expect(codes(deviceUpdateSchema.safeParse({ id: 1, plan_x: 1 }))).toEqual(['plan_position_required']);
    expect(codes(deviceUpdateSchema.safeParse({ id: 1, on_plan: true }))).toEqual(['plan_position_required']);
    expect(codes(deviceUpdateSchema.safeParse({ id: 1, on_plan: false, plan_y: 1 }))).toEqual([
      'plan_position_off_plan',
    ]);
    expect(codes(deviceUpdateSchema.safeParse({ id: 1, plan_x: 1e8, plan_y: 1 }))).toContain('field_max');
    expect(codes(deviceUpdateSchema.safeParse({ id: 1, plan_x: 'x', plan_y: 1 }))).toContain(
      'field_not_number',
    );
  });
});

describe('device headers and statuses', () => {
  it('take column keys or their labels in en, fr and nl, in any case', () => {
    expect(deviceColumnKey('Image')).toBe('image');
    expect(deviceColumnKey('serial number')).toBe('sn');
    expect(deviceColumnKey('  Numéro de série ')).toBe('sn');
    expect(deviceColumnKey('SERIENUMMER')).toBe('sn');
    expect(deviceColumnKey('Warranty Expires')).toBe('warranty_expiration_date');
    expect(deviceColumnKey('nonsense')).toBeUndefined();
    expect(deviceHeadersSchema.parse(['Image', 'image', 'Status', 'zone'])).toEqual([
      'image',
      'status',
      'zone',
    ]);
    expect(codes(deviceHeadersSchema.safeParse(['Image', 'Nope']))).toEqual(['unknown_column']);
  });

  it('number new statuses after the highest id of the site and of the list', () => {
    expect(
      numberStatuses(
        [
          { id: 2, name: 'B', color: '#222' },
          { name: 'New', color: '#333' },
          { name: 'Newer', color: '#444' },
        ],
        [
          { id: 2, name: 'B', color: '#222' },
          { id: 9, name: 'Gone', color: '#999' },
        ],
      ),
    ).toEqual([
      { id: 2, name: 'B', color: '#222' },
      { id: 10, name: 'New', color: '#333' },
      { id: 11, name: 'Newer', color: '#444' },
    ]);
  });
});
