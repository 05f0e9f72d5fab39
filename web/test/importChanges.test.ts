/** The import preview finds each row's outcome, and a changed cell's old value by its header in any case. */
import { describe, expect, it } from 'vitest';
import { changesByRow } from '../src/features/imports/changes.ts';

describe('changesByRow', () => {
  it('keys rows by number and old values by the header in lower case', () => {
    const rows = changesByRow([
      { row: 2, status: 'new' },
      { row: 3, status: 'changed', was: { Location: 'Lobby', 'Floor Code': '' } },
      { row: 4, status: 'unchanged' },
    ]);
    expect(rows.get(2)).toEqual({ status: 'new', was: new Map() });
    expect(rows.get(3)?.status).toBe('changed');
    expect([...rows.get(3)!.was]).toEqual([
      ['location', 'Lobby'],
      ['floor code', ''],
    ]);
    expect(rows.get(4)?.status).toBe('unchanged');
    expect(rows.has(5)).toBe(false);
  });
});
