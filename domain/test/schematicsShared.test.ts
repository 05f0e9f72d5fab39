/** What the Schematics page, the racks page and the handover pack share (issues 41 and 42). */
import { describe, expect, it } from 'vitest';
import { faceSlots, slotSpan, unitLabelsTopDown, unitRangeLabel } from '../src/rackElevation.ts';
import { cableGroups, type SchematicCable } from '../src/schematics/index.ts';

const cable = (id: number, a: number | null, b: number | null): SchematicCable => ({
  id,
  code: `C-${id}`,
  status: 'installed',
  a_device_id: a,
  a_interface_id: a === null ? null : id,
  a_label: a === null ? 'Provider' : null,
  a_port: null,
  b_device_id: b,
  b_interface_id: b === null ? null : id,
  b_label: b === null ? 'Provider' : null,
  b_port: null,
});

describe('cableGroups', () => {
  it('puts cables joined by a device together, in the order given', () => {
    const cables = [cable(1, 1, 2), cable(2, 3, 4), cable(3, 2, 5), cable(4, 5, null), cable(5, 4, 6)];
    expect(cableGroups(cables).map((group) => group.map((c) => c.id))).toEqual([
      [1, 3, 4],
      [2, 5],
    ]);
  });

  it('joins two groups a later cable bridges', () => {
    const cables = [cable(1, 1, 2), cable(2, 3, 4), cable(3, 2, 3)];
    expect(cableGroups(cables).map((group) => group.map((c) => c.id))).toEqual([[1, 2, 3]]);
  });

  it('leaves a cable between two free ends alone', () => {
    expect(cableGroups([cable(1, null, null), cable(2, null, null)])).toHaveLength(2);
  });
});

describe('rack elevation', () => {
  it('places a block from its lowest U over the Us it fills, cut at the rack’s top', () => {
    expect(slotSpan({ rack_u: 10, units: 2 }, 42)).toEqual({ fromTop: 31, fromBottom: 9, shown: 2 });
    expect(slotSpan({ rack_u: 1, units: 1 }, 42)).toEqual({ fromTop: 41, fromBottom: 0, shown: 1 });
    expect(slotSpan({ rack_u: 41, units: 4 }, 42)).toEqual({ fromTop: 0, fromBottom: 40, shown: 2 });
  });

  it('labels the Us from the top of the drawing down, in the rack’s numbering', () => {
    expect(unitLabelsTopDown(4, 'bottom_up')).toEqual([4, 3, 2, 1]);
    expect(unitLabelsTopDown(4, 'top_down')).toEqual([1, 2, 3, 4]);
    expect(unitRangeLabel(10, 2, 42, 'top_down')).toBe('32–33');
  });

  it('takes one face’s slots, lowest first', () => {
    const slots = [
      { device_id: 1, rack_u: 20, rack_face: 'front' as const, units: 1 },
      { device_id: 2, rack_u: 3, rack_face: 'rear' as const, units: 1 },
      { device_id: 3, rack_u: 5, rack_face: 'front' as const, units: 1 },
    ];
    expect(faceSlots(slots, 'front').map((s) => s.device_id)).toEqual([3, 1]);
  });
});
