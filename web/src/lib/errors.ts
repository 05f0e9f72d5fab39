import { ApiError, type ApiIssue } from '../api/client.ts';
import { i18n } from '../i18n/i18n.ts';
import { translateCode } from './messages.ts';

function translateIssue(issue: ApiIssue): string {
  if ('clientKey' in issue) return i18n.t(`components:error.${issue.clientKey}`, issue.params ?? {});
  return translateCode(issue.code, issue.params, issue.message);
}

/** The messages to show for any thrown value: one per server error entry. */
export function errorMessages(error: unknown): string[] {
  if (error instanceof ApiError) return error.issues.map(translateIssue);
  if (error instanceof Error && error.message) return [error.message];
  return [i18n.t('components:error.unknown')];
}

/** A 401 of an authenticated call was already handled (session cleared, sent to /login). */
export function isHandledSessionError(error: unknown): boolean {
  return error instanceof ApiError && error.sessionExpired;
}
