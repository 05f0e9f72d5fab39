import { z } from 'zod';
import { idField } from './form.ts';

/** The caller's active sessions (issue 46), as the profile lists them. */
export const activeSessionSchema = z.object({
  id: z.number(),
  /** A browser's name ("Firefox"), null when the user agent names none this server knows. */
  browser: z.string().nullable(),
  /** The operating system's name ("Windows"), null when unknown. */
  os: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string(),
  /** The session the call was made with. */
  current: z.boolean(),
});
export type ActiveSessionDto = z.infer<typeof activeSessionSchema>;
export const activeSessionsResponseSchema = z.object({ sessions: z.array(activeSessionSchema) });
export const sessionIdQuerySchema = z.object({ id: idField('id') });
export const sessionsRevokedSchema = z.object({ revoked: z.number() });

/**
 * How long a sign-in confirms a change to the ways in of an account without a password (one made
 * by single sign-on): removing a passkey, turning two-factor sign-in off.
 */
export const RECENT_SIGN_IN_MINUTES = 10;

/** What confirms such a change for the caller: their password, or a recent sign-in when they have none. */
export const signInConfirmationSchema = z.object({
  method: z.enum(['password', 'recent_sign_in']),
  /** Until when the session's sign-in confirms (`recent_sign_in` only); null when it no longer does. */
  recent_until: z.string().nullable(),
});
export type SignInConfirmationDto = z.infer<typeof signInConfirmationSchema>;
