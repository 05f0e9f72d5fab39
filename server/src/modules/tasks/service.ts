import {
  isoDate,
  nextDueDate,
  type SitePermission,
  type TaskBulkInput,
  type TaskCompletionDto,
  type TaskCreateInput,
  type TaskDoneInput,
  type TaskDto,
  type TaskListQuery,
  type TaskUpdateInput,
} from '@asbuilt/domain';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { attachments, devices, taskCompletions, tasks } from '../../db/schema.ts';
import { actorName, changesOf, createdFields, removedFields } from '../../platform/activity.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { requireSite, type SiteRow, TASK_RULES, usersReachingSite } from '../../platform/policy.ts';
import { checkUnchangedSince } from '../../platform/versions.ts';
import { assertLinkInSite } from '../sites/links.ts';
import { logTasks } from './activity.ts';
import { openTasks, selectHistory, selectTasks } from './queries.ts';

/**
 * Maintenance tasks (issue 44). Readers list them and read their history; Contributors and above
 * create, change, delete and complete them. Done, a recurring task's next due date moves on by its
 * interval from the day it was done; a `once` task is closed.
 */

/** A task on a site the actor holds `min` on; anything else (another tenant's too) is 404. */
async function requireTask(tx: DbOrTx, actor: Actor, id: number, min: SitePermission, lock = false) {
  const query = tx.select().from(tasks).where(eq(tasks.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('task_not_found');
  const { site } = await requireSite(tx, actor, row.site_id, min, 'task_not_found');
  return { task: row, site };
}

async function assertAssignee(tx: DbOrTx, site: SiteRow, assigneeId: number | null | undefined) {
  if (assigneeId == null) return;
  const reaching = await usersReachingSite(tx, site);
  if (!reaching.some((user) => user.id === assigneeId)) throw badRequest('task_assignee_unreachable');
}

async function assertTarget(
  tx: DbOrTx,
  siteId: number,
  target: { device_id?: number | null; location_id?: number | null },
) {
  if (target.device_id) await assertLinkInSite(tx, siteId, { type: 'Device', id: target.device_id });
  if (target.location_id) await assertLinkInSite(tx, siteId, { type: 'Location', id: target.location_id });
}

async function presentOne(tx: DbOrTx, id: number): Promise<TaskDto> {
  const [dto] = await selectTasks(tx, eq(tasks.id, id));
  return dto!;
}

function newTaskValues(input: Omit<TaskCreateInput, 'site_id' | 'device_id' | 'location_id'>) {
  return {
    title: input.title,
    description: input.description ?? null,
    interval: input.interval,
    interval_unit: input.interval_unit,
    next_due_date: input.next_due_date,
    assignee_id: input.assignee_id ?? null,
    checklist: input.checklist ?? [],
  };
}

/** GET /api/site/tasks?site_id=[&device_id=|&location_id=] */
export async function listTasks(ctx: AppContext, actor: Actor, query: TaskListQuery): Promise<TaskDto[]> {
  const { site } = await requireSite(ctx.db, actor, query.site_id, TASK_RULES.read);
  return selectTasks(ctx.db, openTasks(site.id, query, query.include_closed ?? false));
}

/** POST /api/site/tasks */
export async function createTask(ctx: AppContext, actor: Actor, input: TaskCreateInput): Promise<TaskDto> {
  return ctx.db.transaction(async (tx) => {
    const { site } = await requireSite(tx, actor, input.site_id, TASK_RULES.write);
    await assertTarget(tx, site.id, input);
    await assertAssignee(tx, site, input.assignee_id);
    const values = {
      ...newTaskValues(input),
      device_id: input.device_id ?? null,
      location_id: input.location_id ?? null,
    };
    const [row] = await tx
      .insert(tasks)
      .values({ ...values, site_id: site.id, user_id: actor.userId })
      .returning();
    await logTasks(tx, actor, site, [row!], 'created', 'Task Created', () => createdFields(values));
    return presentOne(tx, row!.id);
  });
}

/** POST /api/site/tasks/bulk: one task per selected device, all or none. */
export async function createTasksInBulk(
  ctx: AppContext,
  actor: Actor,
  input: TaskBulkInput,
): Promise<TaskDto[]> {
  return ctx.db.transaction(async (tx) => {
    const { site } = await requireSite(tx, actor, input.site_id, TASK_RULES.write);
    const ids = [...new Set(input.device_ids)];
    const [found] = await tx
      .select({ n: count() })
      .from(devices)
      .where(and(eq(devices.site_id, site.id), inArray(devices.id, ids)));
    if (found!.n !== ids.length) throw badRequest('devices_not_found');
    await assertAssignee(tx, site, input.assignee_id);
    const values = newTaskValues(input);
    const rows = await tx
      .insert(tasks)
      .values(ids.map((device_id) => ({ ...values, device_id, site_id: site.id, user_id: actor.userId })))
      .returning();
    await logTasks(tx, actor, site, rows, 'created', 'Task Created', () => createdFields(values));
    return selectTasks(
      tx,
      inArray(
        tasks.id,
        rows.map((row) => row.id),
      ),
    );
  });
}

/** PUT /api/site/tasks: giving a device or a location moves the task there (the other is cleared). */
export async function updateTask(ctx: AppContext, actor: Actor, input: TaskUpdateInput): Promise<TaskDto> {
  return ctx.db.transaction(async (tx) => {
    const { task, site } = await requireTask(tx, actor, input.id, TASK_RULES.write, true);
    checkUnchangedSince(task.updated_at, input.updated_at);
    const retarget = input.device_id !== undefined || input.location_id !== undefined;
    const target = { device_id: input.device_id ?? null, location_id: input.location_id ?? null };
    if (retarget) await assertTarget(tx, site.id, target);
    if (input.assignee_id !== undefined) await assertAssignee(tx, site, input.assignee_id);
    const fields: Partial<typeof tasks.$inferInsert> = {
      ...(retarget && target),
      ...(input.title !== undefined && { title: input.title }),
      ...(input.description !== undefined && { description: input.description }),
      ...(input.interval !== undefined && { interval: input.interval }),
      ...(input.interval_unit !== undefined && { interval_unit: input.interval_unit }),
      ...(input.next_due_date !== undefined && { next_due_date: input.next_due_date }),
      ...(input.assignee_id !== undefined && { assignee_id: input.assignee_id }),
      ...(input.checklist !== undefined && { checklist: input.checklist }),
    };
    // A closed `once` task given a new date, or made recurring, falls due again.
    const reopen =
      task.closed_at !== null &&
      (input.next_due_date !== undefined ||
        (input.interval_unit !== undefined && input.interval_unit !== 'once'));
    const [row] = await tx
      .update(tasks)
      .set({ ...fields, ...(reopen && { closed_at: null }), updated_at: new Date() })
      .where(eq(tasks.id, task.id))
      .returning();
    const changed = changesOf(task, fields);
    await logTasks(tx, actor, site, [row!], 'updated', 'Task Updated', () => changed);
    return presentOne(tx, row!.id);
  });
}

/** DELETE /api/site/tasks?id=: its history goes with it. */
export async function deleteTask(ctx: AppContext, actor: Actor, id: number): Promise<{ id: number }> {
  return ctx.db.transaction(async (tx) => {
    const { task, site } = await requireTask(tx, actor, id, TASK_RULES.write);
    await tx.delete(tasks).where(eq(tasks.id, task.id));
    await logTasks(tx, actor, site, [task], 'deleted', 'Task Deleted', () =>
      removedFields(task, ['title', 'next_due_date']),
    );
    return { id: task.id };
  });
}

/**
 * The latest day a task may be said done: tomorrow in UTC, because east of Greenwich a user's
 * today is already UTC's tomorrow for part of the day.
 */
function latestDoneDay(now = new Date()): string {
  return isoDate(new Date(now.getTime() + 24 * 3600 * 1000));
}

/** POST /api/site/tasks/done */
export async function markTaskDone(
  ctx: AppContext,
  actor: Actor,
  input: TaskDoneInput,
): Promise<{ task: TaskDto; completion: TaskCompletionDto }> {
  return ctx.db.transaction(async (tx) => {
    const { task, site } = await requireTask(tx, actor, input.id, TASK_RULES.complete, true);
    if (task.closed_at !== null) throw conflict('task_closed');
    const doneAt = input.done_at ?? isoDate();
    if (doneAt > latestDoneDay()) throw badRequest('task_done_in_future');
    const fileIds = [...new Set(input.attachments ?? [])];
    if (fileIds.length) {
      const [found] = await tx
        .select({ n: count() })
        .from(attachments)
        .where(and(eq(attachments.site_id, site.id), inArray(attachments.id, fileIds)));
      if (found!.n !== fileIds.length) throw badRequest('attachment_other_site');
    }
    const next = nextDueDate(doneAt, task.interval, task.interval_unit);
    const checklist = input.checklist ?? task.checklist.map((item) => ({ item, done: false }));
    const [completion] = await tx
      .insert(taskCompletions)
      .values({
        task_id: task.id,
        site_id: site.id,
        user_id: actor.userId,
        user_name: actorName(actor),
        done_at: doneAt,
        note: input.note ?? null,
        attachment_ids: fileIds,
        checklist,
        previous_due_date: task.next_due_date,
        next_due_date: next,
      })
      .returning();
    const [row] = await tx
      .update(tasks)
      .set(next === null ? { closed_at: new Date() } : { next_due_date: next, updated_at: new Date() })
      .where(eq(tasks.id, task.id))
      .returning();
    await logTasks(
      tx,
      actor,
      site,
      [row!],
      'completed',
      'Task Done',
      (): ReturnType<typeof changesOf> =>
        next === null
          ? { done_at: { to: doneAt } }
          : { done_at: { to: doneAt }, next_due_date: { from: task.next_due_date, to: next } },
    );
    const history = await selectHistory(tx, ctx.storage, site, task.id);
    return {
      task: await presentOne(tx, row!.id),
      completion: history.find((entry) => entry.id === completion!.id)!,
    };
  });
}

/** GET /api/site/tasks/history?id= */
export async function taskHistory(ctx: AppContext, actor: Actor, id: number): Promise<TaskCompletionDto[]> {
  const { task, site } = await requireTask(ctx.db, actor, id, TASK_RULES.read);
  return selectHistory(ctx.db, ctx.storage, site, task.id);
}
