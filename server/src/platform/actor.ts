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
