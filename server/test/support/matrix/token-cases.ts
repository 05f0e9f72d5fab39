import { Role } from '@asbuilt/domain';
import { apiTokens } from '../../../src/db/schema.ts';
import { createSession } from '../../../src/platform/sessions.ts';
import { hashToken, newToken } from '../../../src/platform/tokens.ts';
import { createUser } from '../factories.ts';
import type { Cases, MatrixContext, MatrixRequest } from './cases.ts';
import { del, get, post, put, unique } from './cases.ts';

/** A token of a user of tenant A, made straight in the database (its value is never needed). */
async function tokenOf(c: MatrixContext, userId: number): Promise<number> {
  const token = `asb_${newToken()}`;
  const [row] = await c.t.db
    .insert(apiTokens)
    .values({
      user_id: userId,
      tenant_id: c.w.a.id,
      name: unique('Matrix token'),
      prefix: token.slice(4, 12),
      token_hash: hashToken(token),
      scope: 'read',
    })
    .returning({ id: apiTokens.id });
  return row!.id;
}

/** Sent by a fresh user of tenant A with a session of their own, revoking their own token. */
async function revokeOwn(c: MatrixContext): Promise<MatrixRequest> {
  const user = await createUser(c.t, { tenantId: c.w.a.id });
  const session = await createSession(c.t.db, user.id, 1);
  const id = await tokenOf(c, user.id);
  return { ...del(`/api/global/me/tokens?id=${id}`), headers: { authorization: `Bearer ${session}` } };
}

/**
 * Personal API tokens (issue 45): one's own tokens on the profile page, every token for the Super
 * Admin, and the tenant's expiry rule (Integrators change it). What a token itself may call is
 * checked in server/test/api/api-tokens.test.ts.
 */
export const TOKEN_CASES: Cases = {
  'GET /api/global/me/tokens': {
    self: "lists the signed-in user's own tokens; it takes no id",
    request: () => get('/api/global/me/tokens'),
  },
  'POST /api/global/me/tokens': {
    self: 'makes a token for the signed-in user; it takes no user id',
    request: () =>
      post('/api/global/me/tokens', { name: unique('Script'), scope: 'read', expires_in_days: 30 }),
  },
  'DELETE /api/global/me/tokens': {
    // Another user's token answers 404 (api-tokens.test.ts "revoking").
    self: "revokes one of the signed-in user's own tokens",
    request: (c) => revokeOwn(c),
  },
  'GET /api/admin/tokens': { superAdmin: true, request: () => get('/api/admin/tokens') },
  'DELETE /api/admin/tokens': {
    superAdmin: true,
    request: async (c) => del(`/api/admin/tokens?id=${await tokenOf(c, c.w.users.reader.id)}`),
  },
  'GET /api/tenant/token_policy': { role: Role.User, request: () => get('/api/tenant/token_policy') },
  'PUT /api/tenant/token_policy': {
    role: Role.Integrator,
    foreign: true,
    request: (c) => put('/api/tenant/token_policy', { require_expiry: false, tenant_id: c.w.a.id }),
  },
};
