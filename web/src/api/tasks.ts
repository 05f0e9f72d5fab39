/** Maintenance tasks of a site (issue 44): lists, changes, "done" with its history. */
import type { TaskCompletionDto, TaskDoneInput, TaskDto, TaskIntervalUnit } from '@asbuilt/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isConflict } from './client.ts';
import { siteKeys } from './sites.ts';

/**
 * Every task query starts with `tasks`, so one invalidation refreshes them all; the due lists
 * (`due`) show tasks too and are refreshed with them.
 */
export const taskKeys = {
  all: ['tasks'] as const,
  list: (siteId: number, target: TaskTarget) =>
    [...taskKeys.all, siteId, target.device_id ?? null, target.location_id ?? null] as const,
  history: (taskId: number) => [...taskKeys.all, 'history', taskId] as const,
};

export interface TaskTarget {
  device_id?: number | null;
  location_id?: number | null;
}

export function useTasks(siteId: number, target: TaskTarget, enabled = true) {
  return useQuery({
    queryKey: taskKeys.list(siteId, target),
    enabled,
    queryFn: ({ signal }) =>
      api
        .get<{ tasks: TaskDto[] }>(
          '/site/tasks',
          {
            site_id: siteId,
            ...(target.device_id ? { device_id: target.device_id } : {}),
            ...(target.location_id ? { location_id: target.location_id } : {}),
          },
          { signal },
        )
        .then((answer) => answer.tasks),
  });
}

export function useTaskHistory(taskId: number, enabled = true) {
  return useQuery({
    queryKey: taskKeys.history(taskId),
    enabled,
    queryFn: ({ signal }) =>
      api
        .get<{ completions: TaskCompletionDto[] }>('/site/tasks/history', { id: taskId }, { signal })
        .then((answer) => answer.completions),
  });
}

export interface TaskInput {
  title: string;
  description?: string | null;
  interval: number;
  interval_unit: TaskIntervalUnit;
  next_due_date: string;
  assignee_id?: number | null;
  checklist?: string[];
}

function useTaskMutation<Input, Answer>(siteId: number, call: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: taskKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['due'] });
    void queryClient.invalidateQueries({ queryKey: siteKeys.deviceLogsAll(siteId) });
  };
  return useMutation({
    mutationFn: call,
    onSuccess: refresh,
    onError: (error) => {
      if (isConflict(error)) refresh();
    },
  });
}

export function useCreateTask(siteId: number) {
  return useTaskMutation(siteId, (input: TaskInput & TaskTarget) =>
    api.post<{ task: TaskDto }>('/site/tasks', { site_id: siteId, ...input }).then((a) => a.task),
  );
}

/** The same task on each of the given devices, all or none. */
export function useCreateTasksInBulk(siteId: number) {
  return useTaskMutation(siteId, (input: TaskInput & { device_ids: number[] }) =>
    api.post<{ tasks: TaskDto[] }>('/site/tasks/bulk', { site_id: siteId, ...input }).then((a) => a.tasks),
  );
}

export function useUpdateTask(siteId: number) {
  return useTaskMutation(
    siteId,
    (input: Partial<TaskInput> & TaskTarget & { id: number; updated_at?: string }) =>
      api.put<{ task: TaskDto }>('/site/tasks', input).then((a) => a.task),
  );
}

export function useDeleteTask(siteId: number) {
  return useTaskMutation(siteId, (id: number) => api.delete<{ id: number }>('/site/tasks', { id }));
}

/** Records a task as done: a recurring one moves to its next date, a `once` task closes. */
export function useMarkTaskDone(siteId: number) {
  return useTaskMutation(siteId, (input: TaskDoneInput) =>
    api.post<{ task: TaskDto; completion: TaskCompletionDto }>('/site/tasks/done', input),
  );
}
