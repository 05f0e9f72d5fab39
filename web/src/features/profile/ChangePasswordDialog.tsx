import { changePasswordFormSchema } from '@asbuilt/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useChangePassword } from '../../api/auth.ts';
import { useSessionActions } from '../../app/session.ts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { toastSuccess } from '../../lib/toast.ts';

interface Props {
  userId: number;
  open: boolean;
  onClose: () => void;
}

export function ChangePasswordDialog({ userId, open, onClose }: Props) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="change-password-title">
      <DialogTitle id="change-password-title">Change Password</DialogTitle>
      <ChangePasswordForm userId={userId} onClose={onClose} />
    </Dialog>
  );
}

function ChangePasswordForm({ userId, onClose }: Omit<Props, 'open'>) {
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
          toastSuccess('Password Changed');
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
          <Alert severity="info">
            After the change you will be signed out and can sign in with the new password.
          </Alert>
          <FormTextField
            control={control}
            name="oldPass"
            label="Old Password"
            type="password"
            autoComplete="current-password"
          />
          <FormTextField
            control={control}
            name="newPass"
            label="New Password"
            type="password"
            autoComplete="new-password"
          />
          <FormTextField
            control={control}
            name="retype"
            label="Retype Password"
            type="password"
            autoComplete="new-password"
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="contained" loading={change.isPending}>
          Save
        </Button>
      </DialogActions>
    </form>
  );
}
