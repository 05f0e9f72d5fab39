import { z } from 'zod';
import { encodeMessage } from '../i18n/messages.ts';
import { TASK_INTERVAL_UNITS } from '../tasks.ts';
import { attachmentSchema } from './attachment.ts';
import {
  formBoolean,
  idField,
  isIsoDate,
  jsonList,
  optionalDate,
  optionalId,
  optionalText,
  requiredId,
  requiredText,
  versionField,
} from './form.ts';

/**
 * Maintenance tasks (issue 44): on a device, a location or the site itself, recurring every N
 * days, weeks, months or years, or once. Contributors and above create and complete them.
 */

export const TASK_CHECKLIST_MAX = 50;
export const TASK_BULK_MAX = 1000;

const intervalUnitField = z.enum(TASK_INTERVAL_UNITS, {
  error: encodeMessage('field_one_of', { field: 'interval_unit', values: TASK_INTERVAL_UNITS.join(', ') }),
});

const intervalNumber = z.coerce
  .number({ error: encodeMessage('field_not_number', { field: 'interval' }) })
  .int(encodeMessage('field_not_whole', { field: 'interval' }))
  .min(1, encodeMessage('field_min', { field: 'interval', min: 1 }))
  .max(1000, encodeMessage('field_max', { field: 'interval', max: 1000 }));
/** A blank interval of a new task (an empty form field) is every 1. */
const newIntervalField = z.preprocess(
  (value) => (value === '' || value === null ? 1 : value),
  intervalNumber,
);

/** A date that must be given, as `YYYY-MM-DD`: absent or blank is "required", anything else not a day is "not a date". */
function requiredDate(field: 'next_due_date') {
  return z.preprocess(
    (value) =>
      value === null || (typeof value === 'string' && value.trim() === '')
        ? undefined
        : typeof value === 'string'
          ? value.trim()
          : value,
    z
      .string({
        error: (issue) =>
          issue.input === undefined
            ? encodeMessage('field_required', { field })
            : encodeMessage('field_not_date', { field }),
      })
      .refine(isIsoDate, encodeMessage('field_not_date', { field })),
  );
}

const checklistField = jsonList(requiredText('checklist', 200), 'checklist', TASK_CHECKLIST_MAX);

const taskFields = {
  description: optionalText('description', 5000).optional(),
  assignee_id: optionalId('assignee').optional(),
  checklist: checklistField.optional(),
};

const targetFields = {
  device_id: optionalId('device_id').optional(),
  location_id: optionalId('location_id').optional(),
};

/** A task hangs on a device or a location, not both; neither hangs it on the site. */
function oneTarget(value: { device_id?: number | null; location_id?: number | null }, ctx: z.RefinementCtx) {
  if (value.device_id != null && value.location_id != null) {
    ctx.addIssue({ code: 'custom', message: encodeMessage('task_one_target'), path: ['location_id'] });
  }
}

const newTaskFields = {
  title: requiredText('title'),
  interval: newIntervalField.default(1),
  interval_unit: intervalUnitField,
  next_due_date: requiredDate('next_due_date'),
  ...taskFields,
};

/** POST /api/site/tasks */
export const taskCreateSchema = z
  .object({ site_id: requiredId('site'), ...targetFields, ...newTaskFields })
  .superRefine(oneTarget);
export type TaskCreateInput = z.output<typeof taskCreateSchema>;

/** POST /api/site/tasks/bulk: the same task on each of the selected devices, in one transaction. */
export const taskBulkSchema = z.object({
  site_id: requiredId('site'),
  device_ids: jsonList(idField('device_ids'), 'device_ids', TASK_BULK_MAX).refine(
    (ids) => ids.length > 0,
    encodeMessage('field_required', { field: 'device_ids' }),
  ),
  ...newTaskFields,
});
export type TaskBulkInput = z.output<typeof taskBulkSchema>;

