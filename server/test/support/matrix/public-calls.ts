/**
 * The calls answered without a session, each on purpose (their routes say `config: { public: true }`),
 * with the reason. The matrices of issue 15 check every other call of the route table.
 */
export const PUBLIC_CALLS: Record<string, string> = {
  'POST /api/admin/users/login': 'signing in',
  'POST /api/admin/users/login/2fa':
    "signing in's second step: the password step's challenge, not a session, grants it",
  'POST /api/admin/users/login/2fa/setup':
    "the enrolment a tenant's policy requires before any session, granted by the password step's challenge",
  'POST /api/admin/users/login/2fa/setup/confirm': 'the end of that enrolment, with the same challenge',
  'POST /api/admin/users/login/passkey/options':
    'signing in with a passkey: the challenge to sign, asked before anyone is known',
  'POST /api/admin/users/login/passkey': "signing in with a passkey: the authenticator's signature grants it",
  'POST /api/admin/users/login/sso':
    "single sign-on's last step: the callback's single-use hand-over code, not a session, grants it",
  'POST /api/global/sso/discover':
    "the sign-in page asking whether an e-mail's domain signs in through a provider",
  'POST /api/global/sso/start': 'sending the browser to the tenant’s provider to sign in',
  'GET /api/global/sso/callback':
    'the provider sending the browser back: its state and the browser’s cookie grant it',
  'POST /api/global/password/forgot': 'asking for a reset link',
  'POST /api/global/password/reset': 'setting a password with a mailed token',
  'POST /api/tenant/users/invite_sign_up': 'accepting an invitation with its mailed token',
  'POST /api/tenant/users/invite_check':
    'the invitation page asking what its mailed link is before showing a form',
  'POST /api/global/email/confirm': 'confirming a new e-mail address with its mailed token',
  'POST /api/global/public/device': "the public device page, opened from a device's QR code",
  'POST /api/global/public/report': 'a visitor reporting a problem from the public device page',
  'POST /api/global/public/ticket':
    "a visitor following their report from the mailed link: the link's signature, not a session, grants it",
  'POST /api/global/public/ticket/messages': 'a visitor answering their report from the same signed link',
  'GET /api/health': 'the load balancer and monitoring',
  'GET /api/files/{key}': 'signed file URLs: the signature, not a session, grants the file',
  'PUT /api/global/uploads/{key}': 'signed upload URLs: the signature grants the upload',
  'GET /api/calendar/{file}':
    "a calendar app reading its user's feed: the URL's secret token, not a session, grants it",
  'POST /api/global/public/unsubscribe':
    "a reminder mail's one-click unsubscribe link (and List-Unsubscribe-Post): its signed token names the user",
};

/** Every call of the app's OpenAPI description, as `METHOD /path`. */
export function routeTable(description: unknown): string[] {
  const { paths } = description as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(paths).flatMap(([path, methods]) =>
    Object.keys(methods)
      .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map((method) => `${method.toUpperCase()} ${path}`),
  );
}
