/**
 * A searchable pick list of companies of one role (brands, suppliers, ...) from the company list
 * (the tenant's own and the library's brands). Typing a name that is not there offers
 * 'Add "…"', which creates the company (name and code) without leaving the form.
 */
import { type CompanyType, LIBRARY_TENANT_ID } from '@asbuilt/domain';
import AddIcon from '@mui/icons-material/Add';
import { Autocomplete, Box, Chip, createFilterOptions, TextField } from '@mui/material';
import { type Ref, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CompanyDto, useCompanyList } from '../../api/companies.ts';
import { CompanyDialog } from './CompanyDialog.tsx';

interface CompanyOption {
  id: number;
  name: string;
  code?: string | null;
  tenant_id?: number;
}
interface CreateOption {
  create: string;
}
type Option = CompanyOption | CreateOption;

const FLAG: Record<CompanyType, 'customer' | 'brand' | 'supplier' | 'contractor'> = {
  Customer: 'customer',
  Brand: 'brand',
  Supplier: 'supplier',
  Contractor: 'contractor',
};

const filter = createFilterOptions<CompanyOption>({
  stringify: (option) => `${option.name} ${option.code ?? ''}`,
});

const isCreate = (option: Option): option is CreateOption => 'create' in option;

export interface CompanySelectProps {
  label: string;
  /** Which companies are offered, and the type of a company created here. */
  kind: CompanyType;
  value: number | null;
  onChange: (id: number | null) => void;
  onBlur?: () => void;
  /** Shown when the chosen company is not in the list (e.g. it lost its role). */
  fallback?: { id: number; name: string } | null;
  required?: boolean;
  error?: boolean;
  helperText?: string;
  disabled?: boolean;
  allowCreate?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

export function CompanySelect({
  label,
  kind,
  value,
  onChange,
  onBlur,
  fallback,
  required,
  error,
  helperText,
  disabled,
  allowCreate = true,
  inputRef,
}: CompanySelectProps) {
  const { t } = useTranslation('companies');
  const list = useCompanyList();
  const [creating, setCreating] = useState<string | null>(null);

  const options = useMemo<CompanyOption[]>(
    () => (list.data ?? []).filter((company: CompanyDto) => company[FLAG[kind]]),
    [list.data, kind],
  );
  const selected = useMemo<CompanyOption | null>(() => {
    if (value === null) return null;
    return (
      options.find((o) => o.id === value) ??
      (list.data ?? []).find((c) => c.id === value) ??
      (fallback && fallback.id === value ? fallback : { id: value, name: `#${value}` })
    );
  }, [value, options, list.data, fallback]);

  return (
    <>
      <Autocomplete<Option, false, false, false>
        options={options}
        value={selected}
        loading={list.isPending}
        disabled={disabled}
        onChange={(_event, option) => {
          if (option && isCreate(option)) setCreating(option.create);
          else onChange(option ? option.id : null);
        }}
        onBlur={onBlur}
        isOptionEqualToValue={(option, current) =>
          !isCreate(option) && !isCreate(current) && option.id === current.id
        }
        getOptionLabel={(option) => (isCreate(option) ? option.create : option.name)}
        filterOptions={(all, state) => {
          const found: Option[] = filter(all as CompanyOption[], state);
          const typed = state.inputValue.trim();
          const exact = (all as CompanyOption[]).some((o) => o.name.toLowerCase() === typed.toLowerCase());
          if (allowCreate && typed && !exact) found.push({ create: typed });
          return found;
        }}
        renderOption={({ key, ...props }, option) =>
          isCreate(option) ? (
            <Box component="li" key={`create-${key}`} {...props} sx={{ gap: 1, color: 'primary.main' }}>
              <AddIcon fontSize="small" />
              {t('select.add', { name: option.create })}
            </Box>
          ) : (
            <Box component="li" key={option.id} {...props} sx={{ gap: 1 }}>
              <Box component="span" sx={{ flex: 1, minWidth: 0 }}>
                {option.name}
                {option.code ? (
                  <Box component="span" sx={{ color: 'text.secondary', ml: 1, fontSize: '0.8em' }}>
                    {option.code}
                  </Box>
                ) : null}
              </Box>
              {option.tenant_id === LIBRARY_TENANT_ID ? (
                <Chip label={t('select.library')} size="small" variant="outlined" />
              ) : null}
            </Box>
          )
        }
        renderInput={(params) => (
          <TextField
            {...params}
            label={label}
            required={required}
            error={error}
            helperText={helperText ?? ' '}
            inputRef={inputRef}
            placeholder={allowCreate && !disabled ? t('select.placeholder') : undefined}
          />
        )}
      />
      <CompanyDialog
        open={creating !== null}
        onClose={() => setCreating(null)}
        fixedType={kind}
        initialName={creating ?? ''}
        inline
        onSaved={(company) => onChange(company.id)}
      />
    </>
  );
}
