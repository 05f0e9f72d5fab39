/** The in-place actions of a due row: a new date (or an access extended), a snooze, a task done. */
import type { DueItem } from '@asbuilt/domain';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMarkDueTaskDone, useSetDueDate, useSnooze } from '../../api/due.ts';
import { DateField } from '../../components/DateField.tsx';
import { formatDate, isIsoDay } from '../../lib/dates.ts';
import { toastError, toastSuccess } from '../../lib/toast.ts';
import { plusDays, todayIso } from './dueLinks.ts';

export type DueAction = 'date' | 'snooze' | 'done';

function ActionDialog({
  title,
  open,
  onClose,
  onSubmit,
  submitLabel,
  busy,
  disabled,
  children,
}: {
  title: string;
  open: boolean;
  onClose: () => void;
  onSubmit: () => void;
  submitLabel: string;
  busy: boolean;
  disabled?: boolean;
  children: React.ReactNode;
}) {
  const titleId = useId();
  const { t } = useTranslation('components');
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: 1 }}>{children}</DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('action.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy || disabled}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

export function DueActionDialog({
  item,
  action,
  onClose,
}: {
  item: DueItem;
  action: DueAction;
  onClose: () => void;
}) {
  const { t } = useTranslation('due');
  const setDate = useSetDueDate();
  const snooze = useSnooze();
  const done = useMarkDueTaskDone();
  const [day, setDay] = useState(() => plusDays(action === 'snooze' ? todayIso() : item.due_date, 30));
  const [note, setNote] = useState('');
  const valid = isIsoDay(day);

  if (action === 'done') {
    return (
      <ActionDialog
        open
        title={t('done.title', { title: item.title })}
        onClose={onClose}
        submitLabel={t('done.confirm')}
        busy={done.isPending}
        onSubmit={() =>
          done.mutate(
            { item, note },
            {
              onSuccess: () => {
                toastSuccess(t('done.saved'));
                onClose();
              },
              onError: toastError,
            },
          )
        }
      >
        <TextField
          label={t('done.note')}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          multiline
          minRows={2}
        />
      </ActionDialog>
    );
  }
  if (action === 'snooze') {
    return (
      <ActionDialog
        open
        title={t('snooze.title', { title: item.title })}
        onClose={onClose}
        submitLabel={t('snooze.save')}
        busy={snooze.isPending}
        disabled={!valid}
        onSubmit={() =>
          snooze.mutate(
            { item, until: day },
            {
              onSuccess: () => {
                toastSuccess(t('snooze.saved', { date: formatDate(day) }));
                onClose();
              },
              onError: toastError,
            },
          )
        }
      >
        <Typography variant="body2" color="text.secondary">
          {t('snooze.help')}
        </Typography>
        <DateField
          label={t('snooze.until')}
          value={day}
          onChange={setDay}
          min={plusDays(todayIso(), 1)}
          autoFocus
        />
      </ActionDialog>
    );
  }
  return (
    <ActionDialog
      open
      title={t('date.title', { title: item.title })}
      onClose={onClose}
      submitLabel={t('date.save')}
      busy={setDate.isPending}
      disabled={!valid}
      onSubmit={() =>
        setDate.mutate(
          { item, day },
          {
            onSuccess: () => {
              toastSuccess(t('date.saved'));
              onClose();
            },
            onError: toastError,
          },
        )
      }
    >
      <DateField label={t('date.field')} value={day} onChange={setDay} autoFocus />
    </ActionDialog>
  );
}
