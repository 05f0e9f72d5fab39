/**
 * The question before a rack is deleted: its devices stay on the site, taken out of the rack (they
 * come back to the list of devices to place).
 */
import type { RackDto } from '@asbuilt/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteRack } from '../../api/racks.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { toastSuccess } from '../../lib/toast.ts';

export function DeleteRackDialog({
  siteId,
  rack,
  onClose,
}: {
  siteId: number;
  /** The rack asked about; null closes the question. */
  rack: RackDto | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('racks');
  const remove = useDeleteRack(siteId);
  // The last rack asked about keeps its words while the question fades out.
  const [shown, setShown] = useState(rack);
  if (rack && rack !== shown) setShown(rack);
  const count = shown?.devices.length ?? 0;
  return (
    <ConfirmDialog
      open={rack !== null}
      title={t('delete.title', { name: shown?.name ?? '' })}
      message={count === 0 ? t('delete.message_empty') : t('delete.message', { count })}
      loading={remove.isPending}
      onConfirm={() => {
        if (!rack) return;
        remove.mutate(rack.id, {
          onSuccess: () => {
            toastSuccess(t('delete.done', { name: rack.name }));
            onClose();
          },
        });
      }}
      onClose={onClose}
    />
  );
}
