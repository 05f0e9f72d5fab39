import { expect } from 'vitest';
import { startTestApp, type TestApp } from './app.ts';
import { startTestProvider, type TestProvider } from './oidc.ts';

/** An app and a real OpenID provider (support/oidc.ts) that sends the browser back to it. */
export async function startSsoApp(
  providerOptions: Omit<Parameters<typeof startTestProvider>[0], 'redirectUris'> = {},
): Promise<{ t: TestApp; op: TestProvider }> {
  // The test provider listens on 127.0.0.1, which the address guard refuses otherwise.
  const t = await startTestApp({ SSO_ALLOW_PRIVATE: 'true' });
  const op = await startTestProvider({
    redirectUris: [`${t.ctx.config.publicUrl}/api/global/sso/callback`],
    ...providerOptions,
  });
  return { t, op };
}

/** Saves the caller's tenant's single sign-on (another tenant's with `tenantId`) at the provider. */
export function configureSso(
  t: TestApp,
  op: TestProvider,
  token: string,
  body: Record<string, unknown>,
  tenantId?: number,
): Promise<{ statusCode: number; json: () => Record<string, unknown>; body: string }> {
  return t.call('PUT', '/api/tenant/sso', {
    token,
    body: {
      issuer: op.issuer,
      client_id: op.clientId,
      client_secret: op.clientSecret,
      create_users: false,
      allow_password: true,
      ...(tenantId ? { tenant_id: tenantId } : {}),
      ...body,
    },
  });
}

/** The browser's round trip: start, the provider, the callback; answers where the callback sends it. */
export async function roundTrip(
  t: TestApp,
  op: TestProvider,
  email: string,
  accountId: string,
  options: { editAuthorizationUrl?: (url: URL) => void; cookie?: string | null } = {},
) {
  const start = await t.call('POST', '/api/global/sso/start', { body: { email } });
  expect(start.statusCode, start.body).toBe(200);
  const setCookie = [start.headers['set-cookie']].flat().join(';');
  const cookie = /asbuilt_sso=[^;]+/.exec(setCookie)?.[0];
  const url = new URL(start.json().url);
  options.editAuthorizationUrl?.(url);
  const back = await op.authorize(url.href, accountId);
  const callbackPath = `${back.pathname}${back.search}`;
  // The service worker's navigation preload comes first, and spends nothing.
  const preload = await t.call('GET', callbackPath, {
    headers: { 'service-worker-navigation-preload': 'true', ...(cookie ? { cookie } : {}) },
  });
  expect(preload.statusCode).toBe(204);
  const callback = () =>
    t.call('GET', callbackPath, {
      headers: options.cookie === null ? {} : { cookie: options.cookie ?? cookie! },
    });
  const answer = await callback();
  expect(answer.statusCode, answer.body).toBe(303);
  const location = new URL(answer.headers.location as string);
  return {
    location,
    code: location.searchParams.get('sso'),
    error: location.searchParams.get('sso_error'),
    callback,
  };
}

/** A round trip the provider and the callback accept, then the exchange of its single-use code. */
export async function signInThrough(t: TestApp, op: TestProvider, email: string, accountId: string) {
  const trip = await roundTrip(t, op, email, accountId);
  expect(trip.error).toBeNull();
  expect(trip.code, trip.location.href).toBeTruthy();
  const exchanged = await t.call('POST', '/api/admin/users/login/sso', { body: { code: trip.code } });
  return { trip, exchanged };
}
