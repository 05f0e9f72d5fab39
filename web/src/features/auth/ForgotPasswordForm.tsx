import { forgotPasswordSchema } from '@asbuilt/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Link, Stack } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useForgotPassword } from '../../api/auth.ts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { toastSuccess } from '../../lib/toast.ts';

export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('auth');
  const forgot = useForgotPassword();
  const { control, handleSubmit } = useForm<
    z.input<typeof forgotPasswordSchema>,
    unknown,
    z.output<typeof forgotPasswordSchema>
  >({
    resolver: zodResolver(forgotPasswordSchema),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit((values) =>
    forgot.mutate(values, {
      onSuccess: () => {
        toastSuccess(t('forgot.sent'));
        onBack();
      },
    }),
  );

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={1.25}>
        <FormTextField
          control={control}
          name="email"
          label={t('field.email')}
          type="email"
          autoComplete="email"
          autoFocus
        />
        <Button type="submit" variant="contained" size="large" loading={forgot.isPending}>
          {t('forgot.submit')}
        </Button>
        <Link component="button" type="button" variant="body2" onClick={onBack} sx={{ alignSelf: 'center' }}>
          {t('forgot.back')}
        </Link>
      </Stack>
    </Box>
  );
}
