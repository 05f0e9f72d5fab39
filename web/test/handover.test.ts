import { describe, expect, it } from 'vitest';
import { optionParts, sizeParts } from '../src/features/handover/packText.ts';

describe('a handover pack in the list', () => {
  it('shows its size in the unit that keeps the number short', () => {
    expect(sizeParts(0)).toEqual({ unit: 'b', value: 0 });
    expect(sizeParts(999)).toEqual({ unit: 'b', value: 999 });
    expect(sizeParts(1000)).toEqual({ unit: 'kb', value: 1 });
    expect(sizeParts(1540)).toEqual({ unit: 'kb', value: 1.5 });
    expect(sizeParts(74_732)).toEqual({ unit: 'kb', value: 75 });
    expect(sizeParts(999_600)).toEqual({ unit: 'mb', value: 1 });
    expect(sizeParts(12_345_678)).toEqual({ unit: 'mb', value: 12 });
    expect(sizeParts(2_500_000_000)).toEqual({ unit: 'gb', value: 2.5 });
  });

  it('sums its options up: sections, floors (null: all) and archived devices', () => {
    expect(
      optionParts({
        options: { sections: ['summary', 'devices'], floor_ids: null, include_archived: false },
      }),
    ).toEqual({ sections: 2, floors: null, archived: false });
    expect(
      optionParts({ options: { sections: ['plans'], floor_ids: [3, 4], include_archived: true } }),
    ).toEqual({
      sections: 1,
      floors: 2,
      archived: true,
    });
  });
});