/** PUT /api/site/tasks: absent fields stay unchanged. */
export const taskUpdateSchema = z
  .object({
    id: idField('id'),
    ...targetFields,
    title: requiredText('title').optional(),
    interval: intervalNumber.optional(),
    interval_unit: intervalUnitField.optional(),
    next_due_date: requiredDate('next_due_date').optional(),
    ...taskFields,
    updated_at: versionField().optional(),
  })
  .superRefine(oneTarget)
  .superRefine((value, ctx) => {
    const { id: _id, updated_at: _seen, ...fields } = value;
    if (Object.values(fields).every((v) => v === undefined)) {
      ctx.addIssue({ code: 'custom', message: encodeMessage('nothing_to_change') });
    }
  });
export type TaskUpdateInput = z.output<typeof taskUpdateSchema>;

/** GET /api/site/tasks?site_id=[&device_id=|&location_id=][&include_closed=] */
export const taskListQuerySchema = z
  .object({
    site_id: requiredId('site'),
    ...targetFields,
    /** Done `once` tasks too. */
    include_closed: formBoolean('include_closed').optional(),
  })
  .superRefine(oneTarget);
export type TaskListQuery = z.output<typeof taskListQuerySchema>;

/** One ticked (or not) checklist item of a completion. */
export const taskChecklistItemSchema = z.object({
  item: requiredText('checklist', 200),
  done: formBoolean('checklist'),
});

/**
 * POST /api/site/tasks/done: `done_at` is the day it was done (today when absent, never in the
 * future); `attachments` are ids of files already uploaded to the task's site (the photo).
 */
export const taskDoneSchema = z.object({
  id: idField('id'),
  note: optionalText('note', 5000).optional(),
  done_at: optionalDate('done_at').optional(),
  checklist: jsonList(taskChecklistItemSchema, 'checklist', TASK_CHECKLIST_MAX).optional(),
  attachments: jsonList(idField('attachments'), 'attachments', 20).optional(),
});
export type TaskDoneInput = z.output<typeof taskDoneSchema>;

/** GET /api/site/tasks/history?id=, DELETE /api/site/tasks?id= */
export const taskIdQuerySchema = z.object({ id: idField('id') });

export const taskSchema = z.object({
  id: z.number(),
  site_id: z.number(),
  device_id: z.number().nullable(),
  location_id: z.number().nullable(),
  /** What it hangs on, named for lists: the device's or location's name, null for the site. */
  target_name: z.string().nullable(),
  title: z.string(),
  description: z.string().nullable(),
  interval: z.number(),
  interval_unit: z.enum(TASK_INTERVAL_UNITS),
  next_due_date: z.string(),
  assignee_id: z.number().nullable(),
  assignee_name: z.string().nullable(),
  checklist: z.array(z.string()),
  /** When a `once` task was done: it no longer falls due. */
  closed_at: z.string().nullable(),
  last_done_at: z.string().nullable(),
  user_id: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TaskDto = z.infer<typeof taskSchema>;

export const taskCompletionSchema = z.object({
  id: z.number(),
  task_id: z.number(),
  user_id: z.number().nullable(),
  user_name: z.string().nullable(),
  done_at: z.string(),
  note: z.string().nullable(),
  checklist: z.array(z.object({ item: z.string(), done: z.boolean() })),
  /** The files still on the site; a file deleted since is left out. */
  attachments: z.array(attachmentSchema),
  previous_due_date: z.string(),
  next_due_date: z.string().nullable(),
  created_at: z.string(),
});
export type TaskCompletionDto = z.infer<typeof taskCompletionSchema>;

export const taskResponseSchema = z.object({ task: taskSchema });
export const taskListResponseSchema = z.object({ tasks: z.array(taskSchema) });
export const taskDoneResponseSchema = z.object({ task: taskSchema, completion: taskCompletionSchema });
export const taskHistoryResponseSchema = z.object({ completions: z.array(taskCompletionSchema) });
export const taskDeleteResponseSchema = z.object({ id: z.number() });
