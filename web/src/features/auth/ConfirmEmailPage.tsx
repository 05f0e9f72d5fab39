import { Alert, Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useConfirmEmail } from '../../api/users.ts';
import { usePageTitle } from '../../layout/PageTitle.tsx';
import { AuthCard } from './AuthCard.tsx';
import { LinkProblem } from './LinkProblem.tsx';

/**
 * /confirm_email?token=: the link mailed to a new address. It confirms on a click, not on
 * opening, so that a mail scanner fetching the link changes nothing.
 */
export function ConfirmEmailPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('confirm_email.title'));
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const confirm = useConfirmEmail();

  if (!token) {
    return (
      <AuthCard title={t('confirm_email.title')}>
        <LinkProblem />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('confirm_email.title')}>
      {confirm.isSuccess ? (
        <Stack spacing={2}>
          <Alert severity="success" sx={{ overflowWrap: 'anywhere' }}>
            {t('confirm_email.done', { email: confirm.data.email })}
          </Alert>
          <Button component={RouterLink} to="/" variant="contained">
            {t('confirm_email.continue')}
          </Button>
        </Stack>
      ) : (
        <Stack spacing={2}>
          <Typography color="text.secondary">{t('confirm_email.intro')}</Typography>
          {confirm.isError && <Alert severity="error">{t('confirm_email.failed')}</Alert>}
          <Button
            variant="contained"
            size="large"
            loading={confirm.isPending}
            onClick={() => confirm.mutate(token)}
          >
            {t('confirm_email.submit')}
          </Button>
        </Stack>
      )}
    </AuthCard>
  );
}
