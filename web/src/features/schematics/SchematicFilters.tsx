/**
 * The schematic's filters: signal chips (several may be on; none shows every cable), a floor, a
 * location (of that floor, when one is chosen) and a pick of devices by code or name, folded away
 * on a phone.
 */
import {
  INTERFACE_SIGNALS,
  type SchematicDevice,
  type SchematicFilter,
  SIGNAL_COLOURS,
} from '@asbuilt/domain';
import {
  Autocomplete,
  Box,
  Button,
  Chip,
  createFilterOptions,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FoldOnPhone } from '../../layout/FoldOnPhone.tsx';
import { useSite } from '../sites/SiteContext.tsx';

interface Props {
  filter: SchematicFilter;
  onChange: (filter: SchematicFilter) => void;
  /** The devices that have a cable: the ones worth picking. */
  devices: SchematicDevice[];
}

const deviceLabel = (device: SchematicDevice) => [device.code, device.name].filter(Boolean).join(' · ');
// A long list is not rendered whole: the first matches, the rest found by typing.
const filterDevices = createFilterOptions<SchematicDevice>({ limit: 100, stringify: deviceLabel });

export function activeFilters(filter: SchematicFilter): number {
  return (
    (filter.signals.length > 0 ? 1 : 0) +
    (filter.floorId !== null ? 1 : 0) +
    (filter.locationId !== null ? 1 : 0) +
    (filter.deviceIds.length > 0 ? 1 : 0)
  );
}

export function SchematicFilters({ filter, onChange, devices }: Props) {
  const { t } = useTranslation(['schematics', 'domain']);
  const { site } = useSite();
  const count = activeFilters(filter);

  const locations = useMemo(() => {
    const floors = filter.floorId === null ? site.floors : site.floors.filter((f) => f.id === filter.floorId);
    return floors.flatMap((floor) => floor.locations);
  }, [site.floors, filter.floorId]);
  const byId = useMemo(() => new Map(devices.map((device) => [device.id, device])), [devices]);
  const chosen = useMemo(
    () => filter.deviceIds.flatMap((id) => byId.get(id) ?? []),
    [filter.deviceIds, byId],
  );

  const toggleSignal = (signal: string) =>
    onChange({
      ...filter,
      signals: filter.signals.includes(signal)
        ? filter.signals.filter((s) => s !== signal)
        : [...filter.signals, signal],
    });

  const fields = (
    <Stack spacing={1.5}>
      <Box
        role="group"
        aria-label={t('schematics:filters.signals')}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
      >
        {INTERFACE_SIGNALS.map((signal) => {
          const on = filter.signals.includes(signal);
          return (
            <Chip
              key={signal}
              label={t(`domain:interface_signal.${signal}`)}
              aria-pressed={on}
              onClick={() => toggleSignal(signal)}
              variant={on ? 'filled' : 'outlined'}
              sx={{
                borderColor: SIGNAL_COLOURS[signal],
                borderWidth: 2,
                borderStyle: 'solid',
                ...(on ? { bgcolor: SIGNAL_COLOURS[signal], color: '#ffffff' } : {}),
                '&:hover': on ? { bgcolor: SIGNAL_COLOURS[signal] } : {},
              }}
            />
          );
        })}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
        <TextField
          select
          size="small"
          fullWidth={false}
          label={t('schematics:filters.floor')}
          value={filter.floorId ?? ''}
          onChange={(event) => {
            const floorId = event.target.value === '' ? null : Number(event.target.value);
            onChange({ ...filter, floorId, locationId: null });
          }}
          sx={{ minWidth: 180, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
        >
          <MenuItem value="">{t('schematics:filters.all_floors')}</MenuItem>
          {site.floors.map((floor) => (
            <MenuItem key={floor.id} value={floor.id}>
              {floor.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          fullWidth={false}
          label={t('schematics:filters.location')}
          value={filter.locationId ?? ''}
          onChange={(event) =>
            onChange({ ...filter, locationId: event.target.value === '' ? null : Number(event.target.value) })
          }
          sx={{ minWidth: 200, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
        >
          <MenuItem value="">{t('schematics:filters.all_locations')}</MenuItem>
          {locations.map((location) => (
            <MenuItem key={location.id} value={location.id}>
              {location.name}
            </MenuItem>
          ))}
        </TextField>
        <Autocomplete
          multiple
          size="small"
          options={devices}
          value={chosen}
          filterOptions={filterDevices}
          getOptionLabel={deviceLabel}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          onChange={(_, value) => onChange({ ...filter, deviceIds: value.map((device) => device.id) })}
          noOptionsText={t('schematics:filters.no_devices')}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('schematics:filters.devices')}
              placeholder={chosen.length ? undefined : t('schematics:filters.devices_placeholder')}
            />
          )}
          sx={{ minWidth: 260, flex: '1 1 260px' }}
        />
        {count > 0 ? (
          <Button onClick={() => onChange({ signals: [], floorId: null, locationId: null, deviceIds: [] })}>
            {t('schematics:filters.clear')}
          </Button>
        ) : null}
      </Box>
    </Stack>
  );

  return <FoldOnPhone active={count}>{fields}</FoldOnPhone>;
}
