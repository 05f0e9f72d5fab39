/** The tag filter of a list: one of the site tenant's (or the own tenant's) tags, or all. */
import { MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useTags } from '../../api/tags.ts';

export function TagFilter({
  siteId = null,
  value,
  onChange,
}: {
  siteId?: number | null;
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  const { t } = useTranslation('tags');
  const tags = useTags(siteId);
  const list = tags.data?.tags ?? [];
  if (list.length === 0 && value === null) return null;
  return (
    <TextField
      select
      size="small"
      label={t('filter.label')}
      data-testid="tag-filter"
      value={value === null ? '' : String(value)}
      onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
      sx={{ width: { xs: '100%', sm: 200 }, flex: '0 0 auto' }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">
        <em>{t('filter.all')}</em>
      </MenuItem>
      {list.map((tag) => (
        <MenuItem key={tag.id} value={String(tag.id)}>
          {tag.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
