/**
 * What a personal API token may call, route by route (issue 45), in one place. A `read` token is
 * refused every write; a write is decided by route, not by method: the calls below use POST for
 * a body but change nothing, so a `read` token may make them. A call not listed here is a write
 * unless it is a GET, so a new POST call is refused to `read` tokens until it is listed.
 */

/** Route keys (`METHOD /path`, as Fastify registered the path). */
export type RouteKey = `${string} /api/${string}`;

/** POST calls that only read: a search, a look-up, a file made from what the caller may read. */
export const READING_POSTS: ReadonlySet<RouteKey> = new Set<RouteKey>([
  'POST /api/site/permission',
  'POST /api/global/find_user',
  'POST /api/global/find_users',
  'POST /api/tenant/filter_logs',
  'POST /api/admin/filter_logs',
  'POST /api/site/devices/logs',
  'POST /api/site/devices/export',
  'POST /api/site/devices/labels',
  'POST /api/site/connections/labels',
  'POST /api/admin/jobs/export_json',
  'POST /api/global/public/device',
  'POST /api/global/public/device/target',
  'POST /api/tenant/users/invite_check',
  // Reads one password; needs the token's vault scope on top (VAULT_CALLS).
  'POST /api/site/secrets/reveal',
]);

/** Calls that reveal vault passwords: only with a token given the `vault` scope. */
export const VAULT_CALLS: ReadonlySet<RouteKey> = new Set<RouteKey>(['POST /api/site/secrets/reveal']);

/**
 * Calls no token may make, whatever its scope: they manage tokens, the account's password or
 * e-mail, sessions or login-as. Only a person signed in to the app makes them.
 */
export const NEVER_WITH_TOKEN: ReadonlySet<RouteKey> = new Set<RouteKey>([
  'POST /api/global/me/tokens',
  'DELETE /api/global/me/tokens',
  'DELETE /api/admin/tokens',
  'PUT /api/tenant/token_policy',
  'POST /api/tenant/users/change_password',
  'POST /api/global/email/change',
  'POST /api/tenant/users/send_reset_link',
  'POST /api/admin/users/send_reset_link',
  'POST /api/admin/users/loginas',
  'POST /api/admin/users/logout',
]);

/**
 * Paths no token may call with any method: the account's second factor, passkeys and sessions
 * (issue 46) and its calendar feed link, itself a secret (issue 44), are for the person signed in
 * to the app.
 */
const NEVER_WITH_TOKEN_UNDER = [
  '/api/global/me/2fa',
  '/api/global/me/passkeys',
  '/api/global/me/sessions',
  '/api/global/me/calendar',
];

export function neverWithToken(key: RouteKey): boolean {
  if (NEVER_WITH_TOKEN.has(key)) return true;
  const path = key.slice(key.indexOf(' ') + 1);
  return NEVER_WITH_TOKEN_UNDER.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** Calls that set a password when their body holds one (the user card): refused to tokens then. */
export const PASSWORD_IN_BODY: ReadonlySet<RouteKey> = new Set<RouteKey>([
  'PUT /api/tenant/users',
  'PUT /api/admin/users',
]);

export function routeKey(method: string, url: string | undefined): RouteKey {
  return `${method} ${url ?? ''}` as RouteKey;
}

export function isWrite(key: RouteKey): boolean {
  return !(key.startsWith('GET ') || key.startsWith('HEAD ') || READING_POSTS.has(key));
}
