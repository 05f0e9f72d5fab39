import { createSession } from '../../../src/platform/sessions.ts';
import { createUser } from '../factories.ts';
import type { Cases, MatrixContext, MatrixRequest } from './cases.ts';
import { del, get } from './cases.ts';

/**
 * Sent by a fresh user of tenant A with two sessions of their own, acting on the other one: the
 * world's users keep their sessions, which the next cases need.
 */
async function asUserWithTwoSessions(
  c: MatrixContext,
  build: (otherSessionId: number) => MatrixRequest,
): Promise<MatrixRequest> {
  const user = await createUser(c.t, { tenantId: c.w.a.id });
  await createSession(c.t.db, user.id, 1);
  const current = await createSession(c.t.db, user.id, 1);
  const list = await c.t.call('GET', '/api/global/me/sessions', { token: current });
  const other = (list.json().sessions as { id: number; current: boolean }[]).find((s) => !s.current)!;
  const request = build(other.id);
  return { ...request, headers: { ...request.headers, authorization: `Bearer ${current}` } };
}

/**
 * The profile's active sessions (issue 46). Another user's session answers 404 and an API token
 * is refused: server/test/api/sessions.test.ts.
 */
export const SESSION_CASES: Cases = {
  'GET /api/global/me/sessions': {
    self: "lists the signed-in user's own sessions; it takes no user id",
    request: () => get('/api/global/me/sessions'),
  },
  'DELETE /api/global/me/sessions': {
    self: "ends one of the signed-in user's own sessions; another's id answers 404",
    request: (c) => asUserWithTwoSessions(c, (id) => del(`/api/global/me/sessions?id=${id}`)),
  },
  'GET /api/global/me/sessions/confirmation': {
    self: 'tells the signed-in user how their own changes are confirmed (password or a recent sign-in); it takes no user id',
    request: () => get('/api/global/me/sessions/confirmation'),
  },
  'DELETE /api/global/me/sessions/others': {
    self: "ends the signed-in user's own other sessions; it takes no id",
    request: (c) => asUserWithTwoSessions(c, () => del('/api/global/me/sessions/others')),
  },
};
