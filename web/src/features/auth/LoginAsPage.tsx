import { loginAsSchema } from '@asbuilt/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Stack } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { useLoginAs } from '../../api/auth.ts';
import { useOwnTwoFactor } from '../../api/twoFactor.ts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { usePageTitle } from '../../layout/PageTitle.tsx';
import { startLoginAs } from '../../session/sessionActions.ts';
import { AuthCard } from './AuthCard.tsx';

const formSchema = loginAsSchema.pick({ password: true, code: true });

/**
 * /loginas?id=&name=: a Super Admin impersonates a user with the master password, in this tab
 * only (session/sessionActions.ts).
 */
export function LoginAsPage() {
  const { t } = useTranslation(['auth', 'components', 'twoFactor']);
  // A user who signs in with two factors takes the Super Admin's own code too (issue 46).
  const ownTwoFactor = useOwnTwoFactor();
  usePageTitle(t('login_as.title'));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(params.get('id'));
  const name = params.get('name')?.trim() || (id ? t('login_as.user_fallback', { id }) : '');
  const validId = Number.isInteger(id) && id > 0;

  const loginAs = useLoginAs();
  const { control, handleSubmit } = useForm<z.input<typeof formSchema>, unknown, z.output<typeof formSchema>>(
    {
      resolver: zodResolver(formSchema),
      mode: 'onTouched',
      defaultValues: { password: '', code: '' },
    },
  );

  const onSubmit = handleSubmit(({ password, code }) =>
    loginAs.mutate(
      { id, password, ...(code ? { code } : {}) },
      { onSuccess: (data) => startLoginAs(data.token) },
    ),
  );
  const cancel = () => navigate('/sites');

  if (!validId) {
    return (
      <AuthCard title={t('login_as.title')} languageSwitch={false}>
        <Stack spacing={2}>
          <Alert severity="error">{t('login_as.no_user')}</Alert>
          <Button variant="outlined" onClick={cancel}>
            {t('components:action.cancel')}
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('login_as.title_user', { name })}
      subtitle={t('login_as.subtitle')}
      languageSwitch={false}
    >
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={1.25}>
          <FormTextField
            control={control}
            name="password"
            label={t('field.master_password')}
            type="password"
            autoComplete="off"
            autoFocus
          />
          {ownTwoFactor.data?.on && (
            <FormTextField
              control={control}
              name="code"
              label={t('twoFactor:field.code')}
              autoComplete="one-time-code"
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          )}
          <Stack direction="row" spacing={1.5}>
            <Button variant="outlined" size="large" onClick={cancel} sx={{ flex: 1 }}>
              {t('components:action.cancel')}
            </Button>
            <Button
              type="submit"
              variant="contained"
              size="large"
              loading={loginAs.isPending}
              sx={{ flex: 1 }}
            >
              {t('login_as.submit')}
            </Button>
          </Stack>
        </Stack>
      </Box>
    </AuthCard>
  );
}
