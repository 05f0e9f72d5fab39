import { addInterval, isoDate, languageOf, type TaskIntervalUnit, taskOccurrences } from '@asbuilt/domain';
import { and, eq, sql } from 'drizzle-orm';
import ical from 'ical-generator';
import { calendarFeeds, users } from '../../db/schema.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { hashToken, newToken } from '../../platform/tokens.ts';
import { rowsOf } from './queries.ts';
import { dueItemsFor, sitesSeenBy } from './service.ts';
import { dueWord, kindWord } from './words.ts';

/** How far ahead the feed lists due dates and task occurrences. */
export const CALENDAR_DAYS = 366;

/**
 * POST /api/global/me/calendar: a new secret feed URL. Only its hash is kept, one per user, so
 * the new one replaces (revokes) the last at once.
 */
export async function newCalendarUrl(ctx: AppContext, actor: Actor): Promise<{ url: string }> {
  const token = newToken();
  const token_hash = hashToken(token);
  await ctx.db
    .insert(calendarFeeds)
    .values({ user_id: actor.userId, token_hash })
    .onConflictDoUpdate({ target: calendarFeeds.user_id, set: { token_hash, created_at: new Date() } });
  return { url: `${ctx.config.publicUrl}/api/calendar/${token}.ics` };
}

/** DELETE /api/global/me/calendar: the feed stops answering. */
export async function revokeCalendar(ctx: AppContext, actor: Actor): Promise<{ ok: true }> {
  await ctx.db.delete(calendarFeeds).where(eq(calendarFeeds.user_id, actor.userId));
  return { ok: true };
}

interface TaskRow {
  id: number;
  title: string;
  site_id: number;
  next_due_date: string;
  interval: number;
  interval_unit: TaskIntervalUnit;
}

/**
 * GET /api/calendar/{token}.ics: the due dates of the sites the feed's owner can open now (an
 * expired access's sites drop out at once), and every occurrence of their tasks, as all-day
 * events. An unknown, revoked or altered token, or a deactivated user, answers 404.
 */
export async function calendarFeed(ctx: AppContext, file: string): Promise<string> {
  const match = /^([A-Za-z0-9_-]{20,100})\.ics$/.exec(file);
  if (!match) throw notFound();
  const [user] = await ctx.db
    .select({ id: users.id, tenantId: users.tenant_id, role: users.role, language: users.language })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.user_id))
    .where(and(eq(calendarFeeds.token_hash, hashToken(match[1]!)), eq(users.user_status, true)));
  if (!user) throw notFound();
  const viewer = { userId: user.id, tenantId: user.tenantId, role: user.role };
  const language = languageOf(user.language);
  const today = isoDate();
  const until = addInterval(today, CALENDAR_DAYS, 'days');
  const reached = await sitesSeenBy(ctx, viewer);
  const siteName = new Map(reached.map((r) => [r.site.id, r.site.name]));
  const items = await dueItemsFor(ctx, viewer, reached, CALENDAR_DAYS, today);
  const tasks =
    reached.length === 0
      ? []
      : await rowsOf<TaskRow>(
          ctx.db,
          sql`select id, title, site_id, next_due_date::text as next_due_date, interval, interval_unit
            from tasks where closed_at is null and next_due_date <= ${until}::date
              and site_id = any(${`{${reached.map((r) => r.site.id).join(',')}}`}::int[])`,
        );

  const calendar = ical({ name: dueWord(language, 'calendar.name'), prodId: '//Asbuilt//Due//EN' });
  const event = (uid: string, day: string, summary: string, siteId: number) =>
    calendar.createEvent({
      id: uid,
      start: new Date(`${day}T00:00:00Z`),
      allDay: true,
      summary,
      location: siteName.get(siteId) ?? '',
      url: `${ctx.config.publicUrl}/site/${siteId}/due`,
    });
  for (const item of items) {
    if (item.kind === 'task') continue;
    event(
      `${item.kind}-${item.id}-${item.site_id}@asbuilt`,
      item.due_date,
      `${kindWord(language, item.kind)}: ${item.title}`,
      item.site_id,
    );
  }
  for (const task of tasks) {
    for (const day of taskOccurrences(task.next_due_date, task.interval, task.interval_unit, until)) {
      event(
        `task-${task.id}-${day}@asbuilt`,
        day,
        `${kindWord(language, 'task')}: ${task.title}`,
        task.site_id,
      );
    }
  }
  return calendar.toString();
}
