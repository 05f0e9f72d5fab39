/**
 * New task (on a device, a location or the site), the same task on many selected devices, or a
 * task's edit: title, description, how often, the next due date, the assignee and the checklist.
 */
import { TASK_INTERVAL_UNITS, type TaskDto, type TaskIntervalUnit } from '@asbuilt/domain';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { Box, Button, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type TaskTarget, useCreateTask, useCreateTasksInBulk, useUpdateTask } from '../../api/tasks.ts';
import { useAssignees } from '../../api/tickets.ts';
import { DateField } from '../../components/DateField.tsx';
import { DialogForm } from '../../components/DialogForm.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { isIsoDay } from '../../lib/dates.ts';
import { formatNumber } from '../../lib/numbers.ts';
import { toastSuccess } from '../../lib/toast.ts';
import { today } from './taskText.ts';

export type TaskDialogTarget =
  | { kind: 'new'; target: TaskTarget }
  | { kind: 'bulk'; deviceIds: number[] }
  | { kind: 'edit'; task: TaskDto };

interface Props {
  siteId: number;
  /** Null: closed. */
  target: TaskDialogTarget | null;
  onClose: () => void;
  onSaved?: () => void;
}

export function TaskDialog({ siteId, target, onClose, onSaved }: Props) {
  const { t } = useTranslation('tasks');
  // The last target stays while the dialog fades out.
  const last = useRef(target);
  if (target) last.current = target;
  const shown = last.current;
  const title =
    shown?.kind === 'edit'
      ? t('form.edit_title')
      : shown?.kind === 'bulk'
        ? t('form.bulk_title', {
            count: shown.deviceIds.length,
            amount: formatNumber(shown.deviceIds.length),
          })
        : t('form.new_title');
  return (
    <FormDialog open={target !== null} onClose={onClose} title={title}>
      {(key) =>
        shown ? (
          <TaskForm key={key} siteId={siteId} target={shown} onClose={onClose} onSaved={onSaved} />
        ) : null
      }
    </FormDialog>
  );
}

function TaskForm({
  siteId,
  target,
  onClose,
  onSaved,
}: Omit<Props, 'target'> & { target: TaskDialogTarget }) {
  const { t } = useTranslation(['tasks', 'components']);
  const task = target.kind === 'edit' ? target.task : null;
  const create = useCreateTask(siteId);
  const bulk = useCreateTasksInBulk(siteId);
  const update = useUpdateTask(siteId);
  const assignees = useAssignees(siteId);
  const [title, setTitle] = useState(task?.title ?? '');
  const [description, setDescription] = useState(task?.description ?? '');
  const [every, setEvery] = useState(String(task?.interval ?? 1));
  const [unit, setUnit] = useState<TaskIntervalUnit>(task?.interval_unit ?? 'months');
  const [nextDue, setNextDue] = useState(task?.next_due_date ?? today());
  const [assignee, setAssignee] = useState<number | ''>(task?.assignee_id ?? '');
  const [items, setItems] = useState<string[]>(task?.checklist ?? []);
  const interval = Number(every);
  const intervalOk = unit === 'once' || (Number.isInteger(interval) && interval >= 1 && interval <= 1000);
  const ready = title.trim() !== '' && intervalOk && isIsoDay(nextDue);

  const done = (message: string) => {
    toastSuccess(message);
    onSaved?.();
    onClose();
  };
  const save = () => {
    if (!ready) return;
    const input = {
      title: title.trim(),
      description: description.trim() || null,
      interval: unit === 'once' ? 1 : interval,
      interval_unit: unit,
      next_due_date: nextDue,
      assignee_id: assignee === '' ? null : assignee,
      checklist: items.map((item) => item.trim()).filter(Boolean),
    };
    if (target.kind === 'edit') {
      update.mutate(
        { ...input, id: target.task.id, updated_at: target.task.updated_at },
        { onSuccess: () => done(t('form.updated')) },
      );
    } else if (target.kind === 'bulk') {
      bulk.mutate(
        { ...input, device_ids: target.deviceIds },
        {
          onSuccess: (tasks) =>
            done(t('form.created_bulk', { count: tasks.length, amount: formatNumber(tasks.length) })),
        },
      );
    } else {
      create.mutate({ ...input, ...target.target }, { onSuccess: () => done(t('form.created')) });
    }
  };

  return (
    <DialogForm
      onSubmit={save}
      onCancel={onClose}
      submitLabel={task ? t('components:action.save') : t('components:action.create')}
      disabled={!ready}
      pending={create.isPending || bulk.isPending || update.isPending}
    >
      <TextField
        required
        autoFocus
        label={t('form.title')}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 255 } }}
      />
      <TextField
        multiline
        minRows={2}
        label={t('form.description')}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
      />
      <Stack direction="row" spacing={2}>
        {unit === 'once' ? null : (
          <TextField
            required
            type="number"
            label={t('form.every')}
            value={every}
            onChange={(event) => setEvery(event.target.value)}
            error={!intervalOk}
            slotProps={{ htmlInput: { min: 1, max: 1000, step: 1, inputMode: 'numeric' } }}
            sx={{ width: 110 }}
          />
        )}
        <TextField
          select
          label={t('form.unit')}
          value={unit}
          onChange={(event) => setUnit(event.target.value as TaskIntervalUnit)}
          sx={{ flex: 1 }}
        >
          {TASK_INTERVAL_UNITS.map((choice) => (
            <MenuItem key={choice} value={choice}>
              {t(`unit.${choice}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <DateField required label={t('form.next_due_date')} value={nextDue} onChange={setNextDue} />
      <TextField
        select
        label={t('form.assignee')}
        value={assignee}
        onChange={(event) => setAssignee(event.target.value === '' ? '' : Number(event.target.value))}
      >
        <MenuItem value="">
          <em>{t('form.nobody')}</em>
        </MenuItem>
        {(assignees.data ?? []).map((user) => (
          <MenuItem key={user.id} value={user.id}>
            {user.name}
          </MenuItem>
        ))}
      </TextField>
      <Box>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          {t('form.checklist')}
        </Typography>
        <Stack spacing={1}>
          {items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: items are edited in place, by position
            <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <TextField
                size="small"
                fullWidth
                label={t('form.checklist_item', { number: index + 1 })}
                value={item}
                onChange={(event) =>
                  setItems((list) => list.map((old, at) => (at === index ? event.target.value : old)))
                }
                slotProps={{ htmlInput: { maxLength: 200 } }}
              />
              <IconButton
                aria-label={t('form.remove_item', { number: index + 1 })}
                onClick={() => setItems((list) => list.filter((_, at) => at !== index))}
              >
                <DeleteOutlineIcon />
              </IconButton>
            </Stack>
          ))}
        </Stack>
        <Button
          size="small"
          startIcon={<AddIcon />}
          onClick={() => setItems((list) => [...list, ''])}
          disabled={items.length >= 50}
          sx={{ mt: 1 }}
        >
          {t('form.add_item')}
        </Button>
      </Box>
    </DialogForm>
  );
}
