/** The racks page's arithmetic: what may go in a rack, the groups, the U under the pointer, the drops. */
import { type ListedDevice, type RackDto, type SiteDetail, unitRangeLabel } from '@asbuilt/domain';
import { describe, expect, it } from 'vitest';
import {
  dropRefusal,
  faceHints,
  mountableDevices,
  movedSlot,
  placeChoices,
  rackDeviceLabel,
  racksByLocation,
  refusalMessage,
  unitAt,
  unplacedDevices,
} from '../src/features/racks/rackLayout.ts';

const device = (id: number, productId: number, extra: Partial<ListedDevice> = {}) =>
  ({
    id,
    product_id: productId,
    code: `D-${id}`,
    name: null,
    archived: false,
    location_id: null,
    product: { id: productId, name: `Product ${productId}` },
    ...extra,
  }) as unknown as ListedDevice;

const PRODUCTS = [
  { id: 1, rack_mounted: true, rack_units: 1 },
  { id: 2, rack_mounted: true, rack_units: 2 },
  { id: 3, rack_mounted: false, rack_units: null },
  { id: 4, rack_mounted: true, rack_units: 1.5 },
];

const rack = (id: number, extra: Partial<RackDto> = {}): RackDto => ({
  id,
  site_id: 1,
  location_id: 10,
  name: `Rack ${id}`,
  u_height: 42,
  numbering: 'bottom_up',
  devices: [],
  created_at: '',
  updated_at: '',
  ...extra,
});

describe('mountable and unplaced devices', () => {
  const devices = [
    device(1, 1, { code: 'SW-10' }),
    device(2, 2, { code: 'SW-9' }),
    device(3, 3),
    device(4, 4),
    device(5, 1, { archived: true }),
  ];
  const mountable = mountableDevices(devices, PRODUCTS);

  it('keeps the devices of rack-mounted products, not archived, with the Us they fill', () => {
    expect([...mountable.keys()]).toEqual([1, 2, 4]);
    expect(mountable.get(2)?.units).toBe(2);
    // A half U blocks the next one.
    expect(mountable.get(4)?.units).toBe(2);
  });

  it('lists those in no rack, by code in natural order', () => {
    const racks = [rack(1, { devices: [{ device_id: 4, rack_u: 1, rack_face: 'front', units: 2 }] })];
    expect(unplacedDevices(mountable, racks).map((m) => m.device.code)).toEqual(['SW-9', 'SW-10']);
  });

  it('names a device by its code, else its name, else its product', () => {
    expect(rackDeviceLabel(device(1, 1))).toBe('D-1');
    expect(rackDeviceLabel(device(1, 1, { code: null, name: 'Core' }))).toBe('Core');
    expect(rackDeviceLabel(device(1, 7, { code: null }))).toBe('Product 7');
  });
});

describe('racksByLocation', () => {
  const site = {
    floors: [
      {
        id: 1,
        name: 'Ground',
        locations: [
          { id: 11, name: 'Hall' },
          { id: 10, name: 'Server Room' },
        ],
      },
      { id: 2, name: 'Roof', locations: [{ id: 20, name: 'Plant' }] },
    ],
  } as unknown as Pick<SiteDetail, 'floors'>;

  it('groups racks by room in the site order, racks by name, unknown rooms last', () => {
    const groups = racksByLocation(
      [
        rack(1, { name: 'Rack B', location_id: 10 }),
        rack(2, { name: 'Rack A', location_id: 10 }),
        rack(3, { location_id: 20 }),
        rack(4, { location_id: 99 }),
      ],
      site,
    );
    expect(groups.map((g) => [g.location, g.floor, g.racks.map((r) => r.name)])).toEqual([
      ['Server Room', 'Ground', ['Rack A', 'Rack B']],
      ['Plant', 'Roof', ['Rack 3']],
      ['#99', null, ['Rack 4']],
    ]);
  });
});

describe('the U under the pointer', () => {
  it('counts from the bottom edge and stays inside the rack', () => {
    expect(unitAt(0, 18, 42)).toBe(1);
    expect(unitAt(17.9, 18, 42)).toBe(1);
    expect(unitAt(18, 18, 42)).toBe(2);
    expect(unitAt(-5, 18, 42)).toBe(1);
    expect(unitAt(42 * 18 + 3, 18, 42)).toBe(42);
  });
});

