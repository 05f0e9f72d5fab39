/**
 * The devices page's filter dialog (locations, layers, statuses, categories, suppliers,
 * contractors, show archived) and the chips of the active filters: at most 3, then "+N".
 */
import type { DeviceFilters } from '@asbuilt/domain';
import {
  Autocomplete,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  Switch,
  TextField,
} from '@mui/material';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogSession } from '../../lib/dialogs.ts';
import { formatNumber } from '../../lib/numbers.ts';

export interface FilterOption<V extends number | string> {
  value: V;
  label: string;
  group?: string;
}

export interface FilterOptions {
  locations: FilterOption<number>[];
  layers: FilterOption<number>[];
  statuses: FilterOption<string>[];
  procats: FilterOption<number>[];
  suppliers: FilterOption<number>[];
  contractors: FilterOption<number>[];
  /** Custom fields of the devices (issue 43), each with the values the site's devices hold. */
  custom_fields?: CustomFieldFilterOption[];
}

export interface CustomFieldFilterOption {
  id: number;
  label: string;
  options: FilterOption<string>[];
}

type ListKey = Exclude<keyof FilterOptions, 'custom_fields'>;

/** The filter lists, in the dialog's order; worded by `devices:filter.field.*` and `filter.chip.*`. */
export const FILTER_FIELDS: ListKey[] = [
  'locations',
  'layers',
  'statuses',
  'procats',
  'suppliers',
  'contractors',
];

function MultiSelect<V extends number | string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: FilterOption<V>[];
  value: V[];
  onChange: (next: V[]) => void;
}) {
  const { t } = useTranslation('devices');
  const chosen = options.filter((option) => value.includes(option.value));
  return (
    <Autocomplete<FilterOption<V>, true>
      multiple
      size="small"
      options={options}
      value={chosen}
      groupBy={options.some((o) => o.group) ? (option) => option.group ?? '' : undefined}
      getOptionLabel={(option) => option.label}
      isOptionEqualToValue={(a, b) => a.value === b.value}
      onChange={(_event, next) => onChange(next.map((option) => option.value))}
      disableCloseOnSelect
      limitTags={3}
      noOptionsText={t('filter.no_options')}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}

export function DeviceFilterDialog({
  open,
  onClose,
  value,
  options,
  onApply,
}: {
  open: boolean;
  onClose: () => void;
  value: DeviceFilters;
  options: FilterOptions;
  onApply: (next: DeviceFilters) => void;
}) {
  const { t } = useTranslation('devices');
  const titleId = useId();
  const session = useDialogSession(open);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      slotProps={{ transition: { onExited: session.onExited } }}
    >
      <DialogTitle id={titleId}>{t('filter.title')}</DialogTitle>
      {session.mounted ? (
        <FilterForm key={session.key} value={value} options={options} onApply={onApply} onClose={onClose} />
      ) : null}
    </Dialog>
  );
}

const byLabel = <T extends { label: string }>(list: T[]) =>
  [...list].sort((a, b) => a.label.localeCompare(b.label));

function FilterForm({
  value,
  options,
  onApply,
  onClose,
}: {
  value: DeviceFilters;
  options: FilterOptions;
  onApply: (next: DeviceFilters) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['devices', 'components']);
  const [draft, setDraft] = useState<DeviceFilters>(value);
  // Sorted here rather than with the page: the first comparison in the reader's language loads
  // the language's collation, some 10 ms of the page's first paint on a slow processor.
  const sorted = useMemo(
    () => ({ procats: byLabel(options.procats), suppliers: byLabel(options.suppliers) }),
    [options],
  );
  const set = <K extends keyof DeviceFilters>(key: K, next: DeviceFilters[K]) =>
    setDraft((current) => ({ ...current, [key]: next }));
  return (
    <>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <MultiSelect
            label={t('filter.field.locations')}
            options={options.locations}
            value={draft.locations ?? []}
            onChange={(next) => set('locations', next)}
          />
          <MultiSelect
            label={t('filter.field.layers')}
            options={options.layers}
            value={draft.layers ?? []}
            onChange={(next) => set('layers', next)}
          />
          <MultiSelect
            label={t('filter.field.statuses')}
            options={options.statuses}
            value={draft.statuses ?? []}
            onChange={(next) => set('statuses', next)}
          />
          <MultiSelect
            label={t('filter.field.procats')}
            options={sorted.procats}
            value={draft.procats ?? []}
            onChange={(next) => set('procats', next)}
          />
          <MultiSelect
            label={t('filter.field.suppliers')}
            options={sorted.suppliers}
            value={draft.suppliers ?? []}
            onChange={(next) => set('suppliers', next)}
          />
          <MultiSelect
            label={t('filter.field.contractors')}
            options={options.contractors}
            value={draft.contractors ?? []}
            onChange={(next) => set('contractors', next)}
          />
          {(options.custom_fields ?? []).map((field) => (
            <MultiSelect
              key={field.id}
              label={field.label}
              options={field.options}
              value={draft.custom_fields?.[field.id] ?? []}
              onChange={(next) => set('custom_fields', { ...draft.custom_fields, [field.id]: next })}
            />
          ))}
          <FormControlLabel
            control={
              <Switch
                checked={draft.show_archived === true}
                onChange={(event) => set('show_archived', event.target.checked)}
              />
            }
            label={t('filter.show_archived')}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={() => setDraft({})} sx={{ mr: 'auto' }}>
          {t('filter.clear_all')}
        </Button>
        <Button onClick={onClose}>{t('components:action.cancel')}</Button>
        <Button
          variant="contained"
          onClick={() => {
            onApply(cleanFilters(draft));
            onClose();
          }}
        >
          {t('action.apply')}
        </Button>
      </DialogActions>
    </>
  );
}

