import { createHmac, timingSafeEqual } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, signatureOf, signedHeaders } from '../../src/modules/webhooks/signature.ts';

/**
 * A receiver's check, written from the Standard Webhooks specification rather than from the
 * server's code: the key is the base64 after `whsec_`; the signed content is
 * `id.timestamp.body`; the header holds space-separated `v1,<base64>` signatures.
 */
function verify(secret: string, headers: Record<string, string>, body: string, nowSeconds: number): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const timestamp = Number(headers['webhook-timestamp']);
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > 300) return false;
  const expected = createHmac('sha256', key).update(`${headers['webhook-id']}.${timestamp}.${body}`).digest();
  return (headers['webhook-signature'] ?? '').split(' ').some((entry) => {
    const [version, value] = entry.split(',');
    if (version !== 'v1' || !value) return false;
    const given = Buffer.from(value, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

describe('webhook signatures', () => {
  it('match the example of the Standard Webhooks specification', () => {
    expect(
      signatureOf(
        'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        'msg_p5jXN8AQM9LWM0D4loKWxJek',
        1614265330,
        '{"test": 2432232314}',
      ),
    ).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('verify with an independent check, and fail on another body, id, time or secret', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const at = new Date('2026-11-29T10:00:00Z');
    const now = at.getTime() / 1000;
    const body = JSON.stringify({ id: 'msg_1', type: 'device.updated' });
    const headers = signedHeaders(secret, 'msg_1', at, body);
    expect(headers['webhook-id']).toBe('msg_1');
    expect(headers['webhook-timestamp']).toBe(String(now));
    expect(verify(secret, headers, body, now)).toBe(true);
    expect(verify(secret, headers, `${body} `, now)).toBe(false);
    expect(verify(secret, { ...headers, 'webhook-id': 'msg_2' }, body, now)).toBe(false);
    expect(verify(secret, headers, body, now + 3600)).toBe(false);
    expect(verify(newWebhookSecret(), headers, body, now)).toBe(false);
  });

  it('gives every endpoint its own secret', () => {
    expect(newWebhookSecret()).not.toBe(newWebhookSecret());
  });
});
