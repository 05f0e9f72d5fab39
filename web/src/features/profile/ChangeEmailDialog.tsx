import { emailSchema, encodeMessage } from '@asbuilt/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useRequestEmailChange } from '../../api/users.ts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { toastSuccess } from '../../lib/toast.ts';

/** The server asks the same: the new address and the current password (it mails a link to confirm). */
const formSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, encodeMessage('field_required', { field: 'email' }))
    .pipe(emailSchema),
  password: z.string().min(1, encodeMessage('password_required')),
});

interface Props {
  open: boolean;
  onClose: () => void;
}

export function ChangeEmailDialog({ open, onClose }: Props) {
  const { t } = useTranslation('profile');
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="change-email-title" maxWidth="xs" fullWidth>
      <DialogTitle id="change-email-title">{t('email.title')}</DialogTitle>
      <ChangeEmailForm onClose={onClose} />
    </Dialog>
  );
}

function ChangeEmailForm({ onClose }: Omit<Props, 'open'>) {
  const { t } = useTranslation(['profile', 'components']);
  const change = useRequestEmailChange();
  const { control, handleSubmit } = useForm<z.input<typeof formSchema>, unknown, z.output<typeof formSchema>>(
    {
      resolver: zodResolver(formSchema),
      mode: 'onTouched',
      defaultValues: { email: '', password: '' },
    },
  );

  const onSubmit = handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => {
        toastSuccess(t('email.sent', { email: values.email }));
        onClose();
      },
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit}>
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <Alert severity="info">{t('email.notice')}</Alert>
          <FormTextField
            control={control}
            name="email"
            label={t('email.new')}
            type="email"
            autoComplete="email"
            autoFocus
          />
          <FormTextField
            control={control}
            name="password"
            label={t('email.password')}
            type="password"
            autoComplete="current-password"
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose}>{t('components:action.cancel')}</Button>
        <Button type="submit" variant="contained" loading={change.isPending}>
          {t('email.submit')}
        </Button>
      </DialogActions>
    </form>
  );
}
