/**
 * The Layers menu: Floorplan, Locations, Zones and Labels (indexes 0 to 3; locations and zones
 * exclude each other), then the devices on the plan with their filter by layer and status.
 */
import type { DeviceStatus, LayerDto } from '@asbuilt/domain';
import { UNKNOWN_STATUS_COLOR } from '@asbuilt/domain';
import {
  Box,
  Checkbox,
  Divider,
  FormControl,
  FormControlLabel,
  InputLabel,
  ListItemText,
  MenuItem,
  OutlinedInput,
  Select,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useStatusLabel } from '../../components/StatusChip.tsx';
import { formatNumber } from '../../lib/numbers.ts';
import { type DeviceFilter, type LayerVisibility, NO_LAYER, NO_STATUS, PLAN_LAYERS } from './planView.ts';

interface Props {
  visibility: LayerVisibility;
  onToggle: (index: number) => void;
  showDevices: boolean;
  onShowDevices: (show: boolean) => void;
  /** The device-label layer: each marker's code (or name). */
  showDeviceLabels: boolean;
  onShowDeviceLabels: (show: boolean) => void;
  filter: DeviceFilter;
  onFilter: (filter: DeviceFilter) => void;
  layers: LayerDto[];
  statuses: DeviceStatus[];
  /** Markers drawn with the filter. */
  shown: number;
}

function Dot({ color }: { color: string }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        display: 'inline-block',
        width: 12,
        height: 12,
        borderRadius: '50%',
        bgcolor: color,
        border: 1,
        borderColor: 'rgba(0,0,0,0.3)',
        mr: 1,
        flexShrink: 0,
      }}
    />
  );
}

export function LayersMenu({
  visibility,
  onToggle,
  showDevices,
  onShowDevices,
  showDeviceLabels,
  onShowDeviceLabels,
  filter,
  onFilter,
  layers,
  statuses,
  shown,
}: Props) {
  const { t } = useTranslation('plans');
  const layerLabel = useId();
  const statusLabel = useId();
  const layerName = (id: number) =>
    id === NO_LAYER ? t('layers.no_layer') : (layers.find((l) => l.id === id)?.name ?? String(id));
  const shownStatus = useStatusLabel();
  const statusName = (name: string) => (name === NO_STATUS ? t('layers.no_status') : shownStatus(name));

  return (
    <Stack spacing={0.5}>
      {PLAN_LAYERS.map((layer, index) => (
        <FormControlLabel
          key={layer}
          control={
            <Switch
              checked={visibility[index]}
              onChange={() => onToggle(index)}
              slotProps={{ input: { 'data-layer-index': index } as object }}
            />
          }
          label={t(`layers.${layer}`)}
        />
      ))}
      <Divider sx={{ my: 1 }} />
      <FormControlLabel
        control={<Switch checked={showDevices} onChange={(event) => onShowDevices(event.target.checked)} />}
        label={t('layers.devices')}
      />
      <FormControlLabel
        disabled={!showDevices}
        control={
          <Switch checked={showDeviceLabels} onChange={(event) => onShowDeviceLabels(event.target.checked)} />
        }
        label={t('layers.device_labels')}
      />
      <Typography variant="caption" color="text.secondary">
        {t('layers.devices_shown', { count: shown, number: formatNumber(shown) })}
      </Typography>
      <FormControl size="small" sx={{ mt: 1.5 }} disabled={!showDevices}>
        <InputLabel id={layerLabel}>{t('layers.filter_layers')}</InputLabel>
        <Select
          labelId={layerLabel}
          multiple
          value={filter.layers}
          onChange={(event) => onFilter({ ...filter, layers: event.target.value as number[] })}
          input={<OutlinedInput label={t('layers.filter_layers')} />}
          renderValue={(ids) => (ids as number[]).map(layerName).join(', ')}
        >
          {[...layers.map((l) => l.id), NO_LAYER].map((id) => (
            <MenuItem key={id} value={id} dense>
              <Checkbox size="small" checked={filter.layers.includes(id)} sx={{ p: 0.5, mr: 1 }} />
              <ListItemText primary={layerName(id)} />
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <FormControl size="small" sx={{ mt: 1.5 }} disabled={!showDevices}>
        <InputLabel id={statusLabel}>{t('layers.filter_statuses')}</InputLabel>
        <Select
          labelId={statusLabel}
          multiple
          value={filter.statuses}
          onChange={(event) => onFilter({ ...filter, statuses: event.target.value as string[] })}
          input={<OutlinedInput label={t('layers.filter_statuses')} />}
          renderValue={(names) => (names as string[]).map(statusName).join(', ')}
        >
          {[...statuses.map((s) => s.name), NO_STATUS].map((name) => (
            <MenuItem key={name || '-'} value={name} dense>
              <Checkbox size="small" checked={filter.statuses.includes(name)} sx={{ p: 0.5, mr: 1 }} />
              <Dot color={statuses.find((s) => s.name === name)?.color ?? UNKNOWN_STATUS_COLOR} />
              <ListItemText primary={statusName(name)} />
            </MenuItem>
          ))}
        </Select>
      </FormControl>
    </Stack>
  );
}
