import { changePasswordFormSchema } from '@asbuilt/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useChangePassword } from '../../api/auth.ts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { toastSuccess } from '../../lib/toast.ts';
import { useSessionActions } from '../../session/sessionActions.ts';
import { NewPasswordFields } from '../auth/NewPasswordFields.tsx';

interface Props {
  userId: number;
  open: boolean;
  onClose: () => void;
}

export function ChangePasswordDialog({ userId, open, onClose }: Props) {
  const { t } = useTranslation('profile');
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="change-password-title">
      <DialogTitle id="change-password-title">{t('password.title')}</DialogTitle>
      <ChangePasswordForm userId={userId} onClose={onClose} />
    </Dialog>
  );
}

function ChangePasswordForm({ userId, onClose }: Omit<Props, 'open'>) {
  const { t } = useTranslation(['profile', 'components']);
  const change = useChangePassword();
  const { endSessionLocally } = useSessionActions();
  const { control, handleSubmit } = useForm<
    z.input<typeof changePasswordFormSchema>,
    unknown,
    z.output<typeof changePasswordFormSchema>
  >({
    resolver: zodResolver(changePasswordFormSchema),
    mode: 'onTouched',
    defaultValues: { oldPass: '', newPass: '', retype: '' },
  });

  const onSubmit = handleSubmit(({ oldPass, newPass }) =>
    change.mutate(
      { id: userId, oldPass, newPass },
      {
        onSuccess: () => {
          toastSuccess(t('password.changed'));
          // The server ends every session of the account: sign in again with the new password.
          endSessionLocally();
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit}>
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <Alert severity="info">{t('password.notice')}</Alert>
          <FormTextField
            control={control}
            name="oldPass"
            label={t('password.old')}
            type="password"
            autoComplete="current-password"
          />
          <NewPasswordFields
            control={control}
            name="newPass"
            retypeName="retype"
            label={t('password.new')}
            retypeLabel={t('password.retype')}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose}>{t('components:action.cancel')}</Button>
        <Button type="submit" variant="contained" loading={change.isPending}>
          {t('components:action.save')}
        </Button>
      </DialogActions>
    </form>
  );
}
