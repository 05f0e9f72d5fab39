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
