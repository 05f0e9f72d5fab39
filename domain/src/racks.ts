/**
 * Racks and what sits in them: a device of a rack-mounted product fills `rack_units` Us of one face
 * from its lowest U (`rack_u`, counted from 1 at the bottom whatever the rack's numbering shows).
 */

export const RACK_FACES = ['front', 'rear'] as const;
export type RackFace = (typeof RACK_FACES)[number];

/** How the rack's Us are labelled: 1 at the bottom (the usual) or 1 at the top. */
export const RACK_NUMBERINGS = ['bottom_up', 'top_down'] as const;
export type RackNumbering = (typeof RACK_NUMBERINGS)[number];

export const RACK_DEFAULT_HEIGHT = 42;
export const RACK_MAX_HEIGHT = 60;

/** The Us a device fills: a product of 1.5 U takes 2 (a half U still blocks the next). */
export function unitsFilled(rackUnits: number | null | undefined): number {
  return Math.max(1, Math.ceil(rackUnits ?? 1));
}

/** A device in a rack: where it sits and how many Us it fills. */
export interface RackSlot {
  device_id: number;
  rack_u: number;
  rack_face: RackFace;
  units: number;
}

/** Why a place in a rack is refused. */
export type RackRefusal =
  | { code: 'rack_u_out_of_range'; height: number }
  | { code: 'rack_past_top'; height: number; top: number }
  | { code: 'rack_overlap'; device_id: number; rack_u: number };

/**
 * Whether `slot` fits the rack of `height` Us beside the `others` already in it: inside the rack,
 * not past its top, and on no U of the same face that another device fills. The first refusal, or
 * null when it fits.
 */
export function rackRefusal(height: number, others: readonly RackSlot[], slot: RackSlot): RackRefusal | null {
  if (!Number.isInteger(slot.rack_u) || slot.rack_u < 1 || slot.rack_u > height)
    return { code: 'rack_u_out_of_range', height };
  const top = slot.rack_u + slot.units - 1;
  if (top > height) return { code: 'rack_past_top', height, top };
  for (const other of others) {
    if (other.device_id === slot.device_id || other.rack_face !== slot.rack_face) continue;
    const otherTop = other.rack_u + other.units - 1;
    if (other.rack_u <= top && slot.rack_u <= otherTop)
      return { code: 'rack_overlap', device_id: other.device_id, rack_u: other.rack_u };
  }
  return null;
}

/** The label of U `u` (1 = bottom) in a rack of `height` numbered as `numbering`. */
export function rackUnitLabel(u: number, height: number, numbering: RackNumbering): number {
  return numbering === 'top_down' ? height - u + 1 : u;
}

/** The free Us of one face where a device of `units` Us fits, lowest first. */
export function freeRackUnits(
  height: number,
  others: readonly RackSlot[],
  face: RackFace,
  units: number,
): number[] {
  const free: number[] = [];
  for (let u = 1; u + units - 1 <= height; u++) {
    if (!rackRefusal(height, others, { device_id: -1, rack_u: u, rack_face: face, units })) free.push(u);
  }
  return free;
}
