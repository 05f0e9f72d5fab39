import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
} from '@simplewebauthn/server';
import { eq } from 'drizzle-orm';
import { passkeys } from '../../db/schema.ts';
import type { AppContext, RequestMeta } from '../../platform/context.ts';
import { unauthorized } from '../../platform/errors.ts';
import { createSession } from '../../platform/sessions.ts';
import { loginLimits } from '../auth/limits.ts';
import { markCodeGiven } from '../two-factor/gate.ts';
import { presentUser } from '../users/present.ts';
import { findUserWithTenant } from '../users/queries.ts';
import { spendChallenge, storeChallenge } from './challenges.ts';
import { optionsLimit } from './limits.ts';
import { relyingParty, signedChallenge } from './relying-party.ts';

/**
 * Signing in with a passkey, without a username: the options carry a challenge and no list of
 * credentials (the browser offers the user's discoverable passkeys), the answer names its passkey.
 * A passkey with user verification is two factors: no code step follows, and it satisfies the
 * tenant's policy. It answers what the password sign-in answers.
 */

export async function signInOptions(ctx: AppContext, meta: RequestMeta) {
  await ctx.limiter.take(optionsLimit(meta.ip));
  const { rpID } = relyingParty(ctx.config);
  const options = await generateAuthenticationOptions({ rpID, userVerification: 'required' });
  await storeChallenge(ctx.db, options.challenge, 'sign_in', null);
  return { options: { ...options } };
}

/** Every refusal answers the same: nothing tells which check failed. */
const refused = () => unauthorized('passkey_invalid');

async function verifiedPasskey(ctx: AppContext, response: AuthenticationResponseJSON) {
  const challenge = signedChallenge(response.response.clientDataJSON);
  if (!challenge || !(await spendChallenge(ctx.db, challenge, 'sign_in', null))) throw refused();
  if (response.id !== response.rawId) throw refused();
  const [row] = await ctx.db.select().from(passkeys).where(eq(passkeys.credential_id, response.id));
  if (!row) throw refused();
  // A discoverable passkey names its account: it must be the one this passkey was registered to.
  if (response.response.userHandle && response.response.userHandle !== row.user_handle) throw refused();
  const found = await findUserWithTenant(ctx.db, row.user_id);
  if (!found?.user.user_status || !found.tenantActive) throw refused();
  const { rpID, origin } = relyingParty(ctx.config);
  let result: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
      credential: {
        id: row.credential_id,
        publicKey: Buffer.from(row.public_key, 'base64url'),
        counter: row.counter,
        transports: row.transports,
      },
    });
  } catch {
    // A bad signature, another origin, no user verification, or a counter gone back (a clone).
    throw refused();
  }
  if (!result.verified) throw refused();
  return { row, found, counter: result.authenticationInfo.newCounter };
}

export async function signInWithPasskey(
  ctx: AppContext,
  response: AuthenticationResponseJSON,
  meta: RequestMeta,
) {
  // Counted as a failure of the address before the checks, as a password sign-in is, and given
  // back on success: a burst of forged answers gets exactly the allowed number checked.
  const address = loginLimits.addressFailures(meta.ip);
  const successes = loginLimits.addressSuccesses(meta.ip);
  await ctx.limiter.take(address, successes);
  let verified: Awaited<ReturnType<typeof verifiedPasskey>>;
  try {
    verified = await verifiedPasskey(ctx, response);
  } catch (error) {
    await ctx.limiter.giveBackStatement(successes);
    throw error;
  }
  const { row, found, counter } = verified;
  const token = await ctx.db.transaction(async (tx) => {
    await tx.update(passkeys).set({ counter, last_used_at: new Date() }).where(eq(passkeys.id, row.id));
    const opened = await createSession(tx, row.user_id, ctx.config.sessionTtlHours, meta);
    // The passkey's user verification is as fresh as a code: the vault does not ask at once.
    await markCodeGiven(tx, opened);
    return opened;
  });
  await ctx.limiter.giveBackStatement(address);
  return { user: presentUser(found.user, found.tenantName), token };
}
