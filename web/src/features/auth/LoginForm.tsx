import { type LoginInput, loginSchema, MIN_PASSWORD_LENGTH } from '@asbuilt/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Link, Stack } from '@mui/material';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useLogin } from '../../api/auth.ts';
import { useSessionActions } from '../../app/session.ts';
import { FormTextField } from '../../components/FormTextField.tsx';

export function LoginForm({ onForgotPassword }: { onForgotPassword: () => void }) {
  const { t } = useTranslation('auth');
  const login = useLogin();
  const { startSession } = useSessionActions();
  const { control, handleSubmit } = useForm<z.input<typeof loginSchema>, unknown, LoginInput>({
    resolver: zodResolver(loginSchema),
    mode: 'onTouched',
    defaultValues: { username: '', password: '' },
  });
  const [username, password] = useWatch({ control, name: ['username', 'password'] });
  const disabled = !username?.trim() || (password?.length ?? 0) < MIN_PASSWORD_LENGTH || login.isPending;

  const onSubmit = handleSubmit((values) =>
    login.mutate(values, { onSuccess: (data) => startSession(data) }),
  );

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={1.25}>
        <FormTextField
          control={control}
          name="username"
          label={t('field.username')}
          autoComplete="username"
          autoFocus
        />
        <FormTextField
          control={control}
          name="password"
          label={t('field.password')}
          type="password"
          autoComplete="current-password"
        />
        <Button type="submit" variant="contained" size="large" disabled={disabled} loading={login.isPending}>
          {t('login.submit')}
        </Button>
        <Link
          component="button"
          type="button"
          variant="body2"
          onClick={onForgotPassword}
          sx={{ alignSelf: 'center' }}
        >
          {t('login.forgot')}
        </Link>
      </Stack>
    </Box>
  );
}
