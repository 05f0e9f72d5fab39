import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createTenant, createUser, PASSWORD } from '../support/factories.ts';
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
});
