/**
 * The maintenance tasks of a device, a location or the site: each with how often, its next date
 * (overdue in red), the assignee, "Mark done", its history, and Edit / Delete for Contributors up.
 */
import type { TaskDto } from '@asbuilt/domain';
import AddIcon from '@mui/icons-material/Add';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import CheckCircleOutlineIcon from '@mui/icons-material/TaskAlt';
import {
  Box,
  Button,
  Chip,
  Collapse,
  IconButton,
  Menu,
  MenuItem,
  Paper,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type TaskTarget, useDeleteTask, useTasks } from '../../api/tasks.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { formatDate } from '../../lib/dates.ts';
import { toastSuccess } from '../../lib/toast.ts';
import { TaskDialog, type TaskDialogTarget } from './TaskDialog.tsx';
import { TaskDoneDialog } from './TaskDoneDialog.tsx';
import { TaskHistory } from './TaskHistory.tsx';
import { intervalText, isOverdue } from './taskText.ts';

export function TasksSection({
  siteId,
  target,
  canEdit,
}: {
  siteId: number;
  target: TaskTarget;
  canEdit: boolean;
}) {
  const { t } = useTranslation(['tasks', 'components']);
  const tasks = useTasks(siteId, target);
  const remove = useDeleteTask(siteId);
  const [dialog, setDialog] = useState<TaskDialogTarget | null>(null);
  const [doing, setDoing] = useState<TaskDto | null>(null);
  const [deleting, setDeleting] = useState<TaskDto | null>(null);

  return (
    <Box component="section" aria-labelledby={`tasks-${siteId}-${target.device_id}-${target.location_id}`}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography
          id={`tasks-${siteId}-${target.device_id}-${target.location_id}`}
          variant="subtitle1"
          component="h3"
          sx={{ flex: 1 }}
        >
          {t('section.title')}
        </Typography>
        {canEdit ? (
          <Button size="small" startIcon={<AddIcon />} onClick={() => setDialog({ kind: 'new', target })}>
            {t('section.add')}
          </Button>
        ) : null}
      </Stack>
      {tasks.isError ? <ErrorState error={tasks.error} onRetry={() => tasks.refetch()} /> : null}
      {tasks.isPending ? <Skeleton height={72} /> : null}
      {tasks.isSuccess && tasks.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('section.empty')}
        </Typography>
      ) : null}
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {(tasks.data ?? []).map((task) => (
          <TaskItem
            key={task.id}
            task={task}
            canEdit={canEdit}
            onDone={() => setDoing(task)}
            onEdit={() => setDialog({ kind: 'edit', task })}
            onDelete={() => setDeleting(task)}
          />
        ))}
      </Stack>
      <TaskDialog siteId={siteId} target={dialog} onClose={() => setDialog(null)} />
      <TaskDoneDialog task={doing} onClose={() => setDoing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('form.delete_title')}
        message={t('form.delete_text', { title: deleting?.title ?? '' })}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toastSuccess(t('form.deleted'));
              setDeleting(null);
            },
          })
        }
      />
    </Box>
  );
}

function TaskItem({
  task,
  canEdit,
  onDone,
  onEdit,
  onDelete,
}: {
  task: TaskDto;
  canEdit: boolean;
  onDone: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation(['tasks', 'components']);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [showHistory, setShowHistory] = useState(false);
  const overdue = isOverdue(task);
  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5 }} data-testid="task-item">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="body1" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
            {task.title}
          </Typography>
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ flexWrap: 'wrap', alignItems: 'center', mt: 0.5 }}
          >
            <Typography variant="body2" color={overdue ? 'error' : 'text.primary'} data-testid="task-next">
              {t(task.interval_unit === 'once' ? 'list.due' : 'list.next', {
                date: formatDate(task.next_due_date),
              })}
            </Typography>
            {overdue ? <Chip size="small" color="error" label={t('list.overdue')} /> : null}
            <Chip size="small" variant="outlined" label={intervalText(t, task)} />
          </Stack>
          {task.description ? (
            <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap', mt: 0.5 }}>
              {task.description}
            </Typography>
          ) : null}
          {task.assignee_name || task.last_done_at ? (
            <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.5 }}>
              {[
                task.assignee_name ? t('list.assignee', { name: task.assignee_name }) : null,
                task.last_done_at ? t('list.last_done', { date: formatDate(task.last_done_at) }) : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
          ) : null}
        </Box>
        {canEdit ? (
          <IconButton
            aria-label={t('list.menu', { title: task.title })}
            aria-haspopup="menu"
            onClick={(event) => setMenu(event.currentTarget)}
            sx={{ mt: -0.5 }}
          >
            <MoreVertIcon />
          </IconButton>
        ) : null}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        {canEdit ? (
          <Button size="small" variant="outlined" startIcon={<CheckCircleOutlineIcon />} onClick={onDone}>
            {t('list.mark_done')}
          </Button>
        ) : null}
        <Button size="small" onClick={() => setShowHistory((open) => !open)} aria-expanded={showHistory}>
          {showHistory ? t('list.hide_history') : t('list.history')}
        </Button>
      </Stack>
      <Collapse in={showHistory} unmountOnExit>
        <Box sx={{ mt: 1.5 }}>
          <TaskHistory taskId={task.id} />
        </Box>
      </Collapse>
      <Menu anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)}>
        <MenuItem
          onClick={() => {
            setMenu(null);
            onEdit();
          }}
        >
          {t('list.edit')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            setMenu(null);
            onDelete();
          }}
        >
          {t('list.delete')}
        </MenuItem>
      </Menu>
    </Paper>
  );
}
