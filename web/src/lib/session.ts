/**
 * The session token lives in localStorage so a reload keeps the user signed in; a login-as
 * session lives in sessionStorage instead, so that it belongs to its tab alone and the Super
 * Admin's other tabs stay theirs. Components read it through useToken(); every change notifies
 * subscribers, including changes made by another tab (storage event).
 */
import { isPublicPage, SIGNED_IN_COOKIE } from '@asbuilt/domain';
import { useSyncExternalStore } from 'react';

export { isPublicPage };

export const TOKEN_KEY = 'asbuilt.token';
/** A login-as session of this tab (sessionStorage): it wins over the account's own while it lasts. */
export const TAB_TOKEN_KEY = 'asbuilt.tab_token';
/** The language chosen in this browser (web/src/i18n/i18n.ts); it outlives the session. */
export const LANGUAGE_KEY = 'asbuilt.language';

const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

function readTabToken(): string | null {
  try {
    return sessionStorage.getItem(TAB_TOKEN_KEY);
  } catch {
    return null;
  }
}

function read(): string | null {
  const tabToken = readTabToken();
  if (tabToken !== null) return tabToken;
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function getToken(): string | null {
  return read();
}

export function setToken(token: string) {
  localStorage.setItem(TOKEN_KEY, token);
  markSignedIn(true);
  notify();
}

/** The server's hint for the next page load (see SIGNED_IN_COOKIE): set on sign-in, gone on sign-out. */
export function markSignedIn(signedIn: boolean) {
  // biome-ignore lint/suspicious/noDocumentCookie: one flag, no value; the Cookie Store API is not in every browser
  document.cookie = signedIn
    ? `${SIGNED_IN_COOKIE}=1; Path=/; Max-Age=31536000; SameSite=Lax`
    : `${SIGNED_IN_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}

/** Login as: the new session is this tab's only. */
export function setTabToken(token: string) {
  sessionStorage.setItem(TAB_TOKEN_KEY, token);
  notify();
}

/** Forgets this tab's login-as session, if any (true then): the tab is the account's own again. */
export function clearTabToken(): boolean {
  if (readTabToken() === null) return false;
  sessionStorage.removeItem(TAB_TOKEN_KEY);
  notify();
  return true;
}

/** Sign-out clears all local storage (token, layout preferences, anything else) but the language. */
export function clearSession() {
  const language = localStorage.getItem(LANGUAGE_KEY);
  localStorage.clear();
  if (language !== null) localStorage.setItem(LANGUAGE_KEY, language);
  markSignedIn(false);
  notify();
}

/** Where a new session starts: the sites list. */
export const HOME = '/sites';

/** The sign-in address that leads back to `place` (path and query) once signed in. */
export function signInAddress(place?: string): string {
  return place && isOwnPlace(place) ? `/login?next=${encodeURIComponent(place)}` : '/login';
}

/** A path of this app, never another origin (`//host`, `/\host`) nor the sign-in page itself. */
function isOwnPlace(place: string): boolean {
  return /^\/(?![/\\])/.test(place) && !/^\/login(?:[/?#]|$)/.test(place) && place !== '/';
}

/** Where a new session opens: the page the visitor asked for before signing in, or the sites list. */
export function placeAfterSignIn(): string {
  const next = new URLSearchParams(window.location.search).get('next');
  return next && isOwnPlace(next) ? next : HOME;
}

let leaving = false;

/**
 * Leaves the app for the sign-in screen: a page of its own, which main.tsx draws on a page load
 * of /login without a session (sign-out, a 401, a guard). The address changes with the page, so
 * nothing runs on a /login of the app in between. `keepPlace`: signing in again comes back here
 * (a session that ended, a visitor without one), not after a sign-out.
 */
export function openSignIn(keepPlace = false) {
  // The first call decides: a sign-out's guard re-rendering on the way out must not add a return.
  if (leaving) return;
  leaving = true;
  const { pathname, search } = window.location;
  if (pathname === '/login') window.location.replace(`/login${search}`);
  else window.location.replace(keepPlace ? signInAddress(pathname + search) : '/login');
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TOKEN_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useToken(): string | null {
  return useSyncExternalStore(subscribe, read, () => null);
}
