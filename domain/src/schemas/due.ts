import { z } from 'zod';
import { encodeMessage } from '../i18n/messages.ts';
import { Role } from '../roles.ts';
import { idField, isIsoDate, jsonList } from './form.ts';

/**
 * What is due (issue 44): every dated item of the sites a user can see, per site and per tenant,
 * the reminders mailed about them and the calendar feed listing them.
 */

export const DUE_KINDS = [
  'warranty',
  'access',
  'secret_expiry',
  'secret_rotation',
  'end_of_sale',
  'end_of_support',
  'attachment',
  'task',
] as const;
export type DueKind = (typeof DUE_KINDS)[number];

/** What a due item's row opens: the object that holds the date (a task's device, location or site). */
export const DUE_OBJECT_TYPES = [
  'device',
  'location',
  'site',
  'access',
  'secret',
  'product',
  'attachment',
] as const;
export type DueObjectType = (typeof DUE_OBJECT_TYPES)[number];

/** The windows the Due pages offer; the API takes any number of days up to the longest. */
export const DUE_WINDOWS = [30, 60, 90] as const;
export const DUE_DAYS_MAX = 366;
export const DUE_DAYS_DEFAULT = 30;

const daysField = z.coerce
  .number({ error: encodeMessage('field_not_number', { field: 'days' }) })
  .int(encodeMessage('field_not_whole', { field: 'days' }))
  .min(0, encodeMessage('field_min', { field: 'days', min: 0 }))
  .max(DUE_DAYS_MAX, encodeMessage('field_max', { field: 'days', max: DUE_DAYS_MAX }));

/** `GET /api/site/due?site_id=&days=`. */
export const siteDueQuerySchema = z.object({
  site_id: idField('site_id'),
  days: daysField.default(DUE_DAYS_DEFAULT),
});
export type SiteDueQuery = z.output<typeof siteDueQuerySchema>;

/** `GET /api/tenant/due?days=`: every site of the tenant the actor can see, and the sites shared with them. */
export const tenantDueQuerySchema = z.object({ days: daysField.default(DUE_DAYS_DEFAULT) });
export type TenantDueQuery = z.output<typeof tenantDueQuerySchema>;

export const dueItemSchema = z.object({
  kind: z.enum(DUE_KINDS),
  /** The dated object's id within its kind (device, access, secret, product, attachment, task). */
  id: z.number().int(),
  title: z.string(),
  /** `YYYY-MM-DD`. */
  due_date: z.string(),
  site_id: z.number().int(),
  object_type: z.enum(DUE_OBJECT_TYPES),
  object_id: z.number().int(),
  overdue: z.boolean(),
  /**
   * Whether the viewer may handle the item in place: give it a new date (extend an access, record
   * a rotated password) or, for a task, mark it done. The server refuses the call otherwise.
   */
  can_edit: z.boolean(),
});
export type DueItem = z.infer<typeof dueItemSchema>;

/** Overdue items first, then by date; `sites` names the sites the items are on. */
export const dueResponseSchema = z.object({
  items: z.array(dueItemSchema),
  sites: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type DueResponse = z.infer<typeof dueResponseSchema>;

/** `POST /api/site/due/snooze`: the item leaves the actor's lists and reminders until `until`. */
export const dueSnoozeSchema = z.object({
  site_id: idField('site_id'),
  kind: z.enum(DUE_KINDS, {
    error: encodeMessage('field_one_of', { field: 'kind', values: DUE_KINDS.join(', ') }),
  }),
  id: idField('id'),
  until: z
    .string({ error: encodeMessage('field_not_date', { field: 'until' }) })
    .refine(isIsoDate, encodeMessage('field_not_date', { field: 'until' })),
});
export type DueSnoozeInput = z.output<typeof dueSnoozeSchema>;

// ---------------------------------------------------------------------------------------------
// Reminders

export const REMINDER_FREQUENCIES = ['weekly', 'daily', 'none'] as const;
export type ReminderFrequency = (typeof REMINDER_FREQUENCIES)[number];

/** What a user gets before changing anything: a Monday digest for Integrators and Building Owners. */
export function defaultReminderFrequency(role: number): ReminderFrequency {
  return role === Role.Integrator || role === Role.BuildingOwner ? 'weekly' : 'none';
}

export const reminderPreferencesSchema = z.object({
  frequency: z.enum(REMINDER_FREQUENCIES),
  /** ISO weekday of the weekly digest, Monday = 1. */
  weekday: z.number().int(),
  /** Items due within this many days, with everything overdue. */
  days: z.number().int(),
  /** Only these sites; empty means every site the user can see. */
  site_ids: z.array(z.number().int()),
});
export type ReminderPreferences = z.infer<typeof reminderPreferencesSchema>;

export const reminderPreferencesResponseSchema = z.object({ reminders: reminderPreferencesSchema });

/** `PUT /api/global/me/reminders`: absent fields are unchanged. */
export const reminderPreferencesUpdateSchema = z.object({
  frequency: z
    .enum(REMINDER_FREQUENCIES, {
      error: encodeMessage('field_one_of', { field: 'frequency', values: REMINDER_FREQUENCIES.join(', ') }),
    })
    .optional(),
  weekday: z.coerce
    .number({ error: encodeMessage('field_not_number', { field: 'weekday' }) })
    .int(encodeMessage('field_not_whole', { field: 'weekday' }))
    .min(1, encodeMessage('field_min', { field: 'weekday', min: 1 }))
    .max(7, encodeMessage('field_max', { field: 'weekday', max: 7 }))
    .optional(),
  days: daysField.optional(),
  site_ids: jsonList(idField('site_ids'), 'site_ids').optional(),
});
export type ReminderPreferencesUpdate = z.output<typeof reminderPreferencesUpdateSchema>;

/** `POST /api/global/me/calendar`: a new feed URL; the old one stops working. */
export const calendarFeedResponseSchema = z.object({ url: z.string() });

/** `POST /api/global/public/unsubscribe?token=`: the signed link of a reminder mail. */
export const unsubscribeQuerySchema = z.object({ token: z.string().max(2000).default('') });
export const unsubscribeResponseSchema = z.object({ unsubscribed: z.boolean() });

/** How many items the site dashboard's "Expiring soon" card lists. */
export const DUE_CARD_ITEMS = 5;

/** `GET /api/site/due/summary?site_id=&days=`: the site dashboard's card and chart. */
export const dueSummaryResponseSchema = z.object({
  /** Items per kind (overdue included) within `days`; kinds without any are left out. */
  counts: z.partialRecord(z.enum(DUE_KINDS), z.number().int()),
  overdue: z.number().int(),
  /** The first DUE_CARD_ITEMS items still to come, soonest first (the overdue are counted in `overdue`). */
  next: z.array(dueItemSchema),
  /** The site's devices that are not archived, by status (null: none set). */
  devices_by_status: z.array(z.object({ status: z.string().nullable(), count: z.number().int() })),
});
export type DueSummary = z.infer<typeof dueSummaryResponseSchema>;
