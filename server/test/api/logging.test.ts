import { PassThrough } from 'node:stream';
import { Role } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secrets } from '../../src/db/schema.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createSite, createTenant, createUser, PASSWORD, signIn } from '../support/factories.ts';
import { linkIn } from '../support/smtp.ts';

let t: TestApp;
let logs = '';

beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => {
    logs += chunk.toString('utf8');
  });
  t = await startTestApp({ LOG_LEVEL: 'debug' }, stream);
});
afterAll(() => t?.close());

describe('logs', () => {
  it('hold requests but never a password, a token or a reset link', async () => {
    const tenant = await createTenant(t);
    const user = await createUser(t, { tenantId: tenant.id });
    const login = await t.call('POST', '/api/admin/users/login', {
      body: { username: user.email, password: PASSWORD },
    });
    const token = login.json().token as string;
    await t.call('GET', '/api/global/me', { token });
    await t.call('POST', '/api/admin/users/login', {
      body: { username: user.email, password: 'wrong-password-xyz' },
    });

    const before = t.smtp.messages.length;
    await t.call('POST', '/api/global/password/forgot', { body: { email: user.email } });
    const resetToken = linkIn(await t.smtp.waitFor(user.email, before)).searchParams.get('token')!;
    await t.call('GET', `/reset_password?email=${encodeURIComponent(user.email)}&token=${resetToken}`);

    expect(logs).toContain('/api/admin/users/login');
    for (const secret of [PASSWORD, 'wrong-password-xyz', token, resetToken])
      expect(logs).not.toContain(secret);
  });

  it('never hold a vault password or its ciphertext, created, changed, revealed or refused', async () => {
    const tenant = await createTenant(t);
    const user = await createUser(t, { tenantId: tenant.id, role: Role.Integrator });
    const token = await signIn(t, user.email);
    const site = await createSite(t, tenant.id);
    const created = await t.call('POST', '/api/site/secrets', {
      token,
      body: { site_id: site.id, name: 'Switch', password: 'vault-pass-111' },
    });
    const id = (created.json() as { secret: { id: number } }).secret.id;
    await t.call('PUT', '/api/site/secrets', { token, body: { id, password: 'vault-pass-222' } });
    const revealed = await t.call('POST', '/api/site/secrets/reveal', { token, body: { id } });
    expect(revealed.json()).toMatchObject({ password: 'vault-pass-222' });
    // A refused body is logged as an error: still no password in it.
    await t.call('POST', '/api/site/secrets', {
      token,
      body: { site_id: site.id, name: '', password: 'vault-pass-333' },
    });
    const [row] = await t.db.select().from(secrets).where(eq(secrets.id, id));

    expect(logs).toContain('/api/site/secrets/reveal');
    for (const secret of ['vault-pass-111', 'vault-pass-222', 'vault-pass-333', row!.password_encrypted!])
      expect(logs).not.toContain(secret);
  });
});
