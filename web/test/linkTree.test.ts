import type { DeviceDto, SiteDetail } from '@asbuilt/domain';
import { describe, expect, it } from 'vitest';
import { DEVICE_MATCH_LIMIT, linkTreeRows } from '../src/features/links/linkTree.ts';

const site = {
  id: 1,
  name: 'HQ',
  floors: [
    {
      id: 10,
      name: 'Ground floor',
      locations: [
        { id: 100, name: 'Server room' },
        { id: 101, name: 'Lobby' },
      ],
    },
    { id: 11, name: 'First floor', locations: [{ id: 110, name: 'Café' }] },
  ],
} as unknown as SiteDetail;

const device = (id: number, code: string, values: Partial<DeviceDto> = {}) =>
  ({
    id,
    code,
    name: null,
    product: null,
    archived: false,
    floor_id: 10,
    location_id: 100,
    ...values,
  }) as DeviceDto;

const devices = [
  device(1, 'SW-01'),
  device(2, 'CAM-01', { location_id: 101 }),
  device(3, 'AP-01', { floor_id: 11, location_id: null }),
  device(4, 'SW-OLD', { archived: true }),
];

const names = (rows: { name: string; depth: number }[]) => rows.map((r) => `${r.depth}:${r.name}`);

describe('the linked-item tree', () => {
  it('shows the site and its floors; locations and devices only under opened nodes', () => {
    expect(names(linkTreeRows(site, devices, '', new Set()).rows)).toEqual([
      '0:HQ',
      '1:Ground floor',
      '1:First floor',
    ]);
    const opened = linkTreeRows(site, devices, '', new Set(['Floor:10', 'Location:100'])).rows;
    expect(names(opened)).toEqual([
      '0:HQ',
      '1:Ground floor',
      '2:Server room',
      '3:SW-01',
      '2:Lobby',
      '1:First floor',
    ]);
    expect(opened.find((r) => r.name === 'Lobby')!.openable).toBe(true);
  });

  it('a search keeps the matches and the way to them, ignoring case and accents, never archived devices', () => {
    expect(names(linkTreeRows(site, devices, 'sw', new Set()).rows)).toEqual([
      '0:HQ',
      '1:Ground floor',
      '2:Server room',
      '3:SW-01',
    ]);
    expect(names(linkTreeRows(site, devices, 'CAFE', new Set()).rows)).toEqual([
      '0:HQ',
      '1:First floor',
      '2:Café',
    ]);
    expect(names(linkTreeRows(site, devices, 'ap-', new Set()).rows)).toEqual([
      '0:HQ',
      '1:First floor',
      '2:AP-01',
    ]);
  });

  it('caps device matches on a big site and says how many are left out', () => {
    const many = Array.from({ length: 20_000 }, (_, i) => device(10 + i, `CAM-${i}`));
    const tree = linkTreeRows(site, many, 'cam', new Set());
    expect(tree.rows.filter((r) => r.kind === 'device')).toHaveLength(DEVICE_MATCH_LIMIT);
    expect(tree.hiddenDevices).toBe(20_000 - DEVICE_MATCH_LIMIT);
  });
});
