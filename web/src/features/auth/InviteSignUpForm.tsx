import { inviteSignUpFormSchema } from '@asbuilt/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Stack } from '@mui/material';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useInviteSignUp } from '../../api/auth.ts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { toastSuccess } from '../../lib/toast.ts';
import { useSessionActions } from '../../session/sessionActions.ts';
import { NewPasswordFields, passwordsTooShort } from './NewPasswordFields.tsx';

type FormInput = z.input<typeof inviteSignUpFormSchema>;
type FormOutput = z.output<typeof inviteSignUpFormSchema>;

/** `email` is already lowercased; it is also the new account's username. */
export function InviteSignUpForm({ email, token }: { email: string; token: string }) {
  const { t } = useTranslation('auth');
  const signUp = useInviteSignUp();
  const { startSession } = useSessionActions();
  const { control, handleSubmit } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(inviteSignUpFormSchema),
    mode: 'onTouched',
    defaultValues: { fname: '', lname: '', password: '', retype: '' },
  });
  const [password, retype] = useWatch({ control, name: ['password', 'retype'] });
  const tooShort = passwordsTooShort(password, retype);

  const onSubmit = handleSubmit(({ fname, lname, password }) =>
    signUp.mutate(
      { email, token, fname, lname, password, username: email },
      {
        onSuccess: (data) => {
          toastSuccess(t('invite.done'));
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
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
          <FormTextField
            control={control}
            name="fname"
            label={t('field.first_name')}
            autoComplete="given-name"
            autoFocus
          />
          <FormTextField
            control={control}
            name="lname"
            label={t('field.last_name')}
            autoComplete="family-name"
          />
        </Stack>
        <NewPasswordFields
          control={control}
          name="password"
          retypeName="retype"
          label={t('field.password')}
          retypeLabel={t('field.retype')}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={tooShort || signUp.isPending}
          loading={signUp.isPending}
        >
          {t('invite.submit')}
        </Button>
      </Stack>
    </Box>
  );
}
