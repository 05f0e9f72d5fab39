import type { TaskChecklistState, TaskIntervalUnit } from '@asbuilt/domain';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { devices, locations, sites, users } from './schema.ts';

/**
 * Maintenance tasks (issue 44; the specification's `tasks` export model): on a device, a location
 * or the site itself (both null). A recurring task moves its `next_due_date` on when it is done; a
 * `once` task is closed instead (`closed_at`) and leaves every due list.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    site_id: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    device_id: integer('device_id').references(() => devices.id, { onDelete: 'cascade' }),
    location_id: integer('location_id').references(() => locations.id, { onDelete: 'cascade' }),
    /** Who created it. */
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    assignee_id: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description'),
    interval: integer('interval').notNull().default(1),
    interval_unit: text('interval_unit').$type<TaskIntervalUnit>().notNull(),
    next_due_date: date('next_due_date', { mode: 'string' }).notNull(),
    /** The items to tick each time it is done. */
    checklist: jsonb('checklist').$type<string[]>().notNull().default([]),
    closed_at: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index('tasks_site_due_idx').on(t.site_id, t.next_due_date).where(sql`${t.closed_at} IS NULL`),
    index('tasks_site_idx').on(t.site_id),
    index('tasks_device_idx').on(t.device_id),
    index('tasks_location_idx').on(t.location_id),
    index('tasks_user_idx').on(t.user_id),
    index('tasks_assignee_idx').on(t.assignee_id),
    check(
      'tasks_interval_unit_check',
      sql`${t.interval_unit} in ('days', 'weeks', 'months', 'years', 'once')`,
    ),
    check('tasks_interval_check', sql`${t.interval} > 0`),
    check('tasks_one_target_check', sql`${t.device_id} IS NULL OR ${t.location_id} IS NULL`),
  ],
);

/** One "done" of a task: kept for its history, never changed afterwards. */
export const taskCompletions = pgTable(
  'task_completions',
  {
    id: serial('id').primaryKey(),
    task_id: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    site_id: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept so the history still names who did it after the user is gone. */
    user_name: text('user_name'),
    /** The day it was done: the next due date counts from it. */
    done_at: date('done_at', { mode: 'string' }).notNull(),
    note: text('note'),
    /** Attachments of the site (photos taken on the spot), by id. */
    attachment_ids: jsonb('attachment_ids').$type<number[]>().notNull().default([]),
    checklist: jsonb('checklist').$type<TaskChecklistState>().notNull().default([]),
    /** The due date this completion answered, and the one it set (null: a `once` task closed). */
    previous_due_date: date('previous_due_date', { mode: 'string' }).notNull(),
    next_due_date: date('next_due_date', { mode: 'string' }),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('task_completions_task_idx').on(t.task_id, t.done_at),
    index('task_completions_site_idx').on(t.site_id),
    index('task_completions_user_idx').on(t.user_id),
  ],
);
