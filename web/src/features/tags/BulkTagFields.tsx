/**
 * The tags part of Edit Selected Devices: tags to add to every selected device and tags to take
 * off, sent as `add_tags` and `remove_tags` so that each device keeps its other tags.
 */
import { Grid } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { TagPicker } from './TagPicker.tsx';

export interface BulkTagChange {
  add: number[];
  remove: number[];
}
export const NO_TAG_CHANGE: BulkTagChange = { add: [], remove: [] };

/** What the bulk call is sent for the tags: only the lists that hold something. */
export function bulkTagChanges(change: BulkTagChange): { add_tags?: number[]; remove_tags?: number[] } {
  return {
    ...(change.add.length > 0 ? { add_tags: change.add } : {}),
    ...(change.remove.length > 0 ? { remove_tags: change.remove } : {}),
  };
}

export function BulkTagFields({
  siteId,
  value,
  onChange,
}: {
  siteId: number;
  value: BulkTagChange;
  onChange: (value: BulkTagChange) => void;
}) {
  const { t } = useTranslation('tags');
  return (
    <>
      <Grid size={{ xs: 12, sm: 6 }} sx={{ mb: 2.5 }}>
        <TagPicker
          siteId={siteId}
          label={t('bulk.add')}
          value={value.add}
          size="medium"
          onChange={(add) => onChange({ add, remove: value.remove.filter((id) => !add.includes(id)) })}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }} sx={{ mb: 2.5 }}>
        <TagPicker
          siteId={siteId}
          label={t('bulk.remove')}
          value={value.remove}
          allowCreate={false}
          size="medium"
          onChange={(remove) => onChange({ remove, add: value.add.filter((id) => !remove.includes(id)) })}
        />
      </Grid>
    </>
  );
}
