import { type APIRequestContext, expect } from '@playwright/test';

export const DEMO_PASSWORD = 'demo1234';

/**
 * Signs in through the API (for setting up a test, not for the screen under test). A 429 waits as
 * long as the server asks and tries again: the server allows 60 sign-ins a minute per address, and
 * a worker's tests, all from 127.0.0.1 and no longer slowed by the sign-in screen, can ask for more.
 */
export async function apiSignIn(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  for (let attempt = 0; ; attempt += 1) {
    const response = await request.post('/api/admin/users/login', { data: { username: email, password } });
    if (response.status() === 429 && attempt < 3) {
      const seconds = Number(response.headers()['retry-after'] ?? 5);
      await new Promise((resolve) => setTimeout(resolve, (Math.min(seconds, 60) + 1) * 1000));
      continue;
    }
    expect(response.status()).toBe(200);
    return (await response.json()) as { user: { id: number; fname: string; lname: string }; token: string };
  }
}

export async function apiChangePassword(request: APIRequestContext, email: string, from: string, to: string) {
  const { token } = await apiSignIn(request, email, from);
  const response = await request.post('/api/tenant/users/change_password', {
    data: { oldPass: from, newPass: to },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
}
