/**
 * A rack face's elevation drawn to scale, as the racks page and the handover pack both draw it:
 * the Us from the top of the drawing down, each device a block from its lowest U over the Us it
 * fills (cut at the rack's top, where a device written by hand past it would stick out), and the
 * Us it fills named as the rack numbers them.
 */
import { type RackFace, type RackNumbering, type RackSlot, rackUnitLabel } from './racks.ts';

/** The Us a device fills from `u`, as the rack labels them: "10" or "10–11" (lowest label first). */
export function unitRangeLabel(u: number, units: number, height: number, numbering: RackNumbering): string {
  const first = rackUnitLabel(u, height, numbering);
  const last = rackUnitLabel(u + units - 1, height, numbering);
  return units === 1 ? String(first) : `${Math.min(first, last)}–${Math.max(first, last)}`;
}

/** Where a slot's block sits, in Us: `fromTop` Us under the rack's top edge, `shown` Us tall. */
export interface SlotSpan {
  /** Us between the rack's top edge and the block's top. */
  fromTop: number;
  /** Us between the rack's bottom edge and the block's bottom. */
  fromBottom: number;
  /** The Us drawn: the Us filled, cut at the rack's top. */
  shown: number;
}

export function slotSpan(slot: Pick<RackSlot, 'rack_u' | 'units'>, height: number): SlotSpan {
  const shown = Math.max(0, Math.min(slot.units, height - slot.rack_u + 1));
  const fromBottom = slot.rack_u - 1;
  return { fromTop: height - fromBottom - shown, fromBottom, shown };
}

/** The slots of one face, lowest first. */
export function faceSlots<S extends RackSlot>(slots: readonly S[], face: RackFace): S[] {
  return slots.filter((slot) => slot.rack_face === face).sort((a, b) => a.rack_u - b.rack_u);
}

/** The U labels of a face from the top of the drawing down (`[42, 41, …, 1]` bottom-up). */
export function unitLabelsTopDown(height: number, numbering: RackNumbering): number[] {
  return Array.from({ length: height }, (_, i) => rackUnitLabel(height - i, height, numbering));
}
