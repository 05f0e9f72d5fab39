/**
 * Personal API tokens (issue 45). A token is `asb_` and 43 base64url characters (32 random
 * bytes): the prefix lets secret scanners spot a leaked one. Lists show the first characters
 * after the prefix so a user can tell tokens apart.
 */
export const API_TOKEN_PREFIX = 'asb_';
export const API_TOKEN_SHOWN_CHARS = 8;
export const API_TOKEN_SCOPES = ['read', 'read_write'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];
/** The expiries the profile page offers, in days; `null` (none) unless the tenant forbids it. */
export const API_TOKEN_EXPIRY_CHOICES = [30, 90, 365] as const;
export const API_TOKEN_MAX_DAYS = 3650;
export const API_TOKEN_NAME_MAX = 100;
/** Requests a minute per token unless `API_TOKEN_RATE_LIMIT` says otherwise. */
export const DEFAULT_API_TOKEN_RATE_LIMIT = 600;

export function isApiToken(bearer: string): boolean {
  return bearer.startsWith(API_TOKEN_PREFIX);
}

/** What lists show of a token: its first characters after the prefix, never enough to use it. */
export function apiTokenPrefix(token: string): string {
  return token.slice(API_TOKEN_PREFIX.length, API_TOKEN_PREFIX.length + API_TOKEN_SHOWN_CHARS);
}
