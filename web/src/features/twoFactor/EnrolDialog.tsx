/** Turn on two-factor sign-in: the QR code and the secret, the first code, then the recovery codes once. */
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmEnrolment, useStartEnrolment } from '../../api/twoFactor.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingScreen } from '../../components/LoadingScreen.tsx';
import { CodeField } from './CodeField.tsx';
import { ScanSecret } from './EnrolSteps.tsx';
import { RecoveryCodes } from './RecoveryCodes.tsx';
import { useCodeForm } from './useCodeForm.ts';

export function EnrolDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('twoFactor');
  const titleId = useId();
  const [codes, setCodes] = useState<string[] | null>(null);
  const close = () => {
    setCodes(null);
    onClose();
  };
  return (
    // Closed only with its buttons: a click beside it must not lose codes shown once.
    <Dialog open={open} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{codes ? t('codes.title') : t('enrol.title')}</DialogTitle>
      {codes ? (
        <>
          <DialogContent>
            <Typography variant="body2" sx={{ mb: 2 }}>
              {t('enrol.done')}
            </Typography>
            <RecoveryCodes codes={codes} />
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2.5 }}>
            <Button variant="contained" onClick={close}>
              {t('codes.saved')}
            </Button>
          </DialogActions>
        </>
      ) : (
        open && <EnrolForm onCancel={close} onDone={setCodes} />
      )}
    </Dialog>
  );
}

function EnrolForm({ onCancel, onDone }: { onCancel: () => void; onDone: (codes: string[]) => void }) {
  const { t } = useTranslation('twoFactor');
  const start = useStartEnrolment();
  const confirm = useConfirmEnrolment();
  const { code, setCode, problem, submit } = useCodeForm(confirm, onDone);
  const { mutate } = start;
  // A new secret each time the dialog opens: an earlier one that got no code is replaced.
  useEffect(() => mutate(), [mutate]);

  return (
    <form noValidate onSubmit={submit}>
      <DialogContent>
        {start.isError ? (
          <ErrorState error={start.error} onRetry={() => mutate()} />
        ) : !start.data ? (
          <LoadingScreen fullPage={false} />
        ) : (
          <Stack spacing={2}>
            <ScanSecret enrolment={start.data} />
            <Typography variant="body2">{t('enrol.enter_code')}</Typography>
            <CodeField value={code} onChange={setCode} error={problem} autoFocus={false} />
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onCancel}>{t('action.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={!start.data || confirm.isPending}>
          {t('enrol.confirm')}
        </Button>
      </DialogActions>
    </form>
  );
}
