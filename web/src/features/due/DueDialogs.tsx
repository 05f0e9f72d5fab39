/**
 * The in-place actions of a due row: a new date (or an access extended), a rotated password
 * recorded, a snooze, a task done (the device card's dialog, photos included).
 */
import type { DueItem } from '@asbuilt/domain';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRecordPassword, useSetDueDate, useSnooze } from '../../api/due.ts';
import { DateField } from '../../components/DateField.tsx';
import { RevealPasswordField } from '../../components/RevealPasswordField.tsx';
import { formatDate, isIsoDay } from '../../lib/dates.ts';
import { toastError, toastSuccess } from '../../lib/toast.ts';
import { DueTaskDone } from './DueTaskDone.tsx';
import { plusDays, todayIso } from './dueLinks.ts';

export type DueAction = 'date' | 'password' | 'snooze' | 'done';

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
  if (action === 'done') return <DueTaskDone item={item} onClose={onClose} />;
  if (action === 'password') return <RecordPasswordDialog item={item} onClose={onClose} />;
  return <DateDialog item={item} action={action} onClose={onClose} />;
}

function RecordPasswordDialog({ item, onClose }: { item: DueItem; onClose: () => void }) {
  const { t } = useTranslation('due');
  const record = useRecordPassword();
  const [password, setPassword] = useState('');
  return (
    <ActionDialog
      open
      title={t('password.title', { title: item.title })}
      onClose={onClose}
      submitLabel={t('password.save')}
      busy={record.isPending}
      disabled={password === ''}
      onSubmit={() =>
        record.mutate(
          { item, password },
          {
            onSuccess: () => {
              toastSuccess(t('password.saved'));
              onClose();
            },
            onError: toastError,
          },
        )
      }
    >
      <Typography variant="body2" color="text.secondary">
        {t('password.help')}
      </Typography>
      <RevealPasswordField
        label={t('password.field')}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        autoFocus
        showLabel={t('password.show')}
        hideLabel={t('password.hide')}
      />
    </ActionDialog>
  );
}

function DateDialog({
  item,
  action,
  onClose,
}: {
  item: DueItem;
  action: 'date' | 'snooze';
  onClose: () => void;
}) {
  const { t } = useTranslation('due');
  const setDate = useSetDueDate();
  const snooze = useSnooze();
  const [day, setDay] = useState(() => plusDays(action === 'snooze' ? todayIso() : item.due_date, 30));
  const valid = isIsoDay(day);

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
      {item.kind === 'end_of_sale' || item.kind === 'end_of_support' ? (
        <Typography variant="body2" color="text.secondary">
          {t('date.product_help')}
        </Typography>
      ) : null}
      <DateField label={t('date.field')} value={day} onChange={setDay} autoFocus />
    </ActionDialog>
  );
}
