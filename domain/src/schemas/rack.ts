import { z } from 'zod';
import { encodeMessage } from '../i18n/messages.ts';
import { RACK_DEFAULT_HEIGHT, RACK_FACES, RACK_MAX_HEIGHT, RACK_NUMBERINGS } from '../racks.ts';
import {
  idField,
  optionalChoice,
  optionalId,
  optionalNumber,
  requiredId,
  requiredText,
  versionField,
} from './form.ts';

/** A site's racks (issue 41): where they stand and how tall they are. */

const wholeHeight = optionalNumber('u_height', { min: 1, max: RACK_MAX_HEIGHT }).refine(
  (value) => value == null || Number.isInteger(value),
  { error: encodeMessage('field_not_whole', { field: 'u_height' }) },
);

export const rackCreateSchema = z.object({
  site_id: requiredId('site'),
  location_id: requiredId('location_id'),
  name: requiredText('name', 100),
  u_height: wholeHeight.optional().transform((value) => value ?? RACK_DEFAULT_HEIGHT),
  numbering: optionalChoice('numbering', RACK_NUMBERINGS)
    .optional()
    .transform((value) => value ?? 'bottom_up'),
});
export type RackCreateInput = z.output<typeof rackCreateSchema>;

export const rackUpdateSchema = z.object({
  id: idField('id'),
  location_id: optionalId('location_id').optional(),
  name: requiredText('name', 100).optional(),
  u_height: wholeHeight.optional(),
  numbering: optionalChoice('numbering', RACK_NUMBERINGS).optional(),
  updated_at: versionField().optional(),
});
export type RackUpdateInput = z.output<typeof rackUpdateSchema>;

export const rackIdQuerySchema = z.object({ id: idField('id') });
export const rackListQuerySchema = z.object({ site_id: requiredId('site') });

/** A device in a rack, as the elevation draws it. */
export const rackDeviceSchema = z.object({
  device_id: z.number(),
  rack_u: z.number(),
  rack_face: z.enum(RACK_FACES),
  units: z.number(),
});

export const rackSchema = z.object({
  id: z.number(),
  site_id: z.number(),
  location_id: z.number(),
  name: z.string(),
  u_height: z.number(),
  numbering: z.enum(RACK_NUMBERINGS),
  devices: z.array(rackDeviceSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RackDto = z.infer<typeof rackSchema>;
export const rackResponseSchema = z.object({ rack: rackSchema });
export const rackListResponseSchema = z.object({ racks: z.array(rackSchema) });
