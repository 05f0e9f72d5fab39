import {
  idField,
  optionalChoice,
  optionalId,
  optionalNumber,
  RACK_FACES,
  versionField,
} from '@asbuilt/domain';
import { z } from 'zod';

/**
 * PUT /api/site/racks/place: a device dragged onto a U of a rack's face, or out of its rack
 * (`rack_id` null). `rack_u` is the lowest U the device fills, 1 at the bottom.
 */
export const rackPlaceSchema = z.object({
  device_id: idField('device_id'),
  rack_id: optionalId('rack_id').optional(),
  rack_u: optionalNumber('rack_u', { min: 1, max: 1000 }).optional(),
  rack_face: optionalChoice('rack_face', RACK_FACES).optional(),
  /** The device's `updated_at` as read: a stale drag is refused (409). */
  updated_at: versionField().optional(),
});
export type RackPlaceInput = z.output<typeof rackPlaceSchema>;

export const rackPlaceResponseSchema = z.object({
  device: z.object({
    id: z.number(),
    rack_id: z.number().nullable(),
    rack_u: z.number().nullable(),
    rack_face: z.enum(RACK_FACES).nullable(),
    updated_at: z.string(),
  }),
});

export const rackDeleteResponseSchema = z.object({ unplaced_devices: z.number() });
