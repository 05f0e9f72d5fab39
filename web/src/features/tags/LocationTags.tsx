/** The tags of a location on the locations page: edited inline by Contributors, shown to Readers. */
import type { LocationDto } from '@asbuilt/domain';
import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useUpdateLocation } from '../../api/spatial.ts';
import { toastFailure } from '../../lib/toast.ts';
import { OwnTagChips } from './TagChips.tsx';
import { TagPicker } from './TagPicker.tsx';

export function LocationTags({
  siteId,
  location,
  canEdit,
}: {
  siteId: number;
  location: LocationDto;
  canEdit: boolean;
}) {
  const { t } = useTranslation('tags');
  const update = useUpdateLocation(siteId);
  if (!canEdit) return <OwnTagChips ids={location.tags} siteId={siteId} />;
  return (
    <Box sx={{ minWidth: 220, flex: '1 1 220px' }} data-testid="location-tags">
      <TagPicker
        siteId={siteId}
        value={location.tags}
        disabled={update.isPending}
        onChange={(tags) =>
          update.mutate(
            { id: location.id, tags, updated_at: location.updated_at },
            { onError: (error) => toastFailure(t('picker.failed'), error) },
          )
        }
      />
    </Box>
  );
}
