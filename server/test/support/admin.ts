import { Role } from '@asbuilt/domain';
import { expect } from 'vitest';
import type { TestApp } from './app.ts';
import { createTenant, createUser, signIn } from './factories.ts';

/** A signed-in Super Admin, and one signed-in user of each of roles 1 to 4 (who are refused). */
export async function adminActors(t: TestApp) {
  const superAdmin = await createUser(t, { tenantId: 1, role: Role.SuperAdmin });
  const admin = await signIn(t, superAdmin.email);
  const tenant = await createTenant(t, 'Refused tenant');
  const refused: Record<string, string> = {};
  for (const role of [Role.User, Role.BuildingOwner, Role.Integrator, Role.LibraryAdmin]) {
    const user = await createUser(t, { tenantId: role === Role.LibraryAdmin ? 1 : tenant.id, role });
    refused[`role ${role}`] = await signIn(t, user.email);
  }
  return { superAdmin, admin, refused };
}

/** Expects a call to answer 403 to each refused role and 401 without a session. */
export async function expectAdminOnly(
  t: TestApp,
  refused: Record<string, string>,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
) {
  for (const [label, token] of Object.entries(refused)) {
    const response = await t.call(method, url, { token, body });
    expect(response.statusCode, `${method} ${url} ${label}`).toBe(403);
    expect(response.json().code, `${method} ${url} ${label}`).toBe('not_allowed');
  }
  const anonymous = await t.call(method, url, { body });
  expect(anonymous.statusCode, `${method} ${url} without a session`).toBe(401);
  expect(anonymous.json().error).toBeTruthy();
}
