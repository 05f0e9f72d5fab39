/** What a failed WebAuthn ceremony says to the user: the browser's refusals have names of their own. */
import type { TFunction } from 'i18next';
import { errorMessages } from '../../lib/errors.ts';

export function ceremonyProblem(t: TFunction<'passkeys'>, error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  // The user closed the browser's dialog, or it timed out.
  if (name === 'NotAllowedError' || name === 'AbortError') return t('error.cancelled');
  // An authenticator that already holds one of the excluded passkeys.
  if (name === 'InvalidStateError') return t('error.already_registered');
  if (name === 'NotSupportedError' || name === 'SecurityError') return t('error.unsupported');
  return errorMessages(error).join(' ');
}
