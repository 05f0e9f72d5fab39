/** Starting and ending a session: token storage, query cache and routing together. */
import type { AuthResponse } from '@asbuilt/domain';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { authKeys, type MeResponse, useLogout } from '../api/auth.ts';
import { clearSession, clearTabToken, HOME, openSignIn, setTabToken, setToken } from '../lib/session.ts';

/**
 * Forgets the session (the server already ended it). A tab's login-as session gives the tab back
 * to the account's own session, leaving the other tabs alone; any other opens the sign-in screen.
 */
export function leaveSession(queryClient: QueryClient, { keepPlace = false } = {}) {
  queryClient.clear();
  if (clearTabToken()) {
    window.location.replace(HOME);
    return;
  }
  clearSession();
  openSignIn(keepPlace);
}

/**
 * Login as: the session is kept in this tab only, and the app starts again as that user (a page
 * load, so that nothing of the Super Admin's own session stays in memory).
 */
export function startLoginAs(token: string) {
  setTabToken(token);
  window.location.replace(HOME);
}

export function useSessionActions() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  /** Store a new session (sign-in, reset, invite) and open the sites list. */
  const startSession = useCallback(
    ({ user, token }: AuthResponse, to = HOME) => {
      queryClient.clear();
      setToken(token);
      queryClient.setQueryData<MeResponse>(authKeys.me(), { user });
      navigate(to, { replace: true });
    },
    [queryClient, navigate],
  );

  /** Forget the session in this browser only (the server already ended it), then sign in again. */
  const endSessionLocally = useCallback(() => leaveSession(queryClient), [queryClient]);

  return { startSession, endSessionLocally };
}

/** Sign-out: tell the server, then clear cache and storage and go to /login. */
export function useSignOut() {
  const logout = useLogout();
  const { endSessionLocally } = useSessionActions();
  return useCallback(() => {
    logout
      .mutateAsync()
      .catch(() => undefined)
      .finally(endSessionLocally);
  }, [logout, endSessionLocally]);
}

/**
 * "Return to your account" of a login-as session: ends it on the server, then closes the tab
 * that Login as opened; a tab the browser does not let close becomes the account's own again.
 */
export function useReturnToOwnAccount() {
  const logout = useLogout();
  const queryClient = useQueryClient();
  return useCallback(() => {
    logout
      .mutateAsync()
      .catch(() => undefined)
      .finally(() => {
        window.close();
        leaveSession(queryClient);
      });
  }, [logout, queryClient]);
}
