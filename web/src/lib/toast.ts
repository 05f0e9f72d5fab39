import { type ToastOptions, toast } from 'react-toastify';
import { errorMessages, isHandledSessionError } from './errors.ts';

/**
 * The id of a toast is its kind and text: the same message asked for while it is still shown
 * (a double click, two failed saves, one reason in two lists) stays one toast, not a stack.
 */
type Kind = 'error' | 'success' | 'info' | 'warning';
export const toastIdOf = (kind: Kind, message: string) => `${kind}:${message}`;

const options = (kind: Kind, message: string): ToastOptions => ({
  toastId: toastIdOf(kind, message),
});

function showError(message: string) {
  toast.error(message, options('error', message));
}

/** One error toast per message (the server may answer a list). */
export function toastError(error: unknown) {
  if (isHandledSessionError(error)) return;
  for (const message of errorMessages(error)) showError(message);
}

/** A message of the web's own (a check before a call), shown once however often it is asked. */
export function toastNotice(message: string, kind: Exclude<Kind, 'success'> = 'error') {
  toast[kind](message, options(kind, message));
}

export function toastSuccess(message: string) {
  toast.success(message, options('success', message));
}

/**
 * A client message of the spec ('Failed to update', 'Failed to create company.', ...) followed
 * by the server's reasons, one toast each; nothing when the session already ended (401).
 */
export function toastFailure(headline: string, error: unknown) {
  if (isHandledSessionError(error)) return;
  showError(headline);
  for (const message of errorMessages(error)) showError(message);
}

/** One toast per server message, each worded by `format` (e.g. 'Error Creating product: {detail}'). */
export function toastErrorAs(error: unknown, format: (message: string) => string) {
  if (isHandledSessionError(error)) return;
  for (const message of errorMessages(error)) showError(format(message));
}
