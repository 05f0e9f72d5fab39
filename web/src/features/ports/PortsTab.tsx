/**
 * The device card's Ports tab: each port of the device (an interface of its product) with its
 * connector, signal and direction, and the far end of each cable at it, linked to that device's
 * card. A Contributor connects a free port and disconnects a cable from here; a Reader reads.
 */
import type { ConnectionDto } from '@asbuilt/domain';
import { Box, Skeleton, Stack, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteConnection, useDeviceConnections, useDevicePorts } from '../../api/connections.ts';
import { useSiteDevices } from '../../api/sites.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { toastSuccess } from '../../lib/toast.ts';
import { useSite } from '../sites/SiteContext.tsx';
import { ConnectPortDialog, type ConnectTarget } from './ConnectPortDialog.tsx';
import { PortItem } from './PortItem.tsx';
import { farEnds, portName } from './portView.ts';

const EMPTY: never[] = [];

export function PortsTab({ deviceId, canEdit }: { deviceId: number; canEdit: boolean }) {
  const { t } = useTranslation('ports');
  const { siteId } = useSite();
  const portsQuery = useDevicePorts(siteId, deviceId);
  const connectionsQuery = useDeviceConnections(siteId, deviceId);
  const devicesQuery = useSiteDevices(siteId);
  const deleteConnection = useDeleteConnection(siteId);
  const [connecting, setConnecting] = useState<ConnectTarget | null>(null);
  const [disconnecting, setDisconnecting] = useState<ConnectionDto | null>(null);

  const connections = useMemo(
    () => new Map((connectionsQuery.data ?? EMPTY).map((connection) => [connection.id, connection])),
    [connectionsQuery.data],
  );
  const devices = useMemo(
    () => new Map((devicesQuery.data ?? EMPTY).map((device) => [device.id, device])),
    [devicesQuery.data],
  );

  if (portsQuery.isError) return <ErrorState error={portsQuery.error} onRetry={() => portsQuery.refetch()} />;
  if (portsQuery.isPending) {
    return (
      <Box>
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} height={64} />
        ))}
      </Box>
    );
  }
  const ports = portsQuery.data;
  if (ports.length === 0) return <Typography color="text.secondary">{t('list.empty')}</Typography>;

  const confirmDisconnect = () => {
    if (!disconnecting) return;
    const { id, code } = disconnecting;
    deleteConnection.mutate(id, {
      onSuccess: () => {
        toastSuccess(t('disconnect.done', { code }));
        setDisconnecting(null);
      },
    });
  };

  return (
    <>
      {connectionsQuery.isError ? (
        <ErrorState error={connectionsQuery.error} onRetry={() => connectionsQuery.refetch()} />
      ) : null}
      <Stack component="ul" aria-label={t('list.label')} spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {ports.map((port, index) => {
          const label = portName(port) || t('port.unnamed', { n: index + 1 });
          return (
            <PortItem
              key={port.interface_id}
              deviceId={deviceId}
              port={port}
              label={label}
              ends={farEnds(deviceId, port, connections)}
              devices={devices}
              canEdit={canEdit}
              onConnect={() => setConnecting({ port, label })}
              onDisconnect={setDisconnecting}
            />
          );
        })}
      </Stack>
      {canEdit ? (
        <>
          <ConnectPortDialog
            target={connecting}
            deviceId={deviceId}
            connections={connections}
            onClose={() => setConnecting(null)}
          />
          <ConfirmDialog
            open={disconnecting !== null}
            title={t('disconnect.title', { code: disconnecting?.code ?? '' })}
            message={t('disconnect.message', { code: disconnecting?.code ?? '' })}
            confirmLabel={t('disconnect.confirm')}
            loading={deleteConnection.isPending}
            onConfirm={confirmDisconnect}
            onClose={() => setDisconnecting(null)}
          />
        </>
      ) : null}
    </>
  );
}
