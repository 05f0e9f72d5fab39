import { describe, expect, it } from 'vitest';
import { DEFAULT_DEVICE_HEADERS, DEVICE_COLUMNS, visibleDeviceHeaders } from '../src/devices.ts';

describe('device columns', () => {
  it('are the 37 of the specification and Tags, with Name and Serial among those shown by default', () => {
    expect(DEVICE_COLUMNS).toHaveLength(38);
    expect(new Set(DEVICE_COLUMNS.map((c) => c.key)).size).toBe(38);
    expect(DEVICE_COLUMNS.at(-1)).toEqual({ key: 'tags', label: 'Tags' });
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
