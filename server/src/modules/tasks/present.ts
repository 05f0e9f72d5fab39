import type { AttachmentDto, TaskCompletionDto, TaskDto } from '@asbuilt/domain';
import type { taskCompletions, tasks } from '../../db/schema.ts';

export type TaskRow = typeof tasks.$inferSelect;
export type CompletionRow = typeof taskCompletions.$inferSelect;

interface TaskJoins {
  targetName: string | null;
  assignee: { fname: string; lname: string; email: string } | null;
  lastDoneAt: string | null;
}

function personName(person: { fname: string; lname: string; email: string }): string {
  return `${person.fname} ${person.lname}`.trim() || person.email;
}

export function presentTask(row: TaskRow, joins: TaskJoins): TaskDto {
  return {
    id: row.id,
    site_id: row.site_id,
    device_id: row.device_id,
    location_id: row.location_id,
    target_name: joins.targetName,
    title: row.title,
    description: row.description,
    interval: row.interval,
    interval_unit: row.interval_unit,
    next_due_date: row.next_due_date,
    assignee_id: row.assignee_id,
    assignee_name: joins.assignee ? personName(joins.assignee) : null,
    checklist: row.checklist,
    closed_at: row.closed_at?.toISOString() ?? null,
    last_done_at: joins.lastDoneAt,
    user_id: row.user_id,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function presentCompletion(row: CompletionRow, files: AttachmentDto[]): TaskCompletionDto {
  return {
    id: row.id,
    task_id: row.task_id,
    user_id: row.user_id,
    user_name: row.user_name,
    done_at: row.done_at,
    note: row.note,
    checklist: row.checklist,
    attachments: files,
    previous_due_date: row.previous_due_date,
    next_due_date: row.next_due_date,
    created_at: row.created_at.toISOString(),
  };
}
