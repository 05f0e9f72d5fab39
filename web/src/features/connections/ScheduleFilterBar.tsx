/**
 * The schedule's filters: status, signal, floor (either end on it) and device (either end).
 * Each is one choice or all; a phone folds them under one button.
 */
import {
  CONNECTION_STATUSES,
  type ConnectionStatus,
  type FloorDto,
  type ListedDevice,
} from '@asbuilt/domain';
import { Box, Button, MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { FoldOnPhone } from '../../layout/FoldOnPhone.tsx';
import { activeScheduleFilters, NO_FILTERS, type ScheduleFilters } from './connectionRows.ts';
import { DevicePicker } from './EndPicker.tsx';

const ALL = '';

export function ScheduleFilterBar({
  value,
  onChange,
  signals,
  floors,
  devices,
  byId,
}: {
  value: ScheduleFilters;
  onChange: (next: ScheduleFilters) => void;
  signals: readonly string[];
  floors: readonly FloorDto[];
  /** The devices with a cable: the device filter's choices. */
  devices: readonly ListedDevice[];
  byId: ReadonlyMap<number, ListedDevice>;
}) {
  const { t } = useTranslation(['connections', 'domain']);
  const select = {
    size: 'small',
    select: true,
    sx: { minWidth: 140, width: { xs: '100%', sm: 'auto' } },
  } as const;
  return (
    <FoldOnPhone active={activeScheduleFilters(value)}>
      <Box
        role="group"
        aria-label={t('filter.label')}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2, alignItems: 'center' }}
      >
        <TextField
          {...select}
          label={t('filter.status')}
          value={value.status ?? ALL}
          onChange={(event) =>
            onChange({ ...value, status: (event.target.value || null) as ConnectionStatus | null })
          }
        >
          <MenuItem value={ALL}>{t('filter.all')}</MenuItem>
          {CONNECTION_STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {t(`domain:connection_status.${status}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          {...select}
          label={t('filter.signal')}
          value={value.signal ?? ALL}
          onChange={(event) => onChange({ ...value, signal: event.target.value || null })}
        >
          <MenuItem value={ALL}>{t('filter.all')}</MenuItem>
          {signals.map((signal) => (
            <MenuItem key={signal} value={signal}>
              {t(`domain:interface_signal.${signal}`, { defaultValue: signal })}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          {...select}
          label={t('filter.floor')}
          value={value.floorId === null ? ALL : String(value.floorId)}
          onChange={(event) =>
            onChange({ ...value, floorId: event.target.value ? Number(event.target.value) : null })
          }
        >
          <MenuItem value={ALL}>{t('filter.all')}</MenuItem>
          {floors.map((floor) => (
            <MenuItem key={floor.id} value={String(floor.id)}>
              {floor.name}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ minWidth: 220, width: { xs: '100%', sm: 260 } }}>
          <DevicePicker
            label={t('filter.device')}
            devices={devices}
            byId={byId}
            value={value.deviceId}
            onChange={(deviceId) => onChange({ ...value, deviceId })}
            size="small"
          />
        </Box>
        {activeScheduleFilters(value) > 0 ? (
          <Button size="small" onClick={() => onChange(NO_FILTERS)}>
            {t('filter.clear')}
          </Button>
        ) : null}
      </Box>
    </FoldOnPhone>
  );
}
