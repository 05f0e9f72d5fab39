/** The tags of a device on its card: edited inline by Contributors and above, shown to Readers. */
import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useUpdateDevice } from '../../api/devices.ts';
import { useTags } from '../../api/tags.ts';
import { toastFailure } from '../../lib/toast.ts';
import { TagChips } from './TagChips.tsx';
import { TagPicker } from './TagPicker.tsx';

export function DeviceTags({
  siteId,
  device,
  canEdit,
}: {
  siteId: number;
  device: { id: number; tags: number[]; updated_at: string };
  canEdit: boolean;
}) {
  const { t } = useTranslation('tags');
  const update = useUpdateDevice(siteId);
  const tags = useTags(siteId);
  if (!canEdit) {
    return device.tags.length > 0 ? (
      <Box sx={{ px: 2, pb: 1 }}>
        <TagChips ids={device.tags} tags={tags.data?.tags} />
      </Box>
    ) : null;
  }
  return (
    <Box sx={{ px: 2, pb: 1 }} data-testid="device-tags">
      <TagPicker
        siteId={siteId}
        value={device.tags}
        disabled={update.isPending}
        onChange={(ids) =>
          update.mutate(
            { id: device.id, changes: { tags: ids } },
            { onError: (error) => toastFailure(t('picker.failed'), error) },
          )
        }
      />
    </Box>
  );
}
