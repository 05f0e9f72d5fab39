import {
  assigneeListResponseSchema,
  messageCreateSchema,
  messageResponseSchema,
  publicReportResponseSchema,
  publicReportSchema,
  REPORT_PHOTO,
  requiredId,
  ticketAttachmentSchema,
  ticketCreateSchema,
  ticketDetailResponseSchema,
  ticketIdQuerySchema,
  ticketListQuerySchema,
  ticketListResponseSchema,
  ticketMailsSchema,
  ticketResponseSchema,
  ticketStatusSchema,
  ticketUpdateSchema,
  timeEntryCreateSchema,
  timeEntrySchema,
} from '@asbuilt/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { errorResponses, errorSchema, okSchema } from '../../platform/http.ts';
import { linkAttachment } from './files.ts';
import { ticketMails } from './mails.ts';
import * as reads from './reads.ts';
import { publicReport } from './report.ts';
import * as service from './service.ts';
import { addTimeEntry, deleteTimeEntry } from './time-entries.ts';
import {
  followBodySchema,
  followResponseSchema,
  followTicket,
  visitorAnswer,
  visitorAnswerSchema,
  visitorLanguageSchema,
} from './visitor.ts';

/** Support tickets: the portal's calls, the messages, and the visitor's problem report. */
export function ticketRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['tickets'];
    const mailsAnswer = z.object({ ticket_mails: z.boolean() });
    const ok = <T extends z.ZodType>(schema: T) => ({ 200: schema, ...errorResponses });

    app.get(
      '/api/support/tenant',
      { schema: { tags, querystring: ticketListQuerySchema, response: ok(ticketListResponseSchema) } },
      (request) => reads.listTickets(ctx, requireActor(request.actor), request.query),
    );
    app.get(
      '/api/support/tickets',
      { schema: { tags, querystring: ticketIdQuerySchema, response: ok(ticketDetailResponseSchema) } },
      (request) => reads.ticketDetail(ctx, requireActor(request.actor), request.query.id),
    );
    app.post(
      '/api/support/tickets',
      { schema: { tags, body: ticketCreateSchema, response: ok(ticketResponseSchema) } },
      async (request) => ({
        ticket: await service.createTicket(ctx, requireActor(request.actor), request.body),
      }),
    );
    app.put(
      '/api/support/tickets',
      { schema: { tags, body: ticketUpdateSchema, response: ok(ticketResponseSchema) } },
      async (request) => ({
        ticket: await service.updateTicket(ctx, requireActor(request.actor), request.body),
      }),
    );
    app.put(
      '/api/support/tickets/status',
      { schema: { tags, body: ticketStatusSchema, response: ok(ticketResponseSchema) } },
      async (request) => ({
        ticket: await service.setStatus(ctx, requireActor(request.actor), request.body),
      }),
    );
    app.get(
      '/api/support/assignees',
      {
        schema: {
          tags,
          querystring: z.object({ site_id: requiredId('site') }),
          response: ok(assigneeListResponseSchema),
        },
      },
      async (request) => ({
        users: await reads.listAssignees(ctx, requireActor(request.actor), request.query.site_id),
      }),
    );
    app.post(
      '/api/global/messages',
      { schema: { tags, body: messageCreateSchema, response: ok(messageResponseSchema) } },
      async (request) => ({
        message: await service.sendMessage(ctx, requireActor(request.actor), request.body),
      }),
    );
    app.post(
      '/api/support/time_entries',
      {
        schema: {
          tags,
          body: timeEntryCreateSchema,
          response: ok(z.object({ time_entry: timeEntrySchema })),
        },
      },
      async (request) => ({
        time_entry: await addTimeEntry(ctx, requireActor(request.actor), request.body),
      }),
    );
    app.delete(
      '/api/support/time_entries',
      { schema: { tags, querystring: ticketIdQuerySchema, response: ok(z.object({ id: z.number() })) } },
      (request) => deleteTimeEntry(ctx, requireActor(request.actor), request.query.id),
    );
    app.post(
      '/api/support/tickets/attachments',
      { schema: { tags, body: ticketAttachmentSchema, response: ok(okSchema) } },
      (request) => linkAttachment(ctx, requireActor(request.actor), request.body, true),
    );
    app.delete(
      '/api/support/tickets/attachments',
      { schema: { tags, querystring: ticketAttachmentSchema, response: ok(okSchema) } },
      (request) => linkAttachment(ctx, requireActor(request.actor), request.query, false),
    );
    app.get('/api/global/me/ticket_mails', { schema: { tags, response: ok(mailsAnswer) } }, (request) =>
      ticketMails(ctx, requireActor(request.actor)),
    );
    app.put(
      '/api/global/me/ticket_mails',
      { schema: { tags, body: ticketMailsSchema, response: ok(mailsAnswer) } },
      (request) => ticketMails(ctx, requireActor(request.actor), request.body.ticket_mails),
    );
    app.post(
      '/api/global/public/report',
      {
        config: { public: true },
        // The photo travels base64 in the JSON body: its limit, plus the text fields.
        bodyLimit: Math.ceil((REPORT_PHOTO.maxBytes * 4) / 3) + 64 * 1024,
        schema: {
          tags: ['public'],
          security: [],
          body: publicReportSchema.extend({ language: visitorLanguageSchema }),
          response: { ...ok(publicReportResponseSchema), 413: errorSchema },
        },
      },
      (request) => publicReport(ctx, request.body, request.ip),
    );
    const visitorRoute = { public: true };
    app.post(
      '/api/global/public/ticket',
      {
        config: visitorRoute,
        schema: {
          tags: ['public'],
          security: [],
          body: followBodySchema,
          response: ok(followResponseSchema),
        },
      },
      (request) => followTicket(ctx, request.body.hash, request.ip),
    );
    app.post(
      '/api/global/public/ticket/messages',
      {
        config: visitorRoute,
        schema: {
          tags: ['public'],
          security: [],
          body: visitorAnswerSchema,
          response: ok(followResponseSchema),
        },
      },
      (request) => visitorAnswer(ctx, request.body, request.ip),
    );
  };
}
