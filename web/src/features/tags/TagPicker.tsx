/**
 * An object's tags, edited inline: pick the site tenant's tags or type a new name and press Enter
 * ("type to create", POST /api/tenant/tags with the site). Each change is handed to `onChange`
 * with the whole new list of ids.
 */
import type { TagDto } from '@asbuilt/domain';
import { Autocomplete, createFilterOptions, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useCreateTag, useTags } from '../../api/tags.ts';
import { toastFailure } from '../../lib/toast.ts';
import { TagChip } from './TagChips.tsx';

type Option = TagDto | string;
const filterTags = createFilterOptions<Option>();

export function TagPicker({
  siteId,
  value,
  onChange,
  disabled = false,
  label,
  allowCreate = true,
  size = 'small',
}: {
  siteId: number;
  value: readonly number[];
  onChange: (ids: number[]) => void;
  disabled?: boolean;
  label?: string;
  /** Users of another tenant pick among the site tenant's tags but create none. */
  allowCreate?: boolean;
  size?: 'small' | 'medium';
}) {
  const { t } = useTranslation('tags');
  const tags = useTags(siteId);
  const create = useCreateTag();
  const options = tags.data?.tags ?? [];
  const byId = new Map(options.map((tag) => [tag.id, tag]));
  const selected = value.flatMap((id) => byId.get(id) ?? []);

  const change = async (next: Option[]) => {
    const ids: number[] = [];
    for (const item of next) {
      if (typeof item !== 'string') {
        ids.push(item.id);
        continue;
      }
      const name = item.trim();
      if (!name) continue;
      const known = options.find((tag) => tag.name.toLowerCase() === name.toLowerCase());
      if (known) {
        ids.push(known.id);
        continue;
      }
      try {
        ids.push((await create.mutateAsync({ name, site_id: siteId })).id);
      } catch (error) {
        toastFailure(t('picker.failed'), error);
        return;
      }
    }
    onChange([...new Set(ids)]);
  };

  return (
    <Autocomplete<Option, true, false, boolean>
      multiple
      freeSolo={allowCreate}
      size={size}
      disabled={disabled || create.isPending}
      options={options}
      value={selected}
      loading={tags.isPending}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.name)}
      isOptionEqualToValue={(option, picked) =>
        typeof option !== 'string' && typeof picked !== 'string' && option.id === picked.id
      }
      filterSelectedOptions
      filterOptions={(list, state) => {
        const found = filterTags(list, state);
        const typed = state.inputValue.trim();
        const known = options.some((tag) => tag.name.toLowerCase() === typed.toLowerCase());
        return allowCreate && typed && !known ? [...found, typed] : found;
      }}
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props}>
          {typeof option === 'string' ? t('picker.create', { name: option }) : <TagChip tag={option} />}
        </li>
      )}
      onChange={(_, next) => void change(next)}
      renderValue={(items, getItemProps) =>
        items.map((item, index) => {
          const { key, onDelete } = getItemProps({ index });
          return typeof item === 'string' ? null : <TagChip key={key} tag={item} onDelete={onDelete} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label ?? t('picker.label')}
          placeholder={selected.length === 0 ? t('picker.placeholder') : undefined}
        />
      )}
    />
  );
}
