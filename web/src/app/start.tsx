/**
 * The app: every page but the signed-out sign-in screen (main.tsx decides). Started on a page
 * load, or by the sign-in screen once the user signed in.
 */
import type { AuthResponse } from '@asbuilt/domain';
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { authKeys, type MeResponse } from '../api/auth.ts';
import { setUnauthorizedHandler } from '../api/client.ts';
import { i18nReady, setLanguage } from '../i18n/i18n.ts';
import { placeAfterSignIn } from '../lib/session.ts';
import { leaveSession } from '../session/sessionActions.ts';
import { Providers } from './Providers.tsx';
import { createQueryClient } from './queryClient.ts';
import { createRouter } from './router.tsx';

/**
 * Draws the app in `root`. `session` is the one the sign-in screen just started (its token already
 * stored): the app opens the sites list as that user, in the user's language, without asking the
 * server who is signed in.
 */
export async function startApp(root: Root, session?: AuthResponse) {
  const queryClient = createQueryClient();
  if (session) {
    window.history.replaceState(null, '', placeAfterSignIn());
    queryClient.setQueryData<MeResponse>(authKeys.me(), { user: session.user });
  }
  const router = createRouter(queryClient);

  // A 401 on an authenticated call: the session is gone; forget it and go to the sign-in screen.
  setUnauthorizedHandler(() => leaveSession(queryClient, { keepPlace: true }));

  // The first screen is drawn in the reader's words, not in keys.
  await (session ? setLanguage(session.user.language) : i18nReady);

  root.render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}
