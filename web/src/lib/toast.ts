import { toast } from 'react-toastify';
import { errorMessages, isHandledSessionError } from './errors.ts';

/** One error toast per message (the server may answer a list). */
export function toastError(error: unknown) {
  if (isHandledSessionError(error)) return;
  for (const message of errorMessages(error)) toast.error(message);
}

export function toastSuccess(message: string) {
  toast.success(message);
}

/**
 * A client message of the spec ('Failed to update', 'Failed to create company.', ...) followed
 * by the server's reasons, one toast each; nothing when the session already ended (401).
 */
export function toastFailure(headline: string, error: unknown) {
  if (isHandledSessionError(error)) return;
  toast.error(headline);
  for (const message of errorMessages(error)) {
    if (message !== headline) toast.error(message);
  }
}

/** One toast per server message, each worded by `format` (e.g. 'Error Creating product: {detail}'). */
export function toastErrorAs(error: unknown, format: (message: string) => string) {
  if (isHandledSessionError(error)) return;
  for (const message of errorMessages(error)) toast.error(format(message));
}
