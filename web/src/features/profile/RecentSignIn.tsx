/**
 * What confirms a change to the user's ways in (removing a passkey, turning two-factor sign-in
 * off): the password, or for an account without one (made by single sign-on) a sign-in within the
 * last minutes, which the server checks. Such an account is told so instead of a password field,
 * and offered to sign in again, coming back to this page.
 */
import type { SignInConfirmationDto } from '@asbuilt/domain';
import { Alert, Box, Button } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLogout } from '../../api/auth.ts';
import { api } from '../../api/client.ts';
import { leaveSession } from '../../session/sessionActions.ts';

const confirmationKey = ['me', 'sessions', 'confirmation'] as const;

/** Asked each time a dialog opens: the answer ages with the session. */
export function useSignInConfirmation(open: boolean) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: confirmationKey,
    queryFn: () => api.get<SignInConfirmationDto>('/global/me/sessions/confirmation'),
    enabled: open,
    staleTime: 0,
  });
  const noPassword = query.data?.method === 'recent_sign_in';
  const recent =
    noPassword && query.data?.recent_until != null && Date.parse(query.data.recent_until) > Date.now();
  return {
    /** The account has no password: no field, a recent sign-in instead. */
    noPassword,
    /** Without a password, and the sign-in too old to confirm: nothing to submit. */
    blocked: noPassword && !recent,
    /** After a refusal: the sign-in may have aged meanwhile. */
    recheck: () => void queryClient.invalidateQueries({ queryKey: confirmationKey }),
  };
}

/** In place of the password field for an account without one. */
export function RecentSignInNotice({ blocked }: { blocked: boolean }) {
  const { t } = useTranslation('profile');
  const logout = useLogout();
  const queryClient = useQueryClient();
  if (!blocked) return <Alert severity="info">{t('confirm_sign_in.recent')}</Alert>;
  const signInAgain = () => {
    logout
      .mutateAsync()
      .catch(() => undefined)
      .finally(() => leaveSession(queryClient, { keepPlace: true }));
  };
  // The button under the words, not beside them: beside, a dialog's width left the words a narrow
  // column and broke the button's label over two lines.
  return (
    <Alert severity="warning" data-testid="recent-sign-in-needed">
      {t('confirm_sign_in.stale')}
      <Box sx={{ mt: 1 }}>
        <Button
          color="inherit"
          size="small"
          variant="outlined"
          onClick={signInAgain}
          disabled={logout.isPending}
        >
          {t('confirm_sign_in.again')}
        </Button>
      </Box>
    </Alert>
  );
}
