import type { TaskDto } from '@asbuilt/domain';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';

/** "Every 3 months", "Every day", "Once", in the reader's language. */
export function intervalText(
  t: TFunction<'tasks'>,
  task: Pick<TaskDto, 'interval' | 'interval_unit'>,
): string {
  if (task.interval_unit === 'once') return t('interval.once');
  return t(`interval.${task.interval_unit}`, { count: task.interval });
}

/** Today on the user's own calendar, as the API writes days. */
export const today = () => dayjs().format('YYYY-MM-DD');

/** Whether a task's next date has passed (today is not yet overdue). */
export const isOverdue = (task: Pick<TaskDto, 'next_due_date' | 'closed_at'>) =>
  task.closed_at === null && task.next_due_date < today();
