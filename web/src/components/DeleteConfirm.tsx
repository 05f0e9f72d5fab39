/**
 * "Delete {name}?" for one item of a list: runs the delete, toasts `done` only once the server
 * agreed, and closes; a refusal is toasted by the query client and leaves the dialog open.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../lib/toast.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';

export function DeleteConfirm<T>({
  item,
  title,
  message,
  done,
  remove,
  onClose,
}: {
  item: T | null;
  title: (item: T) => string;
  /** Default: "Deleted items cannot be retrieved." */
  message?: string;
  done: (item: T) => string;
  remove: (item: T) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation('components');
  const [busy, setBusy] = useState(false);
  return (
    <ConfirmDialog
      open={item !== null}
      title={item ? title(item) : ''}
      message={message ?? t('delete.message')}
      loading={busy}
      onClose={onClose}
      onConfirm={() => {
        if (!item) return;
        setBusy(true);
        remove(item)
          .then(() => {
            toastSuccess(done(item));
            onClose();
          })
          .catch(() => undefined)
          .finally(() => setBusy(false));
      }}
    />
  );
}
