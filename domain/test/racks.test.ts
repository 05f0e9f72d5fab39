import { describe, expect, it } from 'vitest';
import { freeRackUnits, type RackSlot, rackRefusal, rackUnitLabel, unitsFilled } from '../src/index.ts';

const slot = (
  device_id: number,
  rack_u: number,
  units: number,
  rack_face: 'front' | 'rear' = 'front',
): RackSlot => ({
  device_id,
  rack_u,
  rack_face,
  units,
});

describe('a place in a rack', () => {
  const inRack = [slot(1, 10, 2), slot(2, 20, 1, 'rear')];

  it('fits on free Us of the face', () => {
    expect(rackRefusal(42, inRack, slot(3, 12, 1))).toBeNull();
    expect(rackRefusal(42, inRack, slot(3, 8, 2))).toBeNull();
    // The rear of a U the front fills is free.
    expect(rackRefusal(42, inRack, slot(3, 10, 1, 'rear'))).toBeNull();
  });

  it('is refused on a U another device fills, naming it', () => {
    expect(rackRefusal(42, inRack, slot(3, 11, 1))).toEqual({
      code: 'rack_overlap',
      device_id: 1,
      rack_u: 10,
    });
    expect(rackRefusal(42, inRack, slot(3, 9, 2))).toMatchObject({ code: 'rack_overlap' });
  });

  it('is refused past the top or outside the rack', () => {
    expect(rackRefusal(42, [], slot(3, 41, 3))).toEqual({ code: 'rack_past_top', height: 42, top: 43 });
    expect(rackRefusal(42, [], slot(3, 0, 1))).toMatchObject({ code: 'rack_u_out_of_range' });
    expect(rackRefusal(42, [], slot(3, 1.5, 1))).toMatchObject({ code: 'rack_u_out_of_range' });
  });

  it('does not collide with the device itself when it moves', () => {
    expect(rackRefusal(42, inRack, slot(1, 11, 2))).toBeNull();
  });
});

describe('rack units', () => {
  it('round a part of a U up', () => {
    expect([unitsFilled(1), unitsFilled(1.5), unitsFilled(null), unitsFilled(0)]).toEqual([1, 2, 1, 1]);
  });

  it('are labelled from the bottom or from the top', () => {
    expect(rackUnitLabel(1, 42, 'bottom_up')).toBe(1);
    expect(rackUnitLabel(1, 42, 'top_down')).toBe(42);
    expect(rackUnitLabel(42, 42, 'top_down')).toBe(1);
  });

  it('lists the free places of a device', () => {
    expect(freeRackUnits(4, [slot(1, 2, 1)], 'front', 2)).toEqual([3]);
    expect(freeRackUnits(4, [slot(1, 2, 1)], 'rear', 2)).toEqual([1, 2, 3]);
  });
});
