/**
 * The sign-in screen's side of single sign-on (issue 46): whether an e-mail's domain signs in
 * through its organisation's provider, and the way there. Plain calls, no app libraries, like the
 * rest of the sign-in screen.
 */
import { api } from '../../api/client.ts';

/** zod's e-mail pattern, as checks.ts: a username that is no e-mail never goes to a provider. */
const EMAIL =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** The provider's address to send the browser to, or null when the password signs this user in. */
export async function providerAddress(username: string): Promise<string | null> {
  const email = username.trim().toLowerCase();
  if (!EMAIL.test(email)) return null;
  const { sso } = await api.post<{ sso: boolean }>('/global/sso/discover', { email }, { auth: false });
  if (!sso) return null;
  // With cookies: the answer binds the sign-in to this browser, and the callback checks it.
  const { url } = await api.post<{ url: string }>(
    '/global/sso/start',
    { email },
    { auth: false, cookies: true },
  );
  rememberPlace();
  return url;
}

/** The page asked for before signing in (`?next=`), kept across the provider's round trip. */
const NEXT_KEY = 'asbuilt.sso_next';

function rememberPlace() {
  try {
    const next = new URLSearchParams(window.location.search).get('next');
    if (next) sessionStorage.setItem(NEXT_KEY, next);
    else sessionStorage.removeItem(NEXT_KEY);
  } catch {
    // No storage: the sign-in opens the sites list, as without a place.
  }
}

/** The callback's address is fixed: the place comes back from this tab's storage, once. */
function takePlace(): string | null {
  try {
    const next = sessionStorage.getItem(NEXT_KEY);
    sessionStorage.removeItem(NEXT_KEY);
    return next;
  } catch {
    return null;
  }
}

/** What the callback left in the address: a single-use code to exchange, or the refusal's code. */
export function takeReturn(): { code: string } | { error: string } | null {
  const params = new URLSearchParams(window.location.search);
  const code = params.get('sso');
  const error = params.get('sso_error');
  if (!code && !error) return null;
  // Out of the address at once: a reload or the history must not offer it again.
  params.delete('sso');
  params.delete('sso_error');
  // placeAfterSignIn (lib/session.ts) checks it is a page of this app.
  const next = takePlace();
  if (next && !params.has('next')) params.set('next', next);
  const rest = params.toString();
  window.history.replaceState(null, '', `${window.location.pathname}${rest ? `?${rest}` : ''}`);
  return code ? { code } : { error: error! };
}
