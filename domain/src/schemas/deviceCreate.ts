import { z } from 'zod';
import { encodeMessage } from '../i18n/messages.ts';
import { customFieldValuesInputSchema } from './customField.ts';
import { type DeviceChanges, type DeviceField, deviceFieldSchemas } from './device.ts';
import { optionalText, requiredId } from './form.ts';

/**
 * Adding several devices of one product at once (POST /api/site/devices/many): a quantity and a
 * code pattern whose braces hold the counter and its zero padding, so `AP-{001}` with 24 gives
 * AP-001 … AP-024 and `R{9}` with 3 gives R9, R10, R11.
 */

/** More than this is an import's job (a sheet), not a dialog's. */
export const MAX_DEVICES_AT_ONCE = 500;

/** A device code is at most this long (deviceFieldSchemas.code). */
const MAX_CODE_LENGTH = 255;

/** Fields that name one device: given only when adding one. */
const ONE_DEVICE_FIELDS = ['code', 'sn', 'mac', 'ip'] as const satisfies readonly DeviceField[];

const PATTERN = /^([^{}]*)\{(\d{1,9})\}([^{}]*)$/;

export interface CodePattern {
  prefix: string;
  start: number;
  width: number;
  suffix: string;
}

/** The parts of a pattern with one `{digits}` counter, or null. */
export function parseCodePattern(pattern: string): CodePattern | null {
  const match = PATTERN.exec(pattern.trim());
  if (!match) return null;
  const [, prefix = '', digits = '', suffix = ''] = match;
  return { prefix, start: Number(digits), width: digits.length, suffix };
}

/** The `quantity` codes a pattern gives, in order (the counter grows past its padding if it must). */
export function codesFromPattern(pattern: CodePattern, quantity: number): string[] {
  return Array.from(
    { length: quantity },
    (_, index) =>
      `${pattern.prefix}${String(pattern.start + index).padStart(pattern.width, '0')}${pattern.suffix}`,
  );
}

const optionalFields = Object.fromEntries(
  Object.entries(deviceFieldSchemas).map(([key, schema]) => [key, schema.optional()]),
) as { [K in DeviceField]: z.ZodOptional<(typeof deviceFieldSchemas)[K]> };

/** POST /api/site/devices/many: `quantity` devices of a product, coded by `code_pattern` or `code`. */
export const deviceCreateManySchema = z
  .strictObject(
    {
      ...optionalFields,
      product_id: requiredId('product', encodeMessage('product_required')),
      site_id: requiredId('site'),
      quantity: z.coerce
        .number({ error: encodeMessage('field_not_number', { field: 'quantity' }) })
        .int(encodeMessage('field_not_whole', { field: 'quantity' }))
        .min(1, encodeMessage('field_min', { field: 'quantity', min: 1 }))
        .max(
          MAX_DEVICES_AT_ONCE,
          encodeMessage('field_max', { field: 'quantity', max: MAX_DEVICES_AT_ONCE }),
        ),
      code_pattern: optionalText('code_pattern').optional(),
      /** Custom field values (issue 43) every new device takes; the defaults fill the rest. */
      custom_fields: customFieldValuesInputSchema.optional(),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? encodeMessage('unknown_field', { count: issue.keys.length, fields: issue.keys.join(', ') })
          : undefined,
    },
  )
  .superRefine((value, ctx) => {
    if (value.code_pattern && value.code) {
      ctx.addIssue({ code: 'custom', path: ['code_pattern'], message: encodeMessage('code_and_pattern') });
    }
    if (value.quantity > 1) {
      for (const field of ONE_DEVICE_FIELDS) {
        if (value[field]) {
          const key =
            field === 'code' ? 'device_code' : field === 'sn' ? 'serial_number' : `${field}_address`;
          ctx.addIssue({
            code: 'custom',
            path: [field],
            message: encodeMessage('field_for_one_device', { field: key }),
          });
        }
      }
    }
    if (value.code_pattern) {
      const pattern = parseCodePattern(value.code_pattern);
      if (!pattern) {
        ctx.addIssue({
          code: 'custom',
          path: ['code_pattern'],
          message: encodeMessage('code_pattern_no_counter'),
        });
      } else if ((codesFromPattern(pattern, value.quantity).at(-1) ?? '').length > MAX_CODE_LENGTH) {
        ctx.addIssue({
          code: 'custom',
          path: ['code_pattern'],
          message: encodeMessage('field_too_long', { field: 'device_code', max: MAX_CODE_LENGTH }),
        });
      }
    }
  })
  .transform(({ product_id, site_id, quantity, code_pattern, custom_fields, ...fields }) => {
    const pattern = code_pattern ? parseCodePattern(code_pattern) : null;
    return {
      product_id,
      site_id,
      quantity,
      /** One code per device, or null for devices without a code. */
      codes: pattern ? codesFromPattern(pattern, quantity) : null,
      changes: fields as DeviceChanges,
      custom_fields,
    };
  });
export type DeviceCreateManyInput = z.output<typeof deviceCreateManySchema>;
