import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './schema.ts';

/**
 * Passkeys (WebAuthn, issue 46): a user's credentials, each with its public key only (the private
 * key never leaves the authenticator), and the short-lived challenges a ceremony signs.
 */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The credential id, base64url, as the browser names it on every sign-in. */
    credential_id: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    public_key: text('public_key').notNull(),
    /** The authenticator's signature counter: one that goes back betrays a cloned key. */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    /**
     * The WebAuthn user handle the authenticator keeps (random, the same for all of a user's
     * passkeys): a discoverable sign-in names it, and it must be this row's.
     */
    user_handle: text('user_handle').notNull(),
    created_at: at('created_at').notNull().defaultNow(),
    last_used_at: at('last_used_at'),
  },
  (t) => [
    uniqueIndex('passkeys_credential_key').on(t.credential_id),
    index('passkeys_user_idx').on(t.user_id),
  ],
);

/**
 * A ceremony's challenge, stored hashed, valid five minutes and signed once: `register` belongs
 * to the signed-in user asking for it, `sign_in` to nobody yet (the passkey names its user).
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['register', 'sign_in'] }).notNull(),
    challenge_hash: text('challenge_hash').notNull(),
    /** A registration's user handle, given to the authenticator with the options, kept with the new passkey. */
    user_handle: text('user_handle'),
    expires_at: at('expires_at').notNull(),
    used_at: at('used_at'),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('passkey_challenges_hash_key').on(t.challenge_hash),
    index('passkey_challenges_expires_idx').on(t.expires_at),
  ],
);
