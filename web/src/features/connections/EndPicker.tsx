/**
 * One end of a cable in the connection dialogs: a device of the site found by code, name or serial,
 * then one of its ports (taken ones disabled, naming their cable), or a free label for gear outside
 * the site. DevicePicker and PortSelect also serve the sequence dialog.
 */
import { INTERFACE_IO, type InterfaceIo, type ListedDevice, type PortDto } from '@asbuilt/domain';
import {
  Autocomplete,
  Box,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { deviceText, portText } from './connectionRows.ts';
import { findDevices, portIsFree } from './portChoices.ts';

export interface EndValue {
  free: boolean;
  deviceId: number | null;
  interfaceId: number | null;
  label: string;
}

export const EMPTY_END: EndValue = { free: false, deviceId: null, interfaceId: null, label: '' };

export function DevicePicker({
  label,
  devices,
  byId,
  value,
  onChange,
  size,
}: {
  label: string;
  devices: readonly ListedDevice[];
  byId: ReadonlyMap<number, ListedDevice>;
  value: number | null;
  onChange: (id: number | null) => void;
  size?: 'small' | 'medium';
}) {
  const { t } = useTranslation('connections');
  return (
    <Autocomplete<ListedDevice, false, false, false>
      options={devices as ListedDevice[]}
      value={value === null ? null : (byId.get(value) ?? null)}
      onChange={(_event, device) => onChange(device ? device.id : null)}
      isOptionEqualToValue={(option, current) => option.id === current.id}
      getOptionLabel={deviceText}
      filterOptions={(all, state) => findDevices(all, state.inputValue)}
      noOptionsText={t('form.no_device')}
      size={size}
      renderOption={({ key: _key, ...props }, device) => (
        <Box component="li" key={device.id} {...props}>
          <Box component="span" sx={{ minWidth: 0 }}>
            {deviceText(device)}
            {device.sn ? (
              <Box component="span" sx={{ color: 'text.secondary', ml: 1, fontSize: '0.8em' }}>
                {device.sn}
              </Box>
            ) : null}
          </Box>
        </Box>
      )}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}

export function PortSelect({
  label,
  ports,
  loading,
  value,
  onChange,
  editing,
  codeOf,
}: {
  label: string;
  ports: readonly PortDto[];
  loading: boolean;
  value: number | null;
  onChange: (id: number) => void;
  /** The cable being edited: its own ports stay choosable. */
  editing: number | null;
  codeOf: (connectionId: number) => string | undefined;
}) {
  const { t } = useTranslation(['connections', 'domain']);
  const ioText = (io: string | null) =>
    io && (INTERFACE_IO as readonly string[]).includes(io)
      ? t(`domain:interface_io.${io as InterfaceIo}`)
      : io;
  const known = value !== null && ports.some((port) => port.interface_id === value);
  return (
    <TextField
      select
      label={label}
      value={known ? String(value) : ''}
      onChange={(event) => onChange(Number(event.target.value))}
      disabled={loading || ports.length === 0}
      helperText={loading ? t('form.ports_loading') : ports.length === 0 ? t('form.no_ports') : undefined}
    >
      {ports.map((port) => {
        const free = portIsFree(port, editing);
        const cable = port.connection_id === null ? undefined : codeOf(port.connection_id);
        const facts = [port.signal, port.terminal, ioText(port.io)].filter(Boolean).join(' · ');
        return (
          <MenuItem key={port.interface_id} value={String(port.interface_id)} disabled={!free}>
            <Box component="span" sx={{ flex: 1 }}>
              {portText(port) || t('form.port_number', { id: port.interface_id })}
              {facts ? (
                <Box component="span" sx={{ color: 'text.secondary', ml: 1, fontSize: '0.8em' }}>
                  {facts}
                </Box>
              ) : null}
            </Box>
            {!free && cable ? (
              <Box component="span" sx={{ ml: 2, fontSize: '0.8em' }}>
                {t('form.taken_by', { code: cable })}
              </Box>
            ) : null}
          </MenuItem>
        );
      })}
    </TextField>
  );
}

export function EndPicker({
  end,
  value,
  onChange,
  devices,
  byId,
  ports,
  portsLoading,
  editing,
  codeOf,
}: {
  end: 'A' | 'B';
  value: EndValue;
  onChange: (next: EndValue) => void;
  devices: readonly ListedDevice[];
  byId: ReadonlyMap<number, ListedDevice>;
  /** The device's ports, in the order to offer them. */
  ports: readonly PortDto[];
  portsLoading: boolean;
  editing: number | null;
  codeOf: (connectionId: number) => string | undefined;
}) {
  const { t } = useTranslation('connections');
  return (
    <Stack spacing={1.5} role="group" aria-label={t('form.end', { end })}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={value.free ? 'label' : 'device'}
        onChange={(_event, kind: string | null) => {
          if (kind) onChange({ ...value, free: kind === 'label' });
        }}
      >
        <ToggleButton value="device">{t('form.end_device', { end })}</ToggleButton>
        <ToggleButton value="label">{t('form.end_label', { end })}</ToggleButton>
      </ToggleButtonGroup>
      {value.free ? (
        <TextField
          label={t('form.label', { end })}
          helperText={t('form.label_hint')}
          value={value.label}
          onChange={(event) => onChange({ ...value, label: event.target.value })}
        />
      ) : (
        <>
          <DevicePicker
            label={t('form.device', { end })}
            devices={devices}
            byId={byId}
            value={value.deviceId}
            onChange={(deviceId) => onChange({ ...value, deviceId, interfaceId: null })}
          />
          {value.deviceId === null ? null : (
            <PortSelect
              label={t('form.port', { end })}
              ports={ports}
              loading={portsLoading}
              value={value.interfaceId}
              onChange={(interfaceId) => onChange({ ...value, interfaceId })}
              editing={editing}
              codeOf={codeOf}
            />
          )}
        </>
      )}
    </Stack>
  );
}
