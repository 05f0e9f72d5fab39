import { describe, expect, it } from 'vitest';
import { redactUrl } from '../../src/platform/logger.ts';

describe('redactUrl', () => {
  it('hides tokens, signatures and e-mails in a logged URL and keeps the rest', () => {
    expect(redactUrl('/reset_password?email=a%40b.c&token=abc123')).toBe(
      '/reset_password?email=[redacted]&token=[redacted]',
    );
    expect(redactUrl('/api/files/sites/x.svg?expires=9&signature=zzz')).toBe(
      '/api/files/sites/x.svg?expires=9&signature=[redacted]',
    );
    expect(redactUrl('/api/site/sites?id=7')).toBe('/api/site/sites?id=7');
  });
});
