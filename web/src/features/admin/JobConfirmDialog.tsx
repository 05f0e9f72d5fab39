/**
 * The question before a maintenance job runs: the job's dry run says what it would change and how
 * many rows, and the job runs only on Run (disabled when there is nothing to change).
 */
import type { AdminJob } from '@asbuilt/domain';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useJobPlan, useRunJob } from '../../api/admin.ts';
import { useDialogSession } from '../../lib/dialogs.ts';
import { errorMessages } from '../../lib/errors.ts';
import { toastSuccess } from '../../lib/toast.ts';
import { JobPlanSummary } from './JobPlanSummary.tsx';

interface Props {
  open: boolean;
  /** Kept while the dialog closes, so its words stay during the fade-out. */
  job: AdminJob | null;
  onClose: () => void;
}

export function JobConfirmDialog({ open, job, onClose }: Props) {
  const { t } = useTranslation('admin');
  const titleId = useId();
  // A fresh dry run per opening.
  const session = useDialogSession(open);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      slotProps={{ transition: { onExited: session.onExited } }}
    >
      <DialogTitle id={titleId}>
        {job ? t('jobs.confirm.title', { name: t(`jobs.name.${job}`) }) : null}
      </DialogTitle>
      {session.mounted && job ? <JobPlanContent key={session.key} job={job} onClose={onClose} /> : null}
    </Dialog>
  );
}

function JobPlanContent({ job, onClose }: { job: AdminJob; onClose: () => void }) {
  const { t } = useTranslation(['admin', 'components']);
  const run = useRunJob();
  // Not counted again once the job ran: the dialog closes on the figures the admin agreed to.
  const plan = useJobPlan(job, run.isIdle);
  const confirm = () =>
    run.mutate(job, {
      onSuccess: (result) => {
        toastSuccess(t(`jobs.done.${result.job}`, { count: result.count }));
        onClose();
      },
    });
  return (
    <>
      <DialogContent>
        <Stack spacing={2}>
          {plan.isPending ? (
            <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
              <CircularProgress size={20} aria-label={t('jobs.confirm.counting')} />
              <Typography>{t('jobs.confirm.counting')}</Typography>
            </Box>
          ) : plan.isError ? (
            <Alert severity="error">{errorMessages(plan.error).join(' ')}</Alert>
          ) : (
            <JobPlanSummary plan={plan.data} />
          )}
          {plan.data && plan.data.count > 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('jobs.confirm.note')}
            </Typography>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={run.isPending}>
          {t('components:action.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={confirm}
          loading={run.isPending}
          disabled={!plan.data || plan.data.count === 0 || run.isSuccess}
        >
          {t('jobs.run')}
        </Button>
      </DialogActions>
    </>
  );
}
