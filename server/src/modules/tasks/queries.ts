import type { TaskChecklistState, TaskCompletionDto, TaskDto } from '@asbuilt/domain';
import { and, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { attachments, devices, locations, products, taskCompletions, tasks, users } from '../../db/schema.ts';
import type { Storage } from '../../platform/storage.ts';
import { presentAttachment } from '../attachments/present.ts';
import { deviceLabel } from '../devices/present.ts';
import { linkNamer } from '../sites/links.ts';
import { presentCompletion, presentTask } from './present.ts';

const assignees = alias(users, 'assignees');

/** Tasks with what the lists show beside them: the target's name, the assignee's, the last done day. */
export async function selectTasks(db: DbOrTx, where: SQL | undefined): Promise<TaskDto[]> {
  const rows = await db
    .select({
      task: tasks,
      device: { id: devices.id, code: devices.code, name: devices.name },
      product: products.name,
      location: locations.name,
      assignee: { fname: assignees.fname, lname: assignees.lname, email: assignees.email },
      last_done_at: sql<
        string | null
      >`(select max(${taskCompletions.done_at})::text from ${taskCompletions} where ${taskCompletions.task_id} = ${tasks.id})`,
    })
    .from(tasks)
    .leftJoin(devices, eq(devices.id, tasks.device_id))
    .leftJoin(products, eq(products.id, devices.product_id))
    .leftJoin(locations, eq(locations.id, tasks.location_id))
    .leftJoin(assignees, eq(assignees.id, tasks.assignee_id))
    .where(where)
    .orderBy(tasks.next_due_date, tasks.id);
  return rows.map((row) =>
    presentTask(row.task, {
      targetName: row.device?.id ? deviceLabel(row.device, row.product) : row.location,
      assignee: row.assignee?.email ? row.assignee : null,
      lastDoneAt: row.last_done_at,
    }),
  );
}

export function openTasks(
  siteId: number,
  target: { device_id?: number | null; location_id?: number | null },
  includeClosed = false,
) {
  return and(
    eq(tasks.site_id, siteId),
    target.device_id ? eq(tasks.device_id, target.device_id) : undefined,
    target.location_id ? eq(tasks.location_id, target.location_id) : undefined,
    includeClosed ? undefined : isNull(tasks.closed_at),
  );
}

/**
 * A task's completions, newest first, with the files they name that are still on the site. Two
 * queries whatever the number of completions.
 */
export async function selectHistory(
  db: DbOrTx,
  storage: Storage,
  site: { id: number; name: string },
  taskId: number,
): Promise<TaskCompletionDto[]> {
  const rows = await db
    .select()
    .from(taskCompletions)
    .where(eq(taskCompletions.task_id, taskId))
    .orderBy(desc(taskCompletions.done_at), desc(taskCompletions.id));
  const ids = [...new Set(rows.flatMap((row) => row.attachment_ids))];
  const files = ids.length
    ? await db
        .select()
        .from(attachments)
        .where(and(eq(attachments.site_id, site.id), inArray(attachments.id, ids)))
    : [];
  const name = await linkNamer(
    db,
    site,
    files.map((f) => ({
      type: f.attachable_type as 'Device' | 'Floor' | 'Location' | null,
      id: f.attachable_id,
    })),
  );
  const byId = new Map(files.map((file) => [file.id, presentAttachment(file, storage, name)]));
  return rows.map((row) =>
    presentCompletion(
      row,
      row.attachment_ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])),
    ),
  );
}

export type { TaskChecklistState };
