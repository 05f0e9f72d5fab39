import { z } from 'zod';
import { LOCATION_TYPES, type LocationType } from '../constants.ts';
import {
  formatPolygon,
  formatTransform,
  POLYGON_MAX_POINTS,
  POLYGON_MIN_POINTS,
  parsePolygon,
  parseTransform,
} from '../geometry.ts';
import { encodeMessage } from '../i18n/messages.ts';
import { customFieldValuesInputSchema } from './customField.ts';
import {
  formBoolean,
  idField,
  optionalId,
  optionalText,
  requiredId,
  requiredText,
  versionField,
} from './form.ts';
import { floorSchema, layerSchema, locationSchema, zoneSchema } from './site.ts';
import { tagFields } from './tag.ts';

/**
 * Floors, locations, zones and layers (spatial-and-admin.md sections 3, 5 and 7): what their calls
 * accept and answer. Absent fields are unchanged; '' or null clears a field that may be empty.
 */

const blankToNull = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? null : value;

/** The longest polygon text accepted: the most points, each written generously. */
const POLYGON_MAX_LENGTH = POLYGON_MAX_POINTS * 48;

/**
 * A polygon as space-separated `x,y` pairs, stored as `formatPolygon` writes it; '' or null clears
 * it. At least 3 points, at most POLYGON_MAX_POINTS, each a pair of finite numbers.
 */
export const polygonField = z.preprocess(
  blankToNull,
  z
    .string({ error: encodeMessage('field_not_text', { field: 'polygon' }) })
    .max(POLYGON_MAX_LENGTH, encodeMessage('polygon_too_many_points', { max: POLYGON_MAX_POINTS }))
    .transform((text, ctx) => {
      const parsed = parsePolygon(text);
      if ('points' in parsed) return formatPolygon(parsed.points);
      ctx.addIssue({
        code: 'custom',
        message:
          parsed.problem === 'too_few_points'
            ? encodeMessage('polygon_too_few_points', { min: POLYGON_MIN_POINTS })
            : parsed.problem === 'too_many_points'
              ? encodeMessage('polygon_too_many_points', { max: POLYGON_MAX_POINTS })
              : encodeMessage('polygon_bad_point'),
      });
      return z.NEVER;
    })
    .nullable(),
);

/** `translate(x,y) scale(s)`, stored as `formatTransform` writes it; '' or null clears it. */
export const transformField = z.preprocess(
  blankToNull,
  z
    .string({ error: encodeMessage('transform_invalid') })
    .max(200, encodeMessage('transform_invalid'))
    .transform((text, ctx) => {
      const parsed = parseTransform(text);
      if (parsed) return formatTransform(parsed);
      ctx.addIssue({ code: 'custom', message: encodeMessage('transform_invalid') });
      return z.NEVER;
    })
    .nullable(),
);

/** One of LOCATION_TYPES, matched ignoring case ("meeting room" is "Meeting Room"); '' or null clears it. */
export const locationTypeField = z.preprocess(
  (value) => {
    const v = blankToNull(value);
    if (typeof v !== 'string') return v;
    const wanted = v.trim().toLowerCase();
    return LOCATION_TYPES.find((type) => type.toLowerCase() === wanted) ?? v;
  },
  z
    .enum(LOCATION_TYPES, {
      error: encodeMessage('field_one_of', { field: 'location_type', values: LOCATION_TYPES.join(', ') }),
    })
    .nullable(),
);
export type LocationTypeValue = LocationType | null;

/** "Send at least one field to change" when nothing but the id came. */
function someChange(value: Record<string, unknown>, ctx: z.RefinementCtx) {
  const { id: _id, updated_at: _seen, ...fields } = value;
  if (Object.values(fields).every((v) => v === undefined)) {
    ctx.addIssue({ code: 'custom', message: encodeMessage('nothing_to_change') });
  }
}

const nameAndCode = {
  name: requiredText('name'),
  code: optionalText('code').optional(),
};
const nameAndCodeChanges = {
  name: requiredText('name').optional(),
  code: optionalText('code').optional(),
};

// ---------------------------------------------------------------------------------------------
// Floors

/** POST /api/site/floors */
export const floorCreateSchema = z.object({ site_id: requiredId('site'), ...nameAndCode });
export type FloorCreateInput = z.output<typeof floorCreateSchema>;

/**
 * PUT /api/site/floors: `svg` is the key of a floorplan uploaded for this floor (folder
 * floorplans), or '' / null to delete the plan.
 */
export const floorUpdateSchema = z
  .object({
    id: idField('floor'),
    ...nameAndCodeChanges,
    svg: optionalText('svg', 1024).optional(),
    location_transform: transformField.optional(),
  })
  .superRefine(someChange);
