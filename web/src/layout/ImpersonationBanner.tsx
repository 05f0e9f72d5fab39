/**
 * On every page of a login-as session: whose account this is, who opened it, and the way back.
 * A Super Admin acting as someone else must never forget it.
 */
import { Alert, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useImpersonator, useMe } from '../api/auth.ts';
import { fullName } from '../lib/names.ts';
import { useReturnToOwnAccount } from '../session/sessionActions.ts';
import { HEADER_HEIGHT } from './theme.ts';

export function ImpersonationBanner() {
  const { t } = useTranslation('layout');
  const { data: impersonator } = useImpersonator();
  const { data: user } = useMe();
  const returnToOwnAccount = useReturnToOwnAccount();
  if (!impersonator || !user) return null;
  return (
    <Alert
      severity="warning"
      variant="filled"
      role="status"
      data-testid="impersonation-banner"
      action={
        <Button color="inherit" size="small" variant="outlined" onClick={returnToOwnAccount}>
          {t('login_as.return')}
        </Button>
      }
      sx={{
        position: 'sticky',
        top: HEADER_HEIGHT,
        zIndex: (theme) => theme.zIndex.appBar - 1,
        borderRadius: 0,
        alignItems: 'center',
        // On a phone the button goes under the words, lined up with them.
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
        '& .MuiAlert-message': { flex: 1, minWidth: 0, overflowWrap: 'anywhere' },
        '& .MuiAlert-action': {
          flexBasis: { xs: '100%', sm: 'auto' },
          ml: { xs: '34px', sm: 2 },
          pt: 0,
          pb: { xs: 1, sm: 0 },
          mr: 0,
        },
      }}
    >
      {t('login_as.banner', { user: fullName(user), admin: impersonator.name })}
    </Alert>
  );
}
