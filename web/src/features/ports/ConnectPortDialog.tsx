/**
 * Connect a free port from the device card: this port is end A; end B is a device found by code,
 * name or serial and one of its ports (those fitting this port first), or a free label. The
 * cable's other fields are the schedule's to edit. A refusal (a taken port) shows in the dialog;
 * what the ends are warned about is a warning toast after the cable is made.
 */
import type { ConnectionDto, PortDto } from '@asbuilt/domain';
import { Alert, Button, DialogActions, DialogContent, Stack, Typography } from '@mui/material';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteDevices } from '../../api/sites.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { errorMessages } from '../../lib/errors.ts';
import { EMPTY_END, EndPicker } from '../connections/EndPicker.tsx';
import { useEndPorts } from '../connections/useEndPorts.ts';
import { useSaveCable } from '../connections/useSaveCable.ts';
import { useSite } from '../sites/SiteContext.tsx';
import { choiceReady, connectInput, type FarChoice } from './portView.ts';

const EMPTY: never[] = [];

/** A port to connect, with its name as the tab shows it. */
export interface ConnectTarget {
  port: PortDto;
  label: string;
}

interface Props {
  /** Null: closed. */
  target: ConnectTarget | null;
  deviceId: number;
  connections: ReadonlyMap<number, ConnectionDto>;
  onClose: () => void;
}

export function ConnectPortDialog({ target, ...props }: Props) {
  const { t } = useTranslation('ports');
  // The last port stays in the title while the dialog fades out.
  const last = useRef(target);
  if (target) last.current = target;
  const shown = target ?? last.current;
  return (
    <FormDialog
      open={target !== null}
      onClose={props.onClose}
      title={t('connect.title', { port: shown?.label ?? '' })}
    >
      {(key) => (shown ? <ConnectForm key={key} {...props} {...shown} /> : null)}
    </FormDialog>
  );
}

function ConnectForm({
  port,
  label: portLabel,
  deviceId,
  connections,
  onClose,
}: Omit<Props, 'target'> & ConnectTarget) {
  const { t } = useTranslation('ports');
  const { siteId } = useSite();
  const { save, submit: saveCable } = useSaveCable(onClose);
  const devicesQuery = useSiteDevices(siteId);
  const devices = devicesQuery.data ?? EMPTY;
  const byId = useMemo(() => new Map(devices.map((device) => [device.id, device])), [devices]);
  const [far, setFar] = useState<FarChoice>(EMPTY_END);
  const farPorts = useEndPorts(far.free ? null : far.deviceId, port);
  const codeOf = (id: number) => connections.get(id)?.code;

  const submit = () => {
    if (!choiceReady(far)) return;
    saveCable(connectInput(deviceId, port.interface_id, far), (code) => t('connect.done', { code }));
  };

  return (
    <>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {save.isError ? <Alert severity="error">{errorMessages(save.error).join(' ')}</Alert> : null}
          <Typography variant="body2" color="text.secondary">
            {t('connect.from', { port: portLabel })}
          </Typography>
          <EndPicker
            end="B"
            value={far}
            onChange={setFar}
            {...farPorts.picker}
            devices={devices}
            byId={byId}
            editing={null}
            codeOf={codeOf}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose}>{t('connect.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={!choiceReady(far)} loading={save.isPending}>
          {t('connect.submit')}
        </Button>
      </DialogActions>
    </>
  );
}
