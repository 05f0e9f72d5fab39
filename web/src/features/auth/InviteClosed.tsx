import { Alert, Button, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/**
 * Shown instead of the sign-up form when the link can no longer be used: a used one leads to
 * sign-in (the account exists), an expired or invalid one to asking for a new invitation.
 */
export function InviteClosed({ status }: { status: 'used' | 'expired' | 'invalid' }) {
  const { t } = useTranslation('auth');
  const used = status === 'used';
  return (
    <Stack spacing={2} data-testid={`invite-${status}`}>
      <Alert severity={used ? 'info' : 'warning'}>{t(`invite.${status}`)}</Alert>
      <Button
        component={RouterLink}
        to="/login"
        variant={used ? 'contained' : 'outlined'}
        size={used ? 'large' : 'medium'}
      >
        {used ? t('invite.sign_in') : t('link_problem.go_to_login')}
      </Button>
    </Stack>
  );
}
