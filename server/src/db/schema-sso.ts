import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenants, users } from './schema.ts';

/**
 * Single sign-on with OpenID Connect (issue 46): a tenant's provider and the e-mail domains that
 * sign in through it. The client secret is sealed with the vault key; the flow's state and the
 * hand-over code to the web are short-lived, single-use and stored as hashes.
 */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const tenantSso = pgTable('tenant_sso', {
  tenant_id: integer('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(true),
  issuer: text('issuer').notNull(),
  client_id: text('client_id').notNull(),
  /** Sealed with the vault key (`ssoSecretBinding`); never answered. */
  client_secret_encrypted: text('client_secret_encrypted').notNull(),
  create_users: boolean('create_users').notNull().default(false),
  new_user_role: integer('new_user_role').notNull().default(1),
  allow_password: boolean('allow_password').notNull().default(true),
  updated_at: at('updated_at').notNull().defaultNow(),
});

/** A domain belongs to one tenant at most: the primary key says so for every tenant at once. */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    domain: text('domain').primaryKey(),
    tenant_id: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
  },
  (t) => [index('sso_domains_tenant_idx').on(t.tenant_id)],
);

/**
 * A sign-in sent to the provider: its `state` (hashed), and the `nonce` and PKCE verifier the
 * callback checks the answer with, bound to the browser that started it by a cookie (hashed).
 */
export const ssoStates = pgTable(
  'sso_states',
  {
    id: serial('id').primaryKey(),
    state_hash: text('state_hash').notNull(),
    browser_hash: text('browser_hash').notNull(),
    tenant_id: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    code_verifier: text('code_verifier').notNull(),
    expires_at: at('expires_at').notNull(),
    used_at: at('used_at'),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sso_states_state_key').on(t.state_hash),
    index('sso_states_expires_idx').on(t.expires_at),
  ],
);

/** What the callback hands the web in its redirect: exchanged once, within a minute, for the sign-in's answer. */
export const ssoHandoffs = pgTable(
  'sso_handoffs',
  {
    id: serial('id').primaryKey(),
    code_hash: text('code_hash').notNull(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expires_at: at('expires_at').notNull(),
    used_at: at('used_at'),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sso_handoffs_code_key').on(t.code_hash), index('sso_handoffs_user_idx').on(t.user_id)],
);
