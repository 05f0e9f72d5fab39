import { describe, expect, it } from 'vitest';
import { DEFAULT_DEVICE_HEADERS, DEVICE_COLUMNS, visibleDeviceHeaders } from '../src/devices.ts';

describe('device columns', () => {
  it('are the 37 of the specification, with Name and Serial among those shown by default', () => {
    expect(DEVICE_COLUMNS).toHaveLength(37);
    expect(new Set(DEVICE_COLUMNS.map((c) => c.key)).size).toBe(37);
    expect(DEFAULT_DEVICE_HEADERS.map((k) => DEVICE_COLUMNS.find((c) => c.key === k)?.label)).toEqual([
      'Image',
      'Code',
      'Name',
      'Category',
      'Brand',
      'Serial Number',
      'Floor',
      'Location',
      'Status',
    ]);
  });

  it('fall back to the defaults when nothing (known) is saved', () => {
    expect(visibleDeviceHeaders(null)).toEqual(DEFAULT_DEVICE_HEADERS);
    expect(visibleDeviceHeaders([])).toEqual(DEFAULT_DEVICE_HEADERS);
    expect(visibleDeviceHeaders(['bogus'])).toEqual(DEFAULT_DEVICE_HEADERS);
    expect(visibleDeviceHeaders(['sn', 'bogus', 'ip'])).toEqual(['sn', 'ip']);
  });
});
