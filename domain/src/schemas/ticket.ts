import { z } from 'zod';
import { TICKET_PRIORITIES, TICKET_STATUSES, TICKET_TYPES } from '../constants.ts';
import { encodeMessage } from '../i18n/messages.ts';
import { logEntrySchema } from './device.ts';
import {
  idField,
  optionalChoice,
  optionalId,
  optionalText,
  requiredId,
  requiredText,
  versionField,
} from './form.ts';

/**
 * Support tickets (spatial-and-admin.md sections 2, 3, 4, 7, 9): tickets of a site, their
 * messages, internal notes (messages with topic `note`), time entries, linked files, and the
 * problem report a visitor sends from the public device page.
 */

export const TICKET_TEXT_MAX = 5000;
export const TICKET_PAGE = { default: 100, max: 500 } as const;
/** A visitor's photo: one picture, sent with the report (base64 in the JSON body). */
export const REPORT_PHOTO = {
  maxBytes: 5 * 1024 * 1024,
  extensions: ['jpg', 'jpeg', 'png', 'webp', 'heic'],
} as const;

const optionalDate = (field: 'due_date' | 'response_due_date') =>
  z.preprocess(
    (v) => (v === '' ? null : v),
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, encodeMessage('field_not_date', { field }))
      .nullable(),
  );

const ticketFields = {
  device_id: optionalId('device_id').optional(),
  zone_id: optionalId('zone').optional(),
  due_date: optionalDate('due_date').optional(),
  response_due_date: optionalDate('response_due_date').optional(),
  assigner_id: optionalId('assigner').optional(),
  assignee_id: optionalId('assignee').optional(),
  priority: optionalChoice('priority', TICKET_PRIORITIES).optional(),
  ticket_type: optionalChoice('ticket_type', TICKET_TYPES).optional(),
  resolution: optionalText('resolution', TICKET_TEXT_MAX).optional(),
};

/** POST /api/support/tickets: defaults open and Low; `messageBody` is the first message. */
export const ticketCreateSchema = z.object({
  site_id: requiredId('site'),
  subject: requiredText('subject'),
  ticket_status: optionalChoice('ticket_status', TICKET_STATUSES).optional(),
  messageBody: optionalText('message', TICKET_TEXT_MAX).optional(),
  ...ticketFields,
});
export type TicketCreateInput = z.output<typeof ticketCreateSchema>;

/** PUT /api/support/tickets (also the Resolution tab: `{ id, resolution }`). */
export const ticketUpdateSchema = z.object({
  id: idField('id'),
  site_id: idField('site').optional(),
  subject: requiredText('subject').optional(),
  ...ticketFields,
  /** As read: a change made in between answers 409 (changed_since_read). */
  updated_at: versionField().optional(),
});
export type TicketUpdateInput = z.output<typeof ticketUpdateSchema>;

/** PUT /api/support/tickets/status: the status toggle. */
export const ticketStatusSchema = z.object({
  id: idField('id'),
  ticket_status: z.enum(TICKET_STATUSES, {
    error: encodeMessage('field_one_of', { field: 'ticket_status', values: TICKET_STATUSES.join(', ') }),
  }),
});

export const ticketIdQuerySchema = z.object({ id: idField('id') });

/** GET /api/support/tenant: one tenant's tickets (the own one by default), searched and paged. */
export const ticketListQuerySchema = z.object({
  tenant_id: idField('tenant').optional(),
  site_id: idField('site').optional(),
  q: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(TICKET_PAGE.max).default(TICKET_PAGE.default),
  offset: z.coerce.number().int().min(0).default(0),
});
export type TicketListQuery = z.output<typeof ticketListQuerySchema>;

/** POST /api/global/messages: a message of a ticket; topic `note` makes it an internal note. */
export const messageCreateSchema = z.object({
  topic: optionalText('type', 50).optional(),
  sender_id: optionalId('user_id').optional(),
  recipient_id: optionalId('user_id').optional(),
  title: optionalText('name').optional(),
  body: requiredText('message', TICKET_TEXT_MAX),
  messageable_type: z
    .literal('Ticket', { error: encodeMessage('field_one_of', { field: 'type', values: 'Ticket' }) })
    .default('Ticket'),
  messageable_id: requiredId('id'),
});
export type MessageCreateInput = z.output<typeof messageCreateSchema>;

/** POST /api/support/time_entries */
export const timeEntryCreateSchema = z.object({
  ticket_id: requiredId('id'),
  minutes: z.coerce
    .number({ error: encodeMessage('field_not_number', { field: 'minutes' }) })
    .int(encodeMessage('field_not_whole', { field: 'minutes' }))
    .min(1, encodeMessage('field_min', { field: 'minutes', min: 1 }))
    .max(10_000, encodeMessage('field_max', { field: 'minutes', max: 10_000 })),
  note: optionalText('note', 1000).optional(),
});

/** POST/DELETE /api/support/tickets/attachments: link or unlink a file of the ticket's site. */
export const ticketAttachmentSchema = z.object({
  ticket_id: requiredId('id'),
  attachment_id: requiredId('id'),
});

