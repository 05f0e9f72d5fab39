import { z } from 'zod';
import { encodeMessage } from '../i18n/messages.ts';
import { LABEL_FIELDS, LABEL_FORMATS, LABELS_MAX, maxStartAt } from '../labels.ts';
import { formBoolean, jsonList, optionalId, optionalNumber, requiredId } from './form.ts';

/** QR labels (issue 42): the devices' and the cables' label sheets as PDF. */

const formatField = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.enum(LABEL_FORMATS, {
    error: encodeMessage('field_one_of', { field: 'format', values: LABEL_FORMATS.join(', ') }),
  }),
);

const startAtField = optionalNumber('start_at', { min: 1, max: 1000 })
  .refine((value) => value == null || Number.isInteger(value), {
    error: encodeMessage('field_not_whole', { field: 'start_at' }),
  })
  .optional()
  .transform((value) => value ?? 1);

/** A roll starts at its first label; a sheet at any of its own labels. */
function checkStartAt(
  value: { format: (typeof LABEL_FORMATS)[number]; start_at: number },
  context: z.RefinementCtx,
) {
  const max = maxStartAt(value.format);
  if (value.start_at > max)
    context.addIssue({
      code: 'custom',
      path: ['start_at'],
      message: encodeMessage('labels_start_past_sheet', { format: value.format, max }),
    });
}

const idsField = jsonList(z.coerce.number().int().positive(), 'id', LABELS_MAX);

/**
 * POST /api/site/devices/labels: the devices named by `ids` (in that order), or every device not
 * archived on a floor, in a location, or on the whole site (`all`): exactly one of the four.
 */
export const deviceLabelsSchema = z
  .object({
    site_id: requiredId('site'),
    ids: idsField.optional(),
    floor_id: optionalId('floor').optional(),
    location_id: optionalId('location_id').optional(),
    all: formBoolean('all').optional(),
    format: formatField,
    start_at: startAtField,
    fields: jsonList(
      z.enum(LABEL_FIELDS, {
        error: encodeMessage('field_one_of', { field: 'label_fields', values: LABEL_FIELDS.join(', ') }),
      }),
      'label_fields',
      LABEL_FIELDS.length,
    ).optional(),
  })
  .superRefine((value, context) => {
    const scopes = [
      value.ids !== undefined,
      value.floor_id != null,
      value.location_id != null,
      value.all === true,
    ];
    if (scopes.filter(Boolean).length !== 1)
      context.addIssue({ code: 'custom', path: ['ids'], message: encodeMessage('labels_scope') });
    checkStartAt(value, context);
  });
export type DeviceLabelsInput = z.output<typeof deviceLabelsSchema>;

/** POST /api/site/connections/labels: two wrap-around labels per cable, one for each end. */
export const cableLabelsSchema = z
  .object({
    site_id: requiredId('site'),
    ids: idsField,
    format: formatField,
    start_at: startAtField,
  })
  .superRefine(checkStartAt);
export type CableLabelsInput = z.output<typeof cableLabelsSchema>;
