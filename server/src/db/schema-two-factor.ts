import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sessions, tenants, users } from './schema.ts';

/**
 * Two-factor sign-in with TOTP (issue 46). The secret is sealed with the vault key, bound to its
 * user; recovery codes, challenges and remembered browsers are stored as hashes only.
 */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const userTwoFactor = pgTable('user_two_factor', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The TOTP secret, sealed with the vault key (`twoFactorBinding`). */
  secret_encrypted: text('secret_encrypted').notNull(),
  /** Null while the enrolment waits for its first code: such a row does not ask for codes. */
  enabled_at: at('enabled_at'),
  /** The time step of the last accepted code: a code is accepted once, and none older after it. */
  last_step: bigint('last_step', { mode: 'number' }),
  created_at: at('created_at').notNull().defaultNow(),
});

export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code_hash: text('code_hash').notNull(),
    used_at: at('used_at'),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('two_factor_recovery_codes_user_idx').on(t.user_id)],
);

/**
 * What the password step hands out instead of a session: `sign_in` is exchanged for one with a
 * code, `setup` lets a user whose tenant requires two-factor sign-in enrol first.
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['sign_in', 'setup'] }).notNull(),
    challenge_hash: text('challenge_hash').notNull(),
    expires_at: at('expires_at').notNull(),
    used_at: at('used_at'),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('two_factor_challenges_hash_key').on(t.challenge_hash),
    index('two_factor_challenges_user_idx').on(t.user_id),
  ],
);

/** Browsers that skip the code for 30 days: their cookie's token is stored hashed, and revocable. */
export const twoFactorBrowsers = pgTable(
  'two_factor_browsers',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    user_agent: text('user_agent'),
    expires_at: at('expires_at').notNull(),
    revoked_at: at('revoked_at'),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('two_factor_browsers_token_key').on(t.token_hash),
    index('two_factor_browsers_user_idx').on(t.user_id),
  ],
);

/** A tenant's security policy, set by its Integrators. No row: nothing required. */
export const tenantTwoFactorPolicies = pgTable('tenant_two_factor_policies', {
  tenant_id: integer('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  require_two_factor: boolean('require_two_factor').notNull().default(false),
  updated_at: at('updated_at').notNull().defaultNow(),
});

/** When a session last gave a fresh code: the vault asks again after 15 minutes. */
export const sessionTwoFactor = pgTable('session_two_factor', {
  session_id: integer('session_id')
    .primaryKey()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  code_at: at('code_at').notNull(),
});
