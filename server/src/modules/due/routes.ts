import {
  calendarFeedResponseSchema,
  dueResponseSchema,
  dueSnoozeSchema,
  dueSummaryResponseSchema,
  reminderPreferencesResponseSchema,
  reminderPreferencesUpdateSchema,
  siteDueQuerySchema,
  tenantDueQuerySchema,
  unsubscribeQuerySchema,
  unsubscribeResponseSchema,
} from '@asbuilt/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { errorResponses, okSchema } from '../../platform/http.ts';
import { calendarFeed, newCalendarUrl, revokeCalendar } from './calendar.ts';
import { unsubscribe } from './links.ts';
import { getReminders, putReminders } from './reminders.ts';
import { siteDue, siteDueSummary, snooze, tenantDue } from './service.ts';

/** What is due (issue 44): the Due lists, snoozes, reminder settings, the calendar feed and unsubscribing. */
export function dueRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['due'];
    const list = { 200: dueResponseSchema, ...errorResponses };

    app.get(
      '/api/site/due',
      {
        schema: {
          tags,
          description:
            "A site's dated items due within `days` (default 30) and every overdue one: warranties, site accesses, secrets' expiry and rotation, products' end of sale and support, files' validity, tasks.",
          querystring: siteDueQuerySchema,
          response: list,
        },
      },
      (request) => siteDue(ctx, requireActor(request.actor), request.query),
    );
    app.get(
      '/api/site/due/summary',
      {
        schema: {
          tags,
          description:
            "The site dashboard's card and chart: items per kind within `days`, the next five, and the devices by status.",
          querystring: siteDueQuerySchema,
          response: { 200: dueSummaryResponseSchema, ...errorResponses },
        },
      },
      (request) => siteDueSummary(ctx, requireActor(request.actor), request.query),
    );
    app.get(
      '/api/tenant/due',
      {
        schema: {
          tags,
          description: 'The same items over every site the caller can open.',
          querystring: tenantDueQuerySchema,
          response: list,
        },
      },
      (request) => tenantDue(ctx, requireActor(request.actor), request.query),
    );
    app.post(
      '/api/site/due/snooze',
      {
        schema: {
          tags,
          description:
            'Puts an item off for the caller alone: it leaves their lists and reminders until `until`.',
          body: dueSnoozeSchema,
          response: { 200: okSchema, ...errorResponses },
        },
      },
      (request) => snooze(ctx, requireActor(request.actor), request.body),
    );

    app.get(
      '/api/global/me/reminders',
      { schema: { tags, response: { 200: reminderPreferencesResponseSchema, ...errorResponses } } },
      (request) => getReminders(ctx, requireActor(request.actor)),
    );
    app.put(
      '/api/global/me/reminders',
      {
        schema: {
          tags,
          body: reminderPreferencesUpdateSchema,
          response: { 200: reminderPreferencesResponseSchema, ...errorResponses },
        },
      },
      (request) => putReminders(ctx, requireActor(request.actor), request.body),
    );

    app.post(
      '/api/global/me/calendar',
      {
        schema: {
          tags,
          description: 'A new personal calendar feed URL (iCal); the previous one stops working.',
          response: { 200: calendarFeedResponseSchema, ...errorResponses },
        },
      },
      (request) => newCalendarUrl(ctx, requireActor(request.actor)),
    );
    app.delete(
      '/api/global/me/calendar',
      { schema: { tags, response: { 200: okSchema, ...errorResponses } } },
      (request) => revokeCalendar(ctx, requireActor(request.actor)),
    );
    app.get(
      '/api/calendar/:file',
      {
        config: { public: true },
        schema: {
          tags,
          security: [],
          description: 'The feed a calendar app subscribes to: `{token}.ics`. Revoked or altered: 404.',
          params: z.object({ file: z.string().max(200) }),
        },
      },
      async (request, reply) =>
        reply
          .type('text/calendar; charset=utf-8')
          .header('Cache-Control', 'no-store')
          .send(await calendarFeed(ctx, request.params.file)),
    );

    app.post(
      '/api/global/public/unsubscribe',
      {
        config: { public: true },
        schema: {
          tags,
          security: [],
          description:
            "A reminder mail's signed link (and its List-Unsubscribe-Post one-click header): that user gets no more reminders.",
          querystring: unsubscribeQuerySchema,
          response: { 200: unsubscribeResponseSchema, ...errorResponses },
        },
      },
      (request) => unsubscribe(ctx, request.query.token),
    );
  };
}
