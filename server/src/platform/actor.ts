import type { ApiTokenScope } from '@asbuilt/domain';
import type { users } from '../db/schema.ts';
import { unauthorized } from './errors.ts';

export type UserRow = typeof users.$inferSelect;
/** The caller's own user row, without the password's hash (sessions.ts). */
export type ActorUser = Omit<UserRow, 'password_hash'>;

/** Who is calling: built once per request by the auth plugin and handed to services. */
export interface Actor {
  userId: number;
  tenantId: number;
  role: number;
  sessionId: number;
  /** The Super Admin behind a login-as session, if any. */
  impersonatorId: number | null;
  user: ActorUser;
  /** Set when the call came with a personal API token instead of a session (issue 45). */
  apiToken?: ApiTokenGrant;
}

/** What a personal API token narrows its user's rights to (platform/api-token-gate.ts, policy.ts). */
export interface ApiTokenGrant {
  id: number;
  name: string;
  scope: ApiTokenScope;
  vault: boolean;
  /** null: every site the user reaches. */
  siteIds: number[] | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyContextConfig {
    /** Calls that need no session: sign-in, password reset, invite sign-up, public device page. */
    public?: boolean;
  }
}

export function requireActor(actor: Actor | null): Actor {
  if (!actor) throw unauthorized();
  return actor;
}
