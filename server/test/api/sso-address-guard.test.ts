import { Role } from '@asbuilt/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ssoDomains, tenantSso } from '../../src/db/schema.ts';
import { ssoSecretBinding } from '../../src/modules/sso/provider.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createTenant, createUser, signIn } from '../support/factories.ts';

/**
 * The address guard on the tenant's provider (issue 46): without SSO_ALLOW_PRIVATE, an issuer on a
 * private or local network is refused when saved, and a call to one saved before (or a name that
 * now answers a private address) is refused when it connects, with a 4xx and never a 500.
 */

let t: TestApp;
let tenantId: number;
let integrator: string;

const save = (issuer: string) =>
  t.call('PUT', '/api/tenant/sso', {
    token: integrator,
    body: {
      issuer,
      client_id: 'asbuilt',
      client_secret: 'a-client-secret',
      domains: ['guarded-sso.test'],
      create_users: false,
      allow_password: true,
    },
  });

beforeAll(async () => {
  t = await startTestApp();
  tenantId = (await createTenant(t)).id;
  integrator = await signIn(t, (await createUser(t, { tenantId, role: Role.Integrator })).email);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the address guard on single sign-on', () => {
  it.each([
    'http://127.0.0.1:4000',
    'http://localhost:4000',
    'https://10.1.2.3/realms/acme',
    'https://169.254.169.254',
    'https://[::1]:8443',
    'https://[::ffff:192.168.1.1]',
  ])('refuses the issuer %s when it is saved', async (issuer) => {
    const response = await save(issuer);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().code).toBe('sso_issuer_private');
  });

  it('refuses at sign-in an issuer saved before the guard, when the server connects', async () => {
    await t.db.insert(tenantSso).values({
      tenant_id: tenantId,
      enabled: true,
      issuer: 'http://localhost:1',
      client_id: 'asbuilt',
      client_secret_encrypted: t.ctx.vault.encrypt('a-client-secret', ssoSecretBinding(tenantId)),
      create_users: false,
      new_user_role: Role.User,
      allow_password: true,
    });
    await t.db.insert(ssoDomains).values({ domain: 'guarded-sso.test', tenant_id: tenantId });
    const start = await t.call('POST', '/api/global/sso/start', {
      body: { email: 'someone@guarded-sso.test' },
    });
    expect(start.statusCode, start.body).toBe(400);
    expect(start.json().code).toBe('sso_issuer_private');

    await t.db.update(tenantSso).set({ issuer: 'http://127.0.0.1:1' });
    const literal = await t.call('POST', '/api/global/sso/start', {
      body: { email: 'someone@guarded-sso.test' },
    });
    expect(literal.statusCode, literal.body).toBe(400);
    expect(literal.json().code).toBe('sso_issuer_private');
  });
});
