import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { sites, users } from './schema.ts';

/**
 * What is due (issue 44): who is reminded of what, and how. A user without a preferences row has
 * the default of their role (REMINDER_DEFAULTS in the domain): the row is written on the first change.
 */
export const reminderPreferences = pgTable(
  'reminder_preferences',
  {
    user_id: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** weekly (a digest on `weekday`), daily, or none. */
    frequency: text('frequency').notNull(),
    /** ISO weekday of the weekly digest, Monday = 1. */
    weekday: integer('weekday').notNull().default(1),
    /** Items due within this many days are mailed, with everything overdue. */
    days: integer('days').notNull().default(30),
    /** Only these sites; null means every site the user can see. */
    site_ids: integer('site_ids').array(),
    updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    check('reminder_preferences_frequency_check', sql`${t.frequency} in ('weekly', 'daily', 'none')`),
    check('reminder_preferences_weekday_check', sql`${t.weekday} between 1 and 7`),
    check('reminder_preferences_days_check', sql`${t.days} between 0 and 366`),
  ],
);

/**
 * Each item mailed to each user, by day: the job mails an item to a user once a day at most,
 * whichever server runs it and however often (the insert claims the row first).
 */
export const remindersSent = pgTable(
  'reminders_sent',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    item_id: integer('item_id').notNull(),
    site_id: integer('site_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.day, t.kind, t.item_id, t.site_id] }),
    index('reminders_sent_day_idx').on(t.day),
  ],
);

/** A user's calendar feed: one at a time, stored hashed; a new one replaces (revokes) the old. */
export const calendarFeeds = pgTable('calendar_feeds', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** SHA-256 of the feed URL's token. */
  token_hash: text('token_hash').notNull().unique('calendar_feeds_token_key'),
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** A due item a user put off: it leaves their lists and reminders until `until`. */
export const reminderSnoozes = pgTable(
  'reminder_snoozes',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    item_id: integer('item_id').notNull(),
    site_id: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    until: date('until', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.kind, t.item_id, t.site_id] }),
    index('reminder_snoozes_site_idx').on(t.site_id),
  ],
);
