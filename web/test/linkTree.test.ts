import type { DeviceDto, SiteDetail } from '@asbuilt/domain';
import { describe, expect, it } from 'vitest';
import {
  DEVICE_MATCH_LIMIT,
  DEVICES_PER_NODE,
  type LinkTreeRow,
  linkPath,
  linkTreeRows,
  revealKeys,
} from '../src/features/links/linkTree.ts';

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

const names = (rows: LinkTreeRow[]) =>
  rows.map((r) => (r.kind === 'more' ? `${r.depth}:+${r.count}` : `${r.depth}:${r.name}`));

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
    expect(opened.find((r) => r.key === 'Location:101')).toMatchObject({ name: 'Lobby', openable: true });
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

  it('opens at most DEVICES_PER_NODE devices under a node, counts the rest, and keeps the chosen one', () => {
    const many = Array.from({ length: 20_000 }, (_, i) => device(10 + i, `CAM-${i}`));
    const open = new Set(['Floor:10', 'Location:100']);
    const tree = linkTreeRows(site, many, '', open);
    expect(tree.rows.filter((r) => r.kind === 'device')).toHaveLength(DEVICES_PER_NODE);
    expect(tree.rows.find((r) => r.kind === 'more')).toMatchObject({
      depth: 3,
      count: 20_000 - DEVICES_PER_NODE,
    });
    const chosen = linkTreeRows(site, many, '', open, 'Device:15000').rows;
    expect(chosen.filter((r) => r.kind === 'device')).toHaveLength(DEVICES_PER_NODE + 1);
    expect(chosen.some((r) => r.key === 'Device:15000')).toBe(true);
  });

  it('a device placed on an unknown location hangs from its floor, and search still finds it', () => {
    const stray = [device(7, 'STRAY-1', { floor_id: 11, location_id: 999 })];
    expect(names(linkTreeRows(site, stray, '', new Set(['Floor:11'])).rows)).toEqual([
      '0:HQ',
      '1:Ground floor',
      '1:First floor',
      '2:Café',
      '2:STRAY-1',
    ]);
    expect(names(linkTreeRows(site, stray, 'stray', new Set()).rows)).toEqual([
      '0:HQ',
      '1:First floor',
      '2:STRAY-1',
    ]);
  });

  it('opens the way to the chosen item and names it', () => {
    expect(revealKeys(site, devices, { type: 'Device', id: 1 })).toEqual(['Floor:10', 'Location:100']);
    expect(revealKeys(site, devices, { type: 'Device', id: 3 })).toEqual(['Floor:11']);
    expect(revealKeys(site, devices, { type: 'Location', id: 110 })).toEqual(['Floor:11']);
    expect(revealKeys(site, devices, { type: null, id: null })).toEqual([]);
    expect(linkPath(site, devices, { type: 'Device', id: 1 })).toEqual([
      'Ground floor',
      'Server room',
      'SW-01',
    ]);
    expect(linkPath(site, devices, { type: 'Location', id: 110 })).toEqual(['First floor', 'Café']);
    expect(linkPath(site, devices, { type: 'Floor', id: 10 })).toEqual(['Ground floor']);
    expect(linkPath(site, [], { type: 'Device', id: 1 })).toEqual(['#1']);
    expect(linkPath(site, devices, { type: null, id: null })).toBeNull();
  });
});
