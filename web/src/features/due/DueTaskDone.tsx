/**
 * A task marked done from a Due row with the device card's own dialog (day, checklist, note,
 * photos taken on the spot), so both record the same: the row carries the task's id and target,
 * and the dialog opens once the target's open tasks are loaded.
 */
import type { DueItem } from '@asbuilt/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type TaskTarget, useTasks } from '../../api/tasks.ts';
import { toastError, toastNotice } from '../../lib/toast.ts';
import { TaskDoneDialog } from '../tasks/TaskDoneDialog.tsx';

function targetOf(item: DueItem): TaskTarget {
  if (item.object_type === 'device') return { device_id: item.object_id };
  if (item.object_type === 'location') return { location_id: item.object_id };
  return {};
}

export function DueTaskDone({ item, onClose }: { item: DueItem; onClose: () => void }) {
  const { t } = useTranslation('due');
  const tasks = useTasks(item.site_id, targetOf(item));
  const task = tasks.data?.find((one) => one.id === item.id) ?? null;
  const gone = tasks.isSuccess && task === null;
  useEffect(() => {
    if (tasks.isError) {
      toastError(tasks.error);
      onClose();
    } else if (gone) {
      // Done or removed by someone else since the list was read.
      toastNotice(t('done.gone'));
      onClose();
    }
  }, [tasks.isError, tasks.error, gone, onClose, t]);
  return <TaskDoneDialog task={task} onClose={onClose} />;
}
