/**
 * Turn off (password, or a recent sign-in for an account without one, and a code) and New recovery
 * codes (a code, then the codes once).
 */
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNewRecoveryCodes, useTurnOffTwoFactor } from '../../api/twoFactor.ts';
import { errorMessages } from '../../lib/errors.ts';
import { toastSuccess } from '../../lib/toast.ts';
import { PasswordOrRecentSignIn } from '../profile/PasswordOrRecentSignIn.tsx';
import { useSignInConfirmation } from '../profile/RecentSignIn.tsx';
import { CodeField } from './CodeField.tsx';
import { RecoveryCodes } from './RecoveryCodes.tsx';
import { useCodeForm } from './useCodeForm.ts';

export function TurnOffDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('twoFactor');
  const titleId = useId();
  const turnOff = useTurnOffTwoFactor();
  const confirmation = useSignInConfirmation(open);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string>();
  const close = () => {
    setPassword('');
    setCode('');
    setProblem(undefined);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (confirmation.blocked) return;
    if (confirmation.noPassword ? !code : !password || !code) {
      setProblem(t(confirmation.noPassword ? 'off.code_needed' : 'off.both_needed'));
      return;
    }
    turnOff.mutate(
      { password: confirmation.noPassword ? undefined : password, code },
      {
        onSuccess: () => {
          toastSuccess(t('off.done'));
          close();
        },
        onError: (error) => {
          setProblem(errorMessages(error).join(' '));
          confirmation.recheck();
        },
      },
    );
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t('off.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <PasswordOrRecentSignIn
              confirmation={confirmation}
              help={t('off.help')}
              helpRecent={t('off.help_recent')}
              passwordLabel={t('field.password')}
              password={password}
              onPassword={setPassword}
            />
            <CodeField
              value={code}
              onChange={setCode}
              error={problem}
              recovery
              autoFocus={confirmation.noPassword}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={close}>{t('action.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            color="error"
            disabled={turnOff.isPending || confirmation.blocked}
          >
            {t('off.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

export function NewCodesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('twoFactor');
  const titleId = useId();
  const make = useNewRecoveryCodes();
  const [codes, setCodes] = useState<string[] | null>(null);
  const { code, setCode, problem, submit, reset } = useCodeForm(make, setCodes);
  const close = () => {
    reset();
    setCodes(null);
    onClose();
  };
  return (
    <Dialog open={open} onClose={codes ? undefined : close} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{codes ? t('codes.title') : t('codes.new_title')}</DialogTitle>
      {codes ? (
        <>
          <DialogContent>
            <RecoveryCodes codes={codes} />
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2.5 }}>
            <Button variant="contained" onClick={close}>
              {t('codes.saved')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <form noValidate onSubmit={submit}>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <Typography variant="body2">{t('codes.new_help')}</Typography>
              <CodeField value={code} onChange={setCode} error={problem} recovery />
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2.5 }}>
            <Button onClick={close}>{t('action.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={make.isPending}>
              {t('codes.new_submit')}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
