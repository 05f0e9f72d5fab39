import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createTenant, createUser } from '../support/factories.ts';
import { freePort } from '../support/ports.ts';
import { linkIn, startSmtp } from '../support/smtp.ts';

/**
 * Issue 15, SMTP down: a password-reset request answers the same as for an unknown address, its
 * answer carries no token, and the mail is kept and sent once the mail server is back.
 */

let t: TestApp;
let port: number;
let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;

beforeAll(async () => {
  port = await freePort();
  t = await startTestApp({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAIL_RETRY_SECONDS: '0.5,0.5,0.5,0.5,0.5,0.5',
  });
});
afterAll(async () => {
  await smtp?.close();
  await t?.close();
});

describe('forgot password while the mail server is down', () => {
  it('answers the same as for an unknown address, then the mail goes once the server is back', async () => {
    const user = await createUser(t, { tenantId: (await createTenant(t)).id });
    const known = await t.call('POST', '/api/global/password/forgot', {
      body: { email: user.email },
      ip: '10.9.0.1',
    });
    const unknown = await t.call('POST', '/api/global/password/forgot', {
      body: { email: 'nobody@example.test' },
      ip: '10.9.0.2',
    });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.body).not.toMatch(/token|reset_password/);

    smtp = await startSmtp(port);
    const mail = await smtp.waitFor(user.email.toLowerCase(), 0, 10_000);
    const link = linkIn(mail);
    expect(link.pathname).toBe('/reset_password');
    expect(link.searchParams.get('token')!.length).toBeGreaterThan(40);
    expect(smtp.messages.some((m) => m.to.includes('nobody@example.test'))).toBe(false);
  });
});