/** Drops empty lists and a false show_archived, so the saved filter is as small as it can be. */
export function cleanFilters(filters: DeviceFilters): DeviceFilters {
  const out: DeviceFilters = {};
  for (const key of FILTER_FIELDS) {
    const list = filters[key];
    if (list && list.length > 0) (out as Record<string, unknown>)[key] = list;
  }
  const custom = Object.entries(filters.custom_fields ?? {}).filter(([, values]) => values.length > 0);
  if (custom.length > 0) out.custom_fields = Object.fromEntries(custom);
  if (filters.show_archived) out.show_archived = true;
  return out;
}

interface ChipEntry {
  key: string;
  label: string;
  remove: () => void;
}

const MAX_CHIPS = 3;

/** The active filters as chips: at most 3, then "+N" (which opens the dialog). */
export function FilterChips({
  value,
  options,
  onChange,
  onMore,
}: {
  value: DeviceFilters;
  options: FilterOptions;
  onChange: (next: DeviceFilters) => void;
  onMore: () => void;
}) {
  const { t } = useTranslation('devices');
  const entries: ChipEntry[] = [];
  for (const key of FILTER_FIELDS) {
    const list = (value[key] ?? []) as (number | string)[];
    const all = options[key] as FilterOption<number | string>[];
    for (const item of list) {
      const label = all.find((option) => option.value === item)?.label ?? String(item);
      entries.push({
        key: `${key}:${item}`,
        label: t(`filter.chip.${key}`, { value: label }),
        remove: () => onChange(cleanFilters({ ...value, [key]: list.filter((v) => v !== item) })),
      });
    }
  }
  for (const [id, list] of Object.entries(value.custom_fields ?? {})) {
    const field = options.custom_fields?.find((f) => String(f.id) === id);
    for (const item of list) {
      const shown = field?.options.find((option) => option.value === item)?.label ?? item;
      entries.push({
        key: `cf:${id}:${item}`,
        label: `${field?.label ?? id}: ${shown}`,
        remove: () =>
          onChange(
            cleanFilters({
              ...value,
              custom_fields: { ...value.custom_fields, [id]: list.filter((v) => v !== item) },
            }),
          ),
      });
    }
  }
  if (value.show_archived) {
    entries.push({
      key: 'archived',
      label: t('filter.archived_shown'),
      remove: () => onChange(cleanFilters({ ...value, show_archived: false })),
    });
  }
  if (entries.length === 0) return null;
  const shown = entries.slice(0, MAX_CHIPS);
  const others = entries.length - shown.length;
  return (
    <Box
      role="group"
      aria-label={t('filter.active')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }}
    >
      {shown.map((entry) => (
        <Chip
          key={entry.key}
          label={entry.label}
          onDelete={entry.remove}
          size="small"
          color="primary"
          variant="outlined"
        />
      ))}
      {others > 0 ? (
        <Chip
          label={`+${formatNumber(others)}`}
          size="small"
          onClick={onMore}
          aria-label={t('filter.more', { count: others })}
        />
      ) : null}
      <Button size="small" onClick={() => onChange({})}>
        {t('filter.clear_filters')}
      </Button>
    </Box>
  );
}
