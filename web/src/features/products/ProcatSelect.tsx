/** A searchable pick list of product categories, shown as "main / sub1 / sub2" and grouped by main. */
import { Autocomplete, TextField } from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ProcatDto, useProcatList } from '../../api/procats.ts';

interface Props {
  label?: string;
  value: number | null;
  onChange: (id: number | null) => void;
  onBlur?: () => void;
  /** Shown when the chosen category is not in the list. */
  fallback?: { id: number; name: string } | null;
  required?: boolean;
  error?: boolean;
  helperText?: string;
  disabled?: boolean;
}

type Option = Pick<ProcatDto, 'id' | 'name'> & { main?: string };

export function ProcatSelect({
  label,
  value,
  onChange,
  onBlur,
  fallback,
  required,
  error,
  helperText,
  disabled,
}: Props) {
  const { t } = useTranslation('products');
  const list = useProcatList();
  const options = useMemo<Option[]>(
    () => [...(list.data ?? [])].sort((a, b) => a.main.localeCompare(b.main) || a.name.localeCompare(b.name)),
    [list.data],
  );
  const selected = useMemo<Option | null>(() => {
    if (value === null) return null;
    return (
      options.find((o) => o.id === value) ??
      (fallback && fallback.id === value ? fallback : { id: value, name: `#${value}` })
    );
  }, [value, options, fallback]);

  return (
    <Autocomplete<Option, false, false, false>
      options={options}
      value={selected}
      loading={list.isPending}
      disabled={disabled}
      groupBy={(option) => option.main ?? ''}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, current) => option.id === current.id}
      onChange={(_event, option) => onChange(option ? option.id : null)}
      onBlur={onBlur}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label ?? t('procat.label')}
          required={required}
          error={error}
          helperText={helperText ?? ' '}
          placeholder={disabled ? undefined : t('procat.search')}
        />
      )}
    />
  );
}
