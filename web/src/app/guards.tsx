/** Route guards: signed-in areas, the login page, the root redirect and the admin area. */
import { Role } from '@asbuilt/domain';
import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useMe } from '../api/auth.ts';
import { ErrorState } from '../components/ErrorState.tsx';
import { LoadingScreen } from '../components/LoadingScreen.tsx';
import { NotFoundPage } from '../components/NotFoundPage.tsx';
import { setLanguage } from '../i18n/i18n.ts';
import { HOME, openSignIn, placeAfterSignIn, useToken } from '../lib/session.ts';
import { CurrentUserContext, useCurrentUser } from '../session/CurrentUser.tsx';

export function RequireAuth() {
  const token = useToken();
  const me = useMe();
  // The signed-in user's language, on sign-in, on reload and when it changes.
  const language = me.data?.language;
  useEffect(() => {
    if (language) void setLanguage(language);
  }, [language]);
  if (!token) return <GoToSignIn />;
  if (me.data) {
    return (
      <CurrentUserContext.Provider value={me.data}>
        <Outlet />
      </CurrentUserContext.Provider>
    );
  }
  if (me.isError) return <ErrorState error={me.error} onRetry={() => me.refetch()} fullPage />;
  return <LoadingScreen />;
}

/**
 * The sign-in screen is not part of the app (main.tsx draws it on a page load of /login without a
 * session): /login inside the app, or a visitor without a session, loads that page.
 */
export function GoToSignIn() {
  useEffect(() => openSignIn(true), []);
  return <LoadingScreen />;
}

/** Public pages that a signed-in user skips (the login page). */
export function RedirectIfSignedIn() {
  const token = useToken();
  return token ? <Navigate to={placeAfterSignIn()} replace /> : <Outlet />;
}

export function RootRedirect() {
  const token = useToken();
  return token ? <Navigate to={HOME} replace /> : <GoToSignIn />;
}

/** The administration area is for Super Admins; others see the 404 page. */
export function RequireSuperAdmin() {
  const user = useCurrentUser();
  return user.role === Role.SuperAdmin ? <Outlet /> : <NotFoundPage />;
}
