import { ApiError } from '../api/client.ts';

/** The messages to show for any thrown value: one per server error entry. */
export function errorMessages(error: unknown): string[] {
  if (error instanceof ApiError) return error.messages;
  if (error instanceof Error && error.message) return [error.message];
  return ['Something went wrong, please try again.'];
}

/** A 401 of an authenticated call was already handled (session cleared, sent to /login). */
export function isHandledSessionError(error: unknown): boolean {
  return error instanceof ApiError && error.sessionExpired;
}
