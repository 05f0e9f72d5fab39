/**
 * The bootstrap. A signed-out visitor of any page but the public ones (a mail's or a label's link)
 * gets the sign-in screen alone: React and plain CSS, with its own words (features/auth/signin),
 * which loads a fraction of the app's script (at most 200 KB gzipped), and the page asked for once
 * signed in. A public page, or a signed-in visitor, loads the app (app/start.tsx). Inside the app,
 * /login loads this page again.
 */
import { createRoot } from 'react-dom/client';
import { startEarlyCalls } from './api/early.ts';
import { startScreensAt } from './app/screens.ts';
import { chosenLanguage, loadWords } from './features/auth/signin/words.ts';
import { registerOfflineWorker } from './features/scan/offline/register.ts';
import { getToken, isPublicPage, markSignedIn, signInAddress } from './lib/session.ts';

const element = document.getElementById('root');
if (!element) throw new Error('missing #root');
const root = createRoot(element);
const loadApp = () => import('./app/start.tsx');
// The offline page instead of the browser's error (built pages only: the dev server has no worker).
if (import.meta.env.PROD) registerOfflineWorker();

const path = window.location.pathname.replace(/\/+$/, '') || '/';
if (!getToken() && !isPublicPage(path)) {
  // A signed-out visit to a page of the app gets the sign-in screen, not the app, and comes back.
  if (path !== '/login') window.history.replaceState(null, '', signInAddress(path + window.location.search));
  // The words and the screen load side by side.
  const words = loadWords(chosenLanguage());
  const { showSignIn } = await import('./features/auth/signin/SignInScreen.tsx');
  showSignIn(root, await words, loadApp);
} else {
  const token = getToken();
  if (token) {
    markSignedIn(true); // a session from before the flag existed gets it too
    startEarlyCalls(path, token);
    startScreensAt(path);
  }
  const { startApp } = await loadApp();
  await startApp(root);
}
