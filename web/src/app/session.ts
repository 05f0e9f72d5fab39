/** Starting and ending a session: token storage, query cache and routing together. */
import type { AuthResponse } from '@asbuilt/domain';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { authKeys, type MeResponse, useLogout } from '../api/auth.ts';
import { clearSession, HOME, openSignIn, setToken } from '../lib/session.ts';

/** Forgets the session in this browser (the server already ended it) and opens the sign-in screen. */
export function leaveSession(queryClient: QueryClient) {
  clearSession();
  queryClient.clear();
  openSignIn();
}

export function useSessionActions() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  /** Store a new session (login, reset, invite, login-as) and open the sites list. */
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
