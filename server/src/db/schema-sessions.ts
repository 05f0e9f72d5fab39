import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './schema.ts';

/**
 * The browsers each user has signed in from (issue 46, sessions): a long-lived random cookie
 * whose hash is stored per user (modules/sessions/browsers.ts says when a browser is new). The
 * same browser holds one cookie for everyone who signs in on it, so a shared computer is new to
 * each of its users once.
 */
export const knownBrowsers = pgTable(
  'known_browsers',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the cookie's token; the token itself is never stored. */
    token_hash: text('token_hash').notNull(),
    user_agent: text('user_agent'),
    /** The address of the sign-in that recorded it: with the user agent, it knows a client that keeps no cookies. */
    ip: text('ip'),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    last_seen_at: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('known_browsers_user_token_key').on(t.user_id, t.token_hash),
    index('known_browsers_user_idx').on(t.user_id, t.last_seen_at),
  ],
);
