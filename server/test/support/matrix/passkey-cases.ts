import { Role } from '@asbuilt/domain';
import { createSession } from '../../../src/platform/sessions.ts';
import { createUser, PASSWORD } from '../factories.ts';
import { createPasskey } from '../passkeys.ts';
import { type Cases, del, get, type MatrixContext, type MatrixRequest, post, put } from './cases.ts';

/**
 * A fresh user of tenant A with one passkey (registered through the calls, with the test's
 * software authenticator), and the request sent as them: the profile's passkey calls act on the
 * caller's own passkeys, so each asker's request goes out as a user of its own.
 */
async function asPasskeyUser(
  { t, w }: MatrixContext,
  build: (passkeyId: number, token: string) => Promise<MatrixRequest> | MatrixRequest,
): Promise<MatrixRequest> {
  const user = await createUser(t, { tenantId: w.a.id, role: Role.User });
  const token = await createSession(t.db, user.id, 1);
  const options = (await t.call('POST', '/api/global/me/passkeys/options', { token })).json().options;
  const registered = await t.call('POST', '/api/global/me/passkeys', {
    token,
    body: { name: 'Laptop', response: createPasskey(options).response },
  });
  const request = await build(registered.json().passkey.id as number, token);
  return { ...request, headers: { ...request.headers, authorization: `Bearer ${token}` } };
}

/** Passkeys (issue 46): each acts on the signed-in user's own passkeys. */
export const PASSKEY_CASES: Cases = {
  'GET /api/global/me/passkeys': {
    self: "lists the signed-in user's own passkeys; it takes no id",
    request: () => get('/api/global/me/passkeys'),
  },
  'POST /api/global/me/passkeys/options': {
    self: "registration options for the signed-in user's own account; it takes no id",
    request: () => post('/api/global/me/passkeys/options'),
  },
  'POST /api/global/me/passkeys': {
    self: "registers a passkey on the signed-in user's own account, answering their own challenge",
    request: (c) =>
      asPasskeyUser(c, async (_id, token) => {
        const options = (await c.t.call('POST', '/api/global/me/passkeys/options', { token })).json().options;
        return post('/api/global/me/passkeys', { name: 'Phone', response: createPasskey(options).response });
      }),
  },
  'PUT /api/global/me/passkeys': {
    self: "renames one of the signed-in user's own passkeys; another's answers 404 (passkeys.test.ts)",
    request: (c) => asPasskeyUser(c, (id) => put('/api/global/me/passkeys', { id, name: 'Renamed' })),
  },
  'DELETE /api/global/me/passkeys': {
    self: "removes one of the signed-in user's own passkeys with their password; another's answers 404",
    request: (c) =>
      asPasskeyUser(c, (id) => ({
        ...del(`/api/global/me/passkeys?id=${id}`),
        body: { password: PASSWORD },
      })),
  },
};
