import { resetPasswordFormSchema } from '@asbuilt/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Stack } from '@mui/material';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { useResetPassword } from '../../api/auth.ts';
import { usePageTitle } from '../../layout/PageTitle.tsx';
import { toastSuccess } from '../../lib/toast.ts';
import { useSessionActions } from '../../session/sessionActions.ts';
import { AuthCard } from './AuthCard.tsx';
import { LinkProblem } from './LinkProblem.tsx';
import { NewPasswordFields, passwordsTooShort } from './NewPasswordFields.tsx';

type FormInput = z.input<typeof resetPasswordFormSchema>;
type FormOutput = z.output<typeof resetPasswordFormSchema>;

/** /reset_password?email=&token=: choose a new password, then signed in automatically. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('reset.title'));
  const [params] = useSearchParams();
  const email = params.get('email')?.trim() ?? '';
  const token = params.get('token')?.trim() ?? '';

  if (!email || !token) {
    return (
      <AuthCard title={t('reset.title')}>
        <LinkProblem />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('reset.title')} subtitle={t('reset.subtitle', { email })}>
      <ResetPasswordForm email={email} token={token} />
    </AuthCard>
  );
}

function ResetPasswordForm({ email, token }: { email: string; token: string }) {
  const { t } = useTranslation('auth');
  const reset = useResetPassword();
  const { startSession } = useSessionActions();
  const { control, handleSubmit } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(resetPasswordFormSchema),
    mode: 'onTouched',
    defaultValues: { password: '', retype: '' },
  });
  const [password, retype] = useWatch({ control, name: ['password', 'retype'] });
  const tooShort = passwordsTooShort(password, retype);

  const onSubmit = handleSubmit((values) =>
    reset.mutate(
      { email: email.toLowerCase(), token, password: values.password },
      {
        onSuccess: (data) => {
          toastSuccess(t('reset.done'));
          // Two-factor sign-in comes first (issue 46): the sign-in page asks for the code or the set-up.
          if (!('token' in data)) {
            window.location.assign('/login');
            return;
          }
          startSession(data);
        },
      },
    ),
  );

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={1.25}>
        <NewPasswordFields
          control={control}
          name="password"
          retypeName="retype"
          label={t('field.new_password')}
          retypeLabel={t('field.retype')}
          autoFocus
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={tooShort || reset.isPending}
          loading={reset.isPending}
        >
          {t('reset.submit')}
        </Button>
      </Stack>
    </Box>
  );
}
