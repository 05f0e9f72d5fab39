import { type APIRequestContext, expect } from '@playwright/test';
import { DEMO_PASSWORD } from './session.ts';

/** Signs in through the API (for setting up a test, not for the screen under test). */
export async function apiSignIn(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const response = await request.post('/api/admin/users/login', { data: { username: email, password } });
  expect(response.status()).toBe(200);
  return (await response.json()) as { user: { id: number; fname: string; lname: string }; token: string };
}

export async function apiChangePassword(request: APIRequestContext, email: string, from: string, to: string) {
  const { token } = await apiSignIn(request, email, from);
  const response = await request.post('/api/tenant/users/change_password', {
    data: { oldPass: from, newPass: to },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
}
