/**
 * The bootstrap. A signed-out visitor of /login (or of /, which leads there) gets the sign-in
 * screen alone: React and plain CSS, with its own words (features/auth/signin), which loads a
 * fraction of the app's script (issue 14: at most 200 KB gzipped). Any other page, or a signed-in
 * visitor, loads the app (app/start.tsx). Inside the app, /login loads this page again.
 */
import { createRoot } from 'react-dom/client';
import { startEarlyCalls } from './api/early.ts';
import { startScreensAt } from './app/screens.ts';
import { chosenLanguage, loadWords } from './features/auth/signin/words.ts';
import { getToken } from './lib/session.ts';

const element = document.getElementById('root');
if (!element) throw new Error('missing #root');
const root = createRoot(element);
const loadApp = () => import('./app/start.tsx');

const path = window.location.pathname.replace(/\/+$/, '') || '/';
if ((path === '/login' || path === '/') && !getToken()) {
  if (path === '/') window.history.replaceState(null, '', '/login');
  // The words and the screen load side by side.
  const words = loadWords(chosenLanguage());
  const { showSignIn } = await import('./features/auth/signin/SignInScreen.tsx');
  showSignIn(root, await words, loadApp);
} else {
  const token = getToken();
  if (token) {
    startEarlyCalls(path, token);
    startScreensAt(path);
  }
  const { startApp } = await loadApp();
  await startApp(root);
}
