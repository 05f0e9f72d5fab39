/** The question before a pack is deleted: its file goes with it; the site's data does not change. */
import type { HandoverPackDto } from '@asbuilt/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeletePack } from '../../api/handover.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { toastSuccess } from '../../lib/toast.ts';

export function DeletePackDialog({
  siteId,
  pack,
  onClose,
}: {
  siteId: number;
  /** The pack asked about; null closes the question. */
  pack: HandoverPackDto | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('handover');
  const remove = useDeletePack(siteId);
  // The last pack asked about keeps its words while the question fades out.
  const [shown, setShown] = useState(pack);
  if (pack && pack !== shown) setShown(pack);
  return (
    <ConfirmDialog
      open={pack !== null}
      title={t('delete.title', { number: shown?.number ?? '' })}
      message={t('delete.message')}
      loading={remove.isPending}
      onConfirm={() => {
        if (!pack) return;
        remove.mutate(pack.id, {
          onSuccess: () => {
            toastSuccess(t('delete.done', { number: pack.number }));
            onClose();
          },
        });
      }}
      onClose={onClose}
    />
  );
}
