/** The category form's combos offer the values of the branch chosen above them. */
import type { ProcatDto } from '@asbuilt/domain';
import { describe, expect, it } from 'vitest';
import { levelOptions } from '../src/features/procats/procatOptions.ts';

const procat = (id: number, main: string, sub1: string | null, sub2: string | null = null): ProcatDto => ({
  id,
  tenant_id: 1,
  name: [main, sub1, sub2].filter(Boolean).join(' / '),
  main,
  sub1,
  sub2,
  sub3: null,
  passive: false,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});

const procats = [
  procat(1, 'Network', 'Switch', 'PoE'),
  procat(2, 'Network', 'Switch', 'Core'),
  procat(3, 'Network', 'Router'),
  procat(4, 'Security', 'Camera', 'Dome'),
  procat(5, 'network', 'Access Point'),
];

describe('levelOptions', () => {
  it('offers every main category once, sorted', () => {
    expect(levelOptions(procats, 'main', '', '')).toEqual(['network', 'Network', 'Security']);
  });

  it('offers the sub-categories of the chosen main, in any case and spacing', () => {
    expect(levelOptions(procats, 'sub1', ' NETWORK ', '')).toEqual(['Access Point', 'Router', 'Switch']);
    expect(levelOptions(procats, 'sub2', 'Network', 'switch')).toEqual(['Core', 'PoE']);
  });

  it('offers nothing below a new value', () => {
    expect(levelOptions(procats, 'sub1', 'Lighting', '')).toEqual([]);
    expect(levelOptions(procats, 'sub2', 'Network', 'Firewall')).toEqual([]);
  });
});
