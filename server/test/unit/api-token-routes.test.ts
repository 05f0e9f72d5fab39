import { API_TOKEN_PREFIX, apiTokenCreateSchema, apiTokenPrefix, isApiToken } from '@asbuilt/domain';
import { describe, expect, it } from 'vitest';
import { isWrite, neverWithToken, READING_POSTS, routeKey } from '../../src/platform/api-token-routes.ts';

describe('what a personal API token may call (issue 45)', () => {
  it('takes every call but GET as a write, unless it is listed as reading', () => {
    expect(isWrite(routeKey('GET', '/api/site/index'))).toBe(false);
    expect(isWrite(routeKey('POST', '/api/site/permission'))).toBe(false);
    expect(isWrite(routeKey('POST', '/api/global/search/anything_new'))).toBe(true);
    expect(isWrite(routeKey('PUT', '/api/site/devices'))).toBe(true);
    expect(isWrite(routeKey('DELETE', '/api/site/devices'))).toBe(true);
    for (const key of READING_POSTS) expect(key.startsWith('POST /api/'), key).toBe(true);
  });

  it('refuses account calls to every token, by route and under the second factor and calendar paths', () => {
    expect(neverWithToken(routeKey('POST', '/api/global/me/tokens'))).toBe(true);
    expect(neverWithToken(routeKey('GET', '/api/global/me/tokens'))).toBe(false);
    expect(neverWithToken(routeKey('POST', '/api/admin/users/loginas'))).toBe(true);
    expect(neverWithToken(routeKey('DELETE', '/api/global/me/2fa'))).toBe(true);
    expect(neverWithToken(routeKey('POST', '/api/global/me/2fa/totp/confirm'))).toBe(true);
    expect(neverWithToken(routeKey('GET', '/api/global/me/calendar'))).toBe(true);
    expect(neverWithToken(routeKey('GET', '/api/global/me/calendars'))).toBe(false);
  });
});

describe('token text', () => {
  it('tells API tokens from session tokens by their prefix, and shows eight characters after it', () => {
    const token = `${API_TOKEN_PREFIX}abcdefghijklmnop`;
    expect(isApiToken(token)).toBe(true);
    expect(isApiToken('abcdefghijklmnop')).toBe(false);
    expect(apiTokenPrefix(token)).toBe('abcdefgh');
  });

  it('reads a form body: no expiry and no sites when blank, numbers from text', () => {
    expect(
      apiTokenCreateSchema.parse({
        name: ' CI ',
        scope: 'read',
        expires_in_days: '',
        site_ids: '',
        vault: 'true',
      }),
    ).toEqual({ name: 'CI', scope: 'read', vault: true });
    expect(
      apiTokenCreateSchema.parse({
        name: 'CI',
        scope: 'read_write',
        expires_in_days: '90',
        site_ids: '[3,4]',
      }),
    ).toEqual({ name: 'CI', scope: 'read_write', expires_in_days: 90, site_ids: [3, 4] });
    expect(apiTokenCreateSchema.safeParse({ name: 'CI', scope: 'read', expires_in_days: 3651 }).success).toBe(
      false,
    );
  });
});
