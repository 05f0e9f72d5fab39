/**
 * Add (a name, then the browser's dialog), Rename and Remove (with the password, or a recent sign-in
 * for an account without one) a passkey.
 */
import { PASSKEY_NAME_MAX } from '@asbuilt/domain';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessages } from '../../lib/errors.ts';
import { toastSuccess } from '../../lib/toast.ts';
import { PasswordOrRecentSignIn } from '../profile/PasswordOrRecentSignIn.tsx';
import { useSignInConfirmation } from '../profile/RecentSignIn.tsx';
import { ceremonyProblem } from './ceremonyErrors.ts';
import { type Passkey, useAddPasskey, useRemovePasskey, useRenamePasskey } from './passkeyApi.ts';

function FormDialogFrame({
  open,
  title,
  onClose,
  onSubmit,
  actions,
  children,
  testId,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  onSubmit: (event: FormEvent) => void;
  actions: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
      data-testid={testId}
    >
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {children}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>{actions}</DialogActions>
      </form>
    </Dialog>
  );
}

function NameField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation('passkeys');
  return (
    <TextField
      label={t('field.name')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      helperText={error ?? t('field.name_help')}
      error={Boolean(error)}
      slotProps={{ htmlInput: { maxLength: PASSKEY_NAME_MAX } }}
      required
      fullWidth
      autoFocus
    />
  );
}

export function AddPasskeyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('passkeys');
  const add = useAddPasskey();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string>();
  const close = () => {
    if (add.isPending) return;
    setName('');
    setProblem(undefined);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setProblem(t('field.name_required'));
      return;
    }
    setProblem(undefined);
    add.mutate(name.trim(), {
      onSuccess: () => {
        toastSuccess(t('add.done'));
        setName('');
        onClose();
      },
      onError: (error) => setProblem(ceremonyProblem(t, error)),
    });
  };
  return (
    <FormDialogFrame
      open={open}
      title={t('add.title')}
      onClose={close}
      onSubmit={submit}
      testId="passkey-add-dialog"
      actions={
        <>
          <Button onClick={close} disabled={add.isPending}>
            {t('action.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={add.isPending}>
            {t('add.submit')}
          </Button>
        </>
      }
    >
      <Typography variant="body2">{t('add.help')}</Typography>
      <NameField value={name} onChange={setName} error={undefined} />
      {problem && (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      )}
    </FormDialogFrame>
  );
}

export function RenamePasskeyDialog({ passkey, onClose }: { passkey: Passkey | null; onClose: () => void }) {
  const { t } = useTranslation('passkeys');
  const rename = useRenamePasskey();
  const [name, setName] = useState<string | null>(null);
  const [problem, setProblem] = useState<string>();
  const value = name ?? passkey?.name ?? '';
  const close = () => {
    setName(null);
    setProblem(undefined);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!passkey) return;
    if (!value.trim()) {
      setProblem(t('field.name_required'));
      return;
    }
    rename.mutate(
      { id: passkey.id, name: value.trim() },
      {
        onSuccess: () => {
          toastSuccess(t('rename.done'));
          close();
        },
        onError: (error) => setProblem(errorMessages(error).join(' ')),
      },
    );
  };
  return (
    <FormDialogFrame
      open={passkey !== null}
      title={t('rename.title')}
      onClose={close}
      onSubmit={submit}
      testId="passkey-rename-dialog"
      actions={
        <>
          <Button onClick={close}>{t('action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={rename.isPending}>
            {t('rename.submit')}
          </Button>
        </>
      }
    >
      <NameField value={value} onChange={setName} error={problem} />
    </FormDialogFrame>
  );
}

export function RemovePasskeyDialog({ passkey, onClose }: { passkey: Passkey | null; onClose: () => void }) {
  const { t } = useTranslation('passkeys');
  const remove = useRemovePasskey();
  const confirmation = useSignInConfirmation(passkey !== null);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string>();
  const close = () => {
    setPassword('');
    setProblem(undefined);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!passkey || confirmation.blocked) return;
    if (!confirmation.noPassword && !password) {
      setProblem(t('remove.password_needed'));
      return;
    }
    remove.mutate(
      { id: passkey.id, password: confirmation.noPassword ? undefined : password },
      {
        onSuccess: () => {
          toastSuccess(t('remove.done'));
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
    <FormDialogFrame
      open={passkey !== null}
      title={t('remove.title')}
      onClose={close}
      onSubmit={submit}
      testId="passkey-remove-dialog"
      actions={
        <>
          <Button onClick={close}>{t('action.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            color="error"
            disabled={remove.isPending || confirmation.blocked}
          >
            {t('remove.submit')}
          </Button>
        </>
      }
    >
      <PasswordOrRecentSignIn
        confirmation={confirmation}
        help={t('remove.help', { name: passkey?.name ?? '' })}
        helpRecent={t('remove.help_recent', { name: passkey?.name ?? '' })}
        passwordLabel={t('field.password')}
        password={password}
        onPassword={setPassword}
        problem={problem}
      />
    </FormDialogFrame>
  );
}
