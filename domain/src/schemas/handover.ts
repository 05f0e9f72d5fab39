import { z } from 'zod';
import {
  HANDOVER_FORMATS,
  HANDOVER_SECTIONS,
  HANDOVER_STATUSES,
  HANDOVER_STEPS,
  type HandoverSection,
} from '../handover.ts';
import { LANGUAGES } from '../i18n/languages.ts';
import { encodeMessage } from '../i18n/messages.ts';
import { formBoolean, idField, jsonList, requiredId } from './form.ts';

/** The handover pack's calls (issue 42): ask for one, list a site's, delete one. */

const section = z.enum(HANDOVER_SECTIONS, {
  error: encodeMessage('field_one_of', { field: 'sections', values: HANDOVER_SECTIONS.join(', ') }),
});

/** `POST /api/site/handover`: absent options take their defaults on the server (every floor, the asker's language). */
export const handoverCreateSchema = z.object({
  site_id: requiredId('site'),
  format: z.enum(HANDOVER_FORMATS, {
    error: encodeMessage('field_one_of', { field: 'format', values: HANDOVER_FORMATS.join(', ') }),
  }),
  sections: jsonList(section, 'sections', HANDOVER_SECTIONS.length)
    .refine((list: HandoverSection[]) => list.length > 0, {
      error: encodeMessage('field_required', { field: 'sections' }),
    })
    .optional(),
  /** Only these floors; absent or null: every floor. */
  floor_ids: jsonList(idField('floor_ids'), 'floor_ids', 500).nullable().optional(),
  language: z.enum(LANGUAGES, { error: encodeMessage('language_unknown') }).optional(),
  include_archived: formBoolean('include_archived').optional(),
});
export type HandoverCreateInput = z.output<typeof handoverCreateSchema>;

export const handoverListQuerySchema = z.object({ site_id: requiredId('site') });
export const handoverIdQuerySchema = z.object({ id: idField('id') });

/** What was asked, as kept with the pack and shown in the list. */
export const handoverOptionsSchema = z.object({
  sections: z.array(z.enum(HANDOVER_SECTIONS)),
  floor_ids: z.array(z.number()).nullable(),
  include_archived: z.boolean(),
});
export type HandoverOptions = z.infer<typeof handoverOptionsSchema>;

export const handoverPackSchema = z.object({
  id: z.number(),
  site_id: z.number(),
  /** Printed on the cover, e.g. `HP-00042`. */
  number: z.string(),
  status: z.enum(HANDOVER_STATUSES),
  /** 0–100. */
  progress: z.number(),
  step: z.enum(HANDOVER_STEPS).nullable(),
  format: z.enum(HANDOVER_FORMATS),
  options: handoverOptionsSchema,
  language: z.enum(LANGUAGES),
  /** Bytes, once done. */
  size: z.number().nullable(),
  pages: z.number().nullable(),
  /** Why a failed pack failed: `render_failed`, `storage_failed` or `interrupted`. */
  error_code: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** A signed, expiring download link (no session needed) once done. */
  url: z.string().nullable(),
});
export type HandoverPackDto = z.infer<typeof handoverPackSchema>;

export const handoverListResponseSchema = z.object({ packs: z.array(handoverPackSchema) });
export const handoverCreateResponseSchema = z.object({ id: z.number(), number: z.string() });
export const handoverDeleteResponseSchema = z.object({ id: z.number() });

/** Why a pack failed, as the web names it. */
export const HANDOVER_ERRORS = ['render_failed', 'storage_failed', 'interrupted'] as const;
export type HandoverError = (typeof HANDOVER_ERRORS)[number];

/** A pack's number within its site, printed on its cover and in its file's name: `HP-00042`. */
export function handoverPackNumber(number: number): string {
  return `HP-${String(number).padStart(5, '0')}`;
}

/** How many packs one user may have queued or being made on a site at once: more answers 409. */
export const HANDOVER_MAKING_PER_USER = 2;
