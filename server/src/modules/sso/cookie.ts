/**
 * The cookie that binds a sign-in sent to the provider to the browser that started it: a callback
 * opened in another browser (a link sent by someone else, to sign the victim in as them) finds no
 * state. Lax, so that the provider's top-level redirect back carries it; on the callback's path only.
 */
const COOKIE = 'asbuilt_sso';
const COOKIE_PATH = '/api/global/sso/callback';
const MAX_AGE_SECONDS = 10 * 60;

const secure = (publicUrl: string) => (publicUrl.startsWith('https:') ? '; Secure' : '');

export function browserCookie(token: string, publicUrl: string): string {
  return `${COOKIE}=${token}; Max-Age=${MAX_AGE_SECONDS}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax${secure(publicUrl)}`;
}

export function clearedBrowserCookie(publicUrl: string): string {
  return `${COOKIE}=; Max-Age=0; Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax${secure(publicUrl)}`;
}

export function browserOf(cookieHeader: string | undefined): string | undefined {
  for (const part of cookieHeader?.split(';') ?? []) {
    const [name, ...value] = part.trim().split('=');
    if (name === COOKIE) return value.join('=') || undefined;
  }
  return undefined;
}
