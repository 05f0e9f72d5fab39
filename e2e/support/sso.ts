import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { startTestProvider, type TestAccount } from '../../server/test/support/oidc.ts';
import { apiSignIn } from './api.ts';
import { workerServer } from './server.ts';
import { enterEmail } from './session.ts';

/**
 * The tenant of `integrator` signing in through a real OpenID provider (server/test/support/oidc.ts)
 * for a domain of its own, new users welcome as role 1; the provider knows one account, which a
 * browser's visit signs in as. `remove` takes the setting off and stops the provider.
 */
export async function ssoTenant(
  request: APIRequestContext,
  options: { integrator: string; accountId: string; domainPrefix: string; names: Omit<TestAccount, 'email'> },
) {
  const domain = `${options.domainPrefix}-${Date.now().toString(36)}.test`;
  const email = `${options.accountId}@${domain}`;
  const { token } = await apiSignIn(request, options.integrator);
  const headers = { authorization: `Bearer ${token}` };
  const provider = await startTestProvider({
    redirectUris: [`${workerServer().url}/api/global/sso/callback`],
    browserAccountId: options.accountId,
  });
  provider.accounts.set(options.accountId, { email, email_verified: true, ...options.names });
  const remove = async () => {
    await request.delete('/api/tenant/sso', { headers });
    await provider.close();
  };
  try {
    const set = await request.put('/api/tenant/sso', {
      headers,
      data: {
        issuer: provider.issuer,
        client_id: provider.clientId,
        client_secret: provider.clientSecret,
        domains: [domain],
        create_users: true,
        new_user_role: 1,
      },
    });
    expect(set.status()).toBe(200);
  } catch (error) {
    await remove();
    throw error;
  }
  return { email, remove };
}

/** The e-mail on the sign-in screen, to the provider and back without a password. */
export async function signInThroughProvider(page: Page, email: string) {
  await page.goto('/login');
  await enterEmail(page, email);
  await expect(page).toHaveURL(/\/sites$/);
}
