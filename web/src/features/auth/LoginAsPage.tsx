import { loginAsSchema } from '@asbuilt/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Stack } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { useLoginAs } from '../../api/auth.ts';
import { usePageTitle } from '../../app/PageTitle.tsx';
import { useSessionActions } from '../../app/session.ts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { AuthCard } from './AuthCard.tsx';

const formSchema = loginAsSchema.pick({ password: true });

/** /loginas?id=&name=: a Super Admin impersonates a user with the master password. */
export function LoginAsPage() {
  usePageTitle('Login as');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(params.get('id'));
  const name = params.get('name')?.trim() || (id ? `user ${id}` : '');
  const validId = Number.isInteger(id) && id > 0;

  const loginAs = useLoginAs();
  const { startSession } = useSessionActions();
  const { control, handleSubmit } = useForm<z.input<typeof formSchema>, unknown, z.output<typeof formSchema>>(
    {
      resolver: zodResolver(formSchema),
      mode: 'onTouched',
      defaultValues: { password: '' },
    },
  );

  const onSubmit = handleSubmit(({ password }) =>
    loginAs.mutate({ id, password }, { onSuccess: (data) => startSession(data) }),
  );
  const cancel = () => navigate('/sites');

  if (!validId) {
    return (
      <AuthCard title="Login as">
        <Stack spacing={2}>
          <Alert severity="error">This link names no user to sign in as.</Alert>
          <Button variant="outlined" onClick={cancel}>
            Cancel
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={`Sign in as ${name}`} subtitle="Enter the master password to continue as this user.">
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={1.25}>
          <FormTextField
            control={control}
            name="password"
            label="Master Password"
            type="password"
            autoComplete="off"
            autoFocus
          />
          <Stack direction="row" spacing={1.5}>
            <Button variant="outlined" size="large" onClick={cancel} sx={{ flex: 1 }}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant="contained"
              size="large"
              loading={loginAs.isPending}
              sx={{ flex: 1 }}
            >
              Sign In
            </Button>
          </Stack>
        </Stack>
      </Box>
    </AuthCard>
  );
}