/** PUT /api/global/me/ticket_mails */
export const ticketMailsSchema = z.object({
  ticket_mails: z.preprocess(
    (v) => (v === 'true' ? true : v === 'false' ? false : v),
    z.boolean({ error: encodeMessage('field_not_boolean', { field: 'ticket_mails' }) }),
  ),
});

/** POST /api/global/public/report (no session): a visitor's problem report for one device. */
export const publicReportSchema = z.object({
  hash: z.string().min(1).max(500),
  name: requiredText('name', 100),
  email: requiredText('email', 254).refine(
    (value) => z.email().safeParse(value).success,
    encodeMessage('email_invalid'),
  ),
  description: requiredText('description', TICKET_TEXT_MAX),
  photo: z
    .object({
      filename: requiredText('filename'),
      /** base64 of the picture's bytes. */
      data: z
        .string()
        .min(1)
        .max(Math.ceil((REPORT_PHOTO.maxBytes * 4) / 3) + 8, encodeMessage('file_too_large', { max: 5 })),
    })
    .nullish(),
});
export type PublicReportInput = z.output<typeof publicReportSchema>;

const personSchema = z.object({ id: z.number(), name: z.string() });

export const ticketMessageSchema = z.object({
  id: z.number(),
  topic: z.string().nullable(),
  sender_id: z.number().nullable(),
  sender_name: z.string(),
  recipient_id: z.number().nullable(),
  title: z.string().nullable(),
  body: z.string(),
  messageable_type: z.string(),
  messageable_id: z.number(),
  created_at: z.string(),
});
export type TicketMessageDto = z.infer<typeof ticketMessageSchema>;

export const ticketSchema = z.object({
  id: z.number(),
  /** The number users read (#12): counted per tenant, so it says nothing of other tenants' tickets. */
  number: z.number(),
  tenant_id: z.number(),
  site_id: z.number().nullable(),
  site: z.object({ id: z.number(), name: z.string() }).nullable(),
  device_id: z.number().nullable(),
  device_code: z.string().nullable(),
  zone_id: z.number().nullable(),
  zone_name: z.string().nullable(),
  ticket_status: z.enum(TICKET_STATUSES),
  priority: z.enum(TICKET_PRIORITIES),
  ticket_type: z.enum(TICKET_TYPES).nullable(),
  subject: z.string(),
  resolution: z.string().nullable(),
  due_date: z.string().nullable(),
  response_due_date: z.string().nullable(),
  assigner_id: z.number().nullable(),
  assignee_id: z.number().nullable(),
  assigner: z.object({ fname: z.string(), lname: z.string() }).nullable(),
  assignee: z.object({ fname: z.string(), lname: z.string() }).nullable(),
  total_time: z.number().nullable(),
  source: z.enum(['portal', 'visitor']),
  reporter_name: z.string().nullable(),
  reporter_email: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TicketDto = z.infer<typeof ticketSchema>;

export const timeEntrySchema = z.object({
  id: z.number(),
  ticket_id: z.number(),
  user_id: z.number().nullable(),
  user_name: z.string(),
  minutes: z.number(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type TimeEntryDto = z.infer<typeof timeEntrySchema>;

export const ticketFileSchema = z.object({
  id: z.number(),
  filename: z.string(),
  file_type: z.string(),
  url: z.string().nullable(),
  thumb: z.string().nullable(),
  created_at: z.string(),
});
export type TicketFileDto = z.infer<typeof ticketFileSchema>;

/** GET /api/support/tickets?id=: the view sheet; `notes` is null for a user outside the site's tenant. */
export const ticketDetailResponseSchema = z.object({
  ticket: ticketSchema,
  messages: z.array(ticketMessageSchema),
  notes: z.array(ticketMessageSchema).nullable(),
  time_entries: z.array(timeEntrySchema),
  attachments: z.array(ticketFileSchema),
  logs: z.array(logEntrySchema),
  /** The actor's permission on the ticket's site. */
  permission: z.number(),
});
export type TicketDetail = z.infer<typeof ticketDetailResponseSchema>;

export const ticketResponseSchema = z.object({ ticket: ticketSchema });

export const ticketListResponseSchema = z.object({
  tenant: personSchema,
  tickets: z.array(ticketSchema),
  total: z.number(),
  /** Users of the tenant (the assigner search), and the tenants and sites the actor can reach. */
  users: z.array(personSchema),
  tenants: z.array(personSchema),
  sites: z.array(personSchema.extend({ permission: z.number() })),
});
export type TicketList = z.infer<typeof ticketListResponseSchema>;

/** GET /api/support/assignees?site_id=: the users who can reach the site. */
export const assigneeListResponseSchema = z.object({ users: z.array(personSchema) });

export const messageResponseSchema = z.object({ message: ticketMessageSchema });
/** The ticket's number within its tenant: a visitor learns nothing of the platform's tickets. */
export const publicReportResponseSchema = z.object({ number: z.number() });
