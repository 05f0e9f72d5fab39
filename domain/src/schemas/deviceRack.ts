// The rack fields of the device schemas (device.ts); only those schemas use them, so the package
// index leaves them out.
import { RACK_FACES, RACK_MAX_HEIGHT, type RackFace } from '../racks.ts';
import { optionalChoice, optionalId, optionalNumber } from './form.ts';

/** A device's place in a rack: all three (rack_u its lowest U, 1 at the bottom), or all three cleared. */
export interface DeviceRackChange {
  rack_id?: number | null;
  rack_u?: number | null;
  rack_face?: RackFace | null;
}

export const rackFields = {
  rack_id: optionalId('rack_id').optional(),
  rack_u: optionalNumber('rack_u', { min: 1, max: RACK_MAX_HEIGHT }).optional(),
  rack_face: optionalChoice('rack_face', RACK_FACES).optional(),
};

/** The rack change of a body: undefined when it names no rack field. */
export function rackChangeOf(fields: DeviceRackChange): DeviceRackChange | undefined {
  const { rack_id, rack_u, rack_face } = fields;
  return rack_id === undefined && rack_u === undefined && rack_face === undefined
    ? undefined
    : { rack_id, rack_u, rack_face };
}
