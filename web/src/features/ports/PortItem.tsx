/**
 * One port on the Ports tab: its name and facts (connector, signal, direction, a bus, a port the
 * product dropped), the far end of each cable at it (the device linked to its card, its port, the
 * cable's code and status, or a free end's label), and on demand the trace of the port.
 */
import type { ConnectionDto, ListedDevice, PortDto } from '@asbuilt/domain';
import AddLinkIcon from '@mui/icons-material/AddLink';
import EastIcon from '@mui/icons-material/East';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import TimelineIcon from '@mui/icons-material/Timeline';
import { Box, Button, Chip, IconButton, Link, Skeleton, Stack, Tooltip, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConnectionStatusChip } from '../connections/connectionColumns.tsx';
import { useSite } from '../sites/SiteContext.tsx';
import { PortTrace } from './PortTrace.tsx';
import { canConnect, deviceCardPath, type FarEnd, ioKey, signalKey } from './portView.ts';

interface Props {
  deviceId: number;
  port: PortDto;
  label: string;
  ends: FarEnd[];
  devices: ReadonlyMap<number, ListedDevice>;
  canEdit: boolean;
  onConnect: () => void;
  onDisconnect: (connection: ConnectionDto) => void;
}

export function PortItem({ deviceId, port, label, ends, devices, canEdit, onConnect, onDisconnect }: Props) {
  const { t } = useTranslation(['ports', 'domain']);
  const [tracing, setTracing] = useState(false);
  const traceId = useId();
  const io = ioKey(port.io);
  const signal = signalKey(port.signal);
  const facts = [
    port.terminal,
    signal ? t(`domain:interface_signal.${signal}`) : port.signal,
    io ? t(`domain:interface_io.${io}`) : port.io,
  ].filter(Boolean);
  const cabled = port.connection_ids.length > 0;

  return (
    <Box
      component="li"
      aria-label={label}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1, rowGap: 0.5 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{label}</Typography>
        {facts.length > 0 ? (
          <Typography variant="body2" color="text.secondary">
            {facts.join(' · ')}
          </Typography>
        ) : null}
        {port.bus ? (
          <Tooltip title={t('port.bus_hint')}>
            <Chip size="small" variant="outlined" label={t('port.bus')} />
          </Tooltip>
        ) : null}
        {port.discarded ? (
          <Tooltip title={t('port.discarded_hint')}>
            <Chip size="small" color="warning" variant="outlined" label={t('port.discarded')} />
          </Tooltip>
        ) : null}
        <Box sx={{ flex: 1 }} />
        {cabled ? (
          <Button
            size="small"
            startIcon={<TimelineIcon />}
            aria-expanded={tracing}
            aria-controls={tracing ? traceId : undefined}
            onClick={() => setTracing((open) => !open)}
          >
            {tracing ? t('action.hide_trace') : t('action.trace')}
          </Button>
        ) : null}
        {canEdit && canConnect(port) ? (
          <Button size="small" startIcon={<AddLinkIcon />} onClick={onConnect}>
            {t('action.connect')}
          </Button>
        ) : null}
      </Stack>

      {cabled && ends.length === 0 ? (
        // The schedule that names the far ends is still on its way.
        <Skeleton height={36} />
      ) : cabled ? (
        <Stack
          component="ul"
          aria-label={t('port.far_ends', { port: label })}
          sx={{ listStyle: 'none', m: 0, p: 0 }}
        >
          {ends.map((end) => (
            <FarEndLine
              key={end.connection.id}
              end={end}
              device={end.deviceId === null ? undefined : devices.get(end.deviceId)}
              canEdit={canEdit}
              onDisconnect={() => onDisconnect(end.connection)}
            />
          ))}
        </Stack>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('port.not_connected')}
        </Typography>
      )}

      {tracing ? (
        <Box id={traceId} sx={{ mt: 1 }}>
          <PortTrace deviceId={deviceId} interfaceId={port.interface_id} port={label} />
        </Box>
      ) : null}
    </Box>
  );
}

function FarEndLine({
  end,
  device,
  canEdit,
  onDisconnect,
}: {
  end: FarEnd;
  device: ListedDevice | undefined;
  canEdit: boolean;
  onDisconnect: () => void;
}) {
  const { t } = useTranslation('ports');
  const { siteId } = useSite();
  const { connection } = end;
  const name = device ? [device.code, device.name || device.product.name].filter(Boolean).join(' ') : '';
  return (
    <Stack
      component="li"
      direction="row"
      sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1, rowGap: 0.25, minHeight: 36 }}
    >
      <EastIcon fontSize="small" color="action" aria-hidden />
      {end.deviceId === null ? (
        <Typography variant="body2" sx={{ fontStyle: 'italic', overflowWrap: 'anywhere' }}>
          {t('port.free_end', { label: end.label ?? '' })}
        </Typography>
      ) : (
        <Link
          component={RouterLink}
          to={deviceCardPath(siteId, end.deviceId)}
          variant="body2"
          sx={{ overflowWrap: 'anywhere' }}
        >
          {name || `#${end.deviceId}`}
        </Link>
      )}
      {end.port ? (
        <Typography variant="body2" color="text.secondary">
          {end.port}
        </Typography>
      ) : null}
      <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
        {connection.code}
      </Typography>
      <ConnectionStatusChip status={connection.status} />
      {canEdit ? (
        <Tooltip title={t('action.disconnect', { code: connection.code })}>
          <IconButton
            size="small"
            aria-label={t('action.disconnect', { code: connection.code })}
            onClick={onDisconnect}
            sx={{ ml: 'auto' }}
          >
            <LinkOffIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : null}
    </Stack>
  );
}
