import { randomBytes } from 'node:crypto';
import {
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { and, asc, eq } from 'drizzle-orm';
import { passkeys } from '../../db/schema.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { confirmOwnChange } from '../sessions/confirmation.ts';
import { logOnUser } from '../two-factor/service.ts';
import { spendChallenge, storeChallenge } from './challenges.ts';
import { presentPasskey } from './present.ts';
import { relyingParty, signedChallenge } from './relying-party.ts';

/**
 * One's own passkeys on the profile page: list, register (options, then the authenticator's
 * answer), rename, remove with the password. Adding and removing are logged on the user.
 */

/** A Super Admin signed in as someone never changes how that person signs in. */
function ownAccountOnly(actor: Actor) {
  if (actor.impersonatorId !== null) throw forbidden('not_allowed');
}

const ownRows = (ctx: AppContext, userId: number) =>
  ctx.db.select().from(passkeys).where(eq(passkeys.user_id, userId)).orderBy(asc(passkeys.id));

export async function list(ctx: AppContext, actor: Actor) {
  return { passkeys: (await ownRows(ctx, actor.userId)).map(presentPasskey) };
}

export async function registrationOptions(ctx: AppContext, actor: Actor) {
  ownAccountOnly(actor);
  const existing = await ownRows(ctx, actor.userId);
  // One random handle per user, kept on each passkey: it names the account to the authenticator
  // without giving it the id or the e-mail.
  const userHandle = existing[0]?.user_handle ?? randomBytes(32).toString('base64url');
  const { rpName, rpID } = relyingParty(ctx.config);
  const name = [actor.user.fname, actor.user.lname].filter(Boolean).join(' ');
  const options = await generateRegistrationOptions({
    rpName,
    rpID,
    userName: actor.user.email,
    userDisplayName: name || actor.user.email,
    userID: Buffer.from(userHandle, 'base64url'),
    attestationType: 'none',
    // The same authenticator twice would be one key under two names.
    excludeCredentials: existing.map((row) => ({
      id: row.credential_id,
      transports: row.transports,
    })),
    // Discoverable, so that it signs in without a username; verified, so that it is two factors.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await storeChallenge(ctx.db, options.challenge, 'register', { userId: actor.userId, userHandle });
  // Spread: the answer's schema takes any object with a challenge.
  return { options: { ...options } };
}

export async function register(
  ctx: AppContext,
  actor: Actor,
  input: { name: string; response: RegistrationResponseJSON },
) {
  ownAccountOnly(actor);
  const challenge = signedChallenge(input.response.response.clientDataJSON);
  const spent = challenge ? await spendChallenge(ctx.db, challenge, 'register', actor.userId) : null;
  if (!challenge || !spent?.user_handle) throw badRequest('passkey_registration_failed');
  const { rpID, origin } = relyingParty(ctx.config);
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    });
  } catch {
    throw badRequest('passkey_registration_failed');
  }
  if (!verified.verified) throw badRequest('passkey_registration_failed');
  const { credential } = verified.registrationInfo;
  const [taken] = await ctx.db
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(eq(passkeys.credential_id, credential.id));
  if (taken) throw conflict('passkey_already_registered');
  const row = await ctx.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(passkeys)
      .values({
        user_id: actor.userId,
        name: input.name,
        credential_id: credential.id,
        public_key: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: (credential.transports ?? []).slice(0, 10),
        user_handle: spent.user_handle!,
      })
      .returning();
    await logOnUser(tx, actor, actor.user, `Passkey added: ${input.name}`);
    return inserted!;
  });
  return { passkey: presentPasskey(row) };
}

async function ownPasskey(ctx: AppContext, actor: Actor, id: number) {
  const [row] = await ctx.db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.user_id, actor.userId)));
  // Another user's passkey is not there for this one.
  if (!row) throw notFound('passkey_not_found');
  return row;
}

export async function rename(ctx: AppContext, actor: Actor, input: { id: number; name: string }) {
  ownAccountOnly(actor);
  await ownPasskey(ctx, actor, input.id);
  const [row] = await ctx.db
    .update(passkeys)
    .set({ name: input.name })
    .where(and(eq(passkeys.id, input.id), eq(passkeys.user_id, actor.userId)))
    .returning();
  if (!row) throw notFound('passkey_not_found');
  return { passkey: presentPasskey(row) };
}

/**
 * Removing a way in takes the password (or, for an account without one, a recent sign-in), as
 * turning two-factor sign-in off does.
 */
export async function remove(ctx: AppContext, actor: Actor, id: number, password: string | undefined) {
  ownAccountOnly(actor);
  const row = await ownPasskey(ctx, actor, id);
  await confirmOwnChange(ctx, actor, password);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(passkeys).where(and(eq(passkeys.id, row.id), eq(passkeys.user_id, actor.userId)));
    await logOnUser(tx, actor, actor.user, `Passkey removed: ${row.name}`);
  });
  return { ok: true as const };
}