export type FloorUpdateInput = z.output<typeof floorUpdateSchema>;

// ---------------------------------------------------------------------------------------------
// Locations

/** POST /api/site/locations */
export const locationCreateSchema = z.object({
  floor_id: requiredId('floor'),
  ...nameAndCode,
  location_type: locationTypeField.optional(),
  polygon: polygonField.optional(),
  ...tagFields,
  /** Custom field values by field id (issue 43). */
  custom_fields: customFieldValuesInputSchema.optional(),
});
export type LocationCreateInput = z.output<typeof locationCreateSchema>;

/** PUT /api/site/locations: `floor_id` moves the location (and its devices) to another floor of the site. */
export const locationUpdateSchema = z
  .object({
    id: idField('location'),
    ...nameAndCodeChanges,
    location_type: locationTypeField.optional(),
    polygon: polygonField.optional(),
    floor_id: idField('floor').optional(),
    ...tagFields,
    /** Custom field values by field id (issue 43). */
    custom_fields: customFieldValuesInputSchema.optional(),
    updated_at: versionField().optional(),
  })
  .superRefine(someChange);
export type LocationUpdateInput = z.output<typeof locationUpdateSchema>;

// ---------------------------------------------------------------------------------------------
// Zones

/** POST /api/site/zones: on a floor, or site-wide with only `site_id`. */
export const zoneCreateSchema = z
  .object({
    floor_id: optionalId('floor').optional(),
    site_id: optionalId('site').optional(),
    ...nameAndCode,
    polygon: polygonField.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.floor_id == null && value.site_id == null) {
      ctx.addIssue({ code: 'custom', message: encodeMessage('zone_floor_or_site') });
    }
  });
export type ZoneCreateInput = z.output<typeof zoneCreateSchema>;

/** PUT /api/site/zones: `floor_id` '' or null makes the zone site-wide (its polygon goes too). */
export const zoneUpdateSchema = z
  .object({
    id: idField('zone'),
    ...nameAndCodeChanges,
    polygon: polygonField.optional(),
    floor_id: optionalId('floor').optional(),
    updated_at: versionField().optional(),
  })
  .superRefine(someChange);
export type ZoneUpdateInput = z.output<typeof zoneUpdateSchema>;

// ---------------------------------------------------------------------------------------------
// Layers

/** POST /api/site/layers */
export const layerCreateSchema = z.object({ site_id: requiredId('site'), ...nameAndCode });
export type LayerCreateInput = z.output<typeof layerCreateSchema>;

/** PUT /api/site/layers */
export const layerUpdateSchema = z
  .object({ id: idField('layer'), ...nameAndCodeChanges })
  .superRefine(someChange);
export type LayerUpdateInput = z.output<typeof layerUpdateSchema>;

// ---------------------------------------------------------------------------------------------
// Deletes and the export

/**
 * DELETE /api/site/{floors,locations,zones,layers}?id=N[&move_devices=true]: without
 * `move_devices`, an object that devices still point at is refused (409 with the count).
 */
export const spatialDeleteQuerySchema = z.object({
  id: idField('id'),
  move_devices: formBoolean('move_devices').optional().default(false),
});
export type SpatialDeleteQuery = z.output<typeof spatialDeleteQuerySchema>;

/** GET /api/site/floors/export?site_id=N */
export const floorsExportQuerySchema = z.object({ site_id: idField('site') });

// ---------------------------------------------------------------------------------------------
// Answers

export const floorResponseSchema = z.object({ floor: floorSchema });
export const locationResponseSchema = z.object({ location: locationSchema });
export const zoneResponseSchema = z.object({ zone: zoneSchema });
export const layerResponseSchema = z.object({ layer: layerSchema });

/** How many devices a delete with `move_devices` unplaced (or took off the layer). */
const movedDevices = z.number().describe('Devices unplaced by the delete (0 without move_devices)');
export const floorDeleteResponseSchema = z.object({ floor: floorSchema, moved_devices: movedDevices });
export const locationDeleteResponseSchema = z.object({
  location: locationSchema,
  moved_devices: movedDevices,
});
export const zoneDeleteResponseSchema = z.object({ zone: zoneSchema, moved_devices: movedDevices });
export const layerDeleteResponseSchema = z.object({ layer: layerSchema, moved_devices: movedDevices });

/** The columns of the floors export (sheet `floors`), in order. */
export const FLOOR_EXPORT_COLUMNS = [
  'ID',
  'Name',
  'Code',
  'Locations',
  'Zones',
  'Devices',
  'Plan',
  'Transform',
] as const;