describe('drops and hints', () => {
  const full = rack(1, {
    u_height: 12,
    devices: [
      { device_id: 7, rack_u: 10, rack_face: 'front', units: 1 },
      { device_id: 8, rack_u: 1, rack_face: 'front', units: 2 },
    ],
  });

  it('refuses a 2 U device overlapping another on the same face, not on the other face', () => {
    expect(dropRefusal(full, 9, 2, 'front', 9)).toEqual({ code: 'rack_overlap', device_id: 7, rack_u: 10 });
    expect(dropRefusal(full, 9, 2, 'rear', 9)).toBeNull();
    expect(dropRefusal(full, 9, 2, 'front', 12)).toMatchObject({ code: 'rack_past_top', top: 13 });
  });

  it('lets a device move within its own Us', () => {
    expect(dropRefusal(full, 8, 2, 'front', 2)).toBeNull();
  });

  it('tints the free lowest Us and outlines the footprint under the pointer', () => {
    const drag = { deviceId: 9, units: 2, target: { rackId: 1, face: 'front' as const, u: 9 } };
    const hints = faceHints(full, 'front', drag);
    expect([...hints.free]).toEqual([3, 4, 5, 6, 7, 8, 11]);
    expect(hints.footprint).toEqual({ from: 9, to: 10, fits: false });
    expect(faceHints(full, 'rear', drag).footprint).toBeNull();
    expect(faceHints(full, 'front', { ...drag, target: 'out' }).footprint).toBeNull();
  });

  it('says the refusal with the device in the way and the U as the rack numbers it', () => {
    const refusal = dropRefusal(full, 9, 2, 'front', 9)!;
    const topDown = { ...full, numbering: 'top_down' as const };
    expect(refusalMessage(refusal, topDown, (id) => `SW-${id}`)).toEqual({
      code: 'rack_overlap',
      params: { device: 'SW-7', u: 3 },
    });
  });
});

describe('Place at U', () => {
  it('offers the free Us of the face, labelled in the rack numbering', () => {
    const r = rack(1, { u_height: 4, devices: [{ device_id: 7, rack_u: 3, rack_face: 'front', units: 1 }] });
    expect(placeChoices(r, 9, 1, 'front').map((c) => c.label)).toEqual(['1', '2', '4']);
    expect(placeChoices(r, 9, 2, 'front').map((c) => c.label)).toEqual(['1–2']);
    expect(placeChoices({ ...r, numbering: 'top_down' }, 9, 2, 'front')).toEqual([{ u: 1, label: '3–4' }]);
    // The device itself does not block its own move.
    expect(placeChoices(r, 7, 1, 'front').map((c) => c.u)).toEqual([1, 2, 3, 4]);
  });

  it('labels a range from its lowest label', () => {
    expect(unitRangeLabel(10, 1, 42, 'bottom_up')).toBe('10');
    expect(unitRangeLabel(10, 2, 42, 'top_down')).toBe('32–33');
  });
});

describe('movedSlot', () => {
  const racks = [
    rack(1, { devices: [{ device_id: 7, rack_u: 10, rack_face: 'front', units: 1 }] }),
    rack(2, { devices: [{ device_id: 8, rack_u: 5, rack_face: 'rear', units: 2 }] }),
  ];

  it('moves a device to another rack and U at once, leaving the other racks as they were', () => {
    const moved = movedSlot(racks, 7, 1, { rackId: 2, face: 'rear', u: 1 });
    expect(moved[0]!.devices).toEqual([]);
    expect(moved[1]!.devices.map((s) => [s.device_id, s.rack_u])).toEqual([
      [7, 1],
      [8, 5],
    ]);
    expect(movedSlot(racks, 8, 2, { rackId: 2, face: 'rear', u: 7 })[0]).toBe(racks[0]);
  });

  it('takes a device out of its rack', () => {
    expect(movedSlot(racks, 8, 2, null)[1]!.devices).toEqual([]);
  });
});
