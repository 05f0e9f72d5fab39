import type { ApiTokenScope } from '@asbuilt/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tenants, users } from './schema.ts';

/**
 * Personal API tokens (issue 45): a user's bearer tokens for scripts and integrations. Like
 * sessions, only the token's SHA-256 is kept; `prefix` is the part shown in lists so a user can
 * tell tokens apart. The tenant is the user's, copied so the Super Admin's list and the tenant's
 * policy need no join through users.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenant_id: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    token_hash: text('token_hash').notNull(),
    scope: text('scope').$type<ApiTokenScope>().notNull(),
    /** Whether the token may reveal vault passwords (each reveal is logged as made by the token). */
    vault: boolean('vault').notNull().default(false),
    /** The sites the token is limited to; null for every site its user reaches. */
    site_ids: integer('site_ids').array(),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    /** Written at most once a minute per token, not on every call. */
    last_used_at: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    last_used_ip: text('last_used_ip'),
    revoked_at: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('api_tokens_hash_key').on(t.token_hash),
    index('api_tokens_user_idx').on(t.user_id),
    index('api_tokens_tenant_idx').on(t.tenant_id),
    check('api_tokens_scope_check', sql`${t.scope} in ('read', 'read_write')`),
  ],
);

/** A tenant's rules for its users' tokens, set by its Integrators; no row means no rule. */
export const apiTokenPolicies = pgTable('api_token_policies', {
  tenant_id: integer('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  /** Tokens without an expiry date are refused. */
  require_expiry: boolean('require_expiry').notNull().default(false),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
