/**
 * Connect in sequence: from a first port of device A and a first port of device B, the next N
 * free ports of each, in the order of their port lists, one cable per pair (a patch panel's 24
 * ports to a switch's 24 in one go). All are written or none; each gets the site's next code.
 */
import type { ConnectionStatus, ListedDevice, PortDto } from '@asbuilt/domain';
import {
  Alert,
  Button,
  DialogActions,
  DialogContent,
  Divider,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBulkConnect } from '../../api/connections.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { toastNotice, toastSuccess } from '../../lib/toast.ts';
import { useSite } from '../sites/SiteContext.tsx';
import { ColourField, StatusField } from './CableFields.tsx';
import { portText } from './connectionRows.ts';
import { DevicePicker, PortSelect } from './EndPicker.tsx';
import { freePortsFrom, portsInSequence } from './portChoices.ts';
import { useEndPorts } from './useEndPorts.ts';

interface Props {
  open: boolean;
  onClose: () => void;
  devices: readonly ListedDevice[];
  byId: ReadonlyMap<number, ListedDevice>;
  codeOf: (connectionId: number) => string | undefined;
}

export function SequenceDialog(props: Props) {
  const { t } = useTranslation('connections');
  return (
    <FormDialog open={props.open} onClose={props.onClose} title={t('sequence.title')}>
      {(key) => <SequenceForm key={key} {...props} />}
    </FormDialog>
  );
}

function SequenceForm({ onClose, devices, byId, codeOf }: Props) {
  const { t } = useTranslation('connections');
  const { siteId } = useSite();
  const bulk = useBulkConnect(siteId);
  const [aDevice, setADevice] = useState<number | null>(null);
  const [aFirst, setAFirst] = useState<number | null>(null);
  const [bDevice, setBDevice] = useState<number | null>(null);
  const [bFirst, setBFirst] = useState<number | null>(null);
  const [count, setCount] = useState('1');
  const [cableType, setCableType] = useState('');
  const [colour, setColour] = useState('');
  const [status, setStatus] = useState<ConnectionStatus>('planned');

  const aPorts = useEndPorts(aDevice);
  const aList = aPorts.all;
  const aPort = aList.find((port) => port.interface_id === aFirst);
  // The first port of B: the ones fitting A's first port are offered first.
  const bPorts = useEndPorts(bDevice, aPort);
  const bList = bPorts.all;
  const most =
    aFirst !== null && bFirst !== null
      ? Math.min(freePortsFrom(aList, aFirst), freePortsFrom(bList, bFirst))
      : 0;
  const n = Number(count);
  const countBad = !Number.isInteger(n) || n < 1 || (most > 0 && n > most);
  const aTaken = aFirst === null ? [] : portsInSequence(aList, aFirst, n);
  const bTaken = bFirst === null ? [] : portsInSequence(bList, bFirst, n);
  const ready =
    aDevice !== null && bDevice !== null && aTaken.length > 0 && aTaken.length === bTaken.length && !countBad;

  const submit = () => {
    if (!ready) return;
    bulk.mutate(
      {
        a_device_id: aDevice,
        a_interface_ids: aTaken.map((port) => port.interface_id),
        b_device_id: bDevice,
        b_interface_ids: bTaken.map((port) => port.interface_id),
        cable_type: cableType.trim() || null,
        colour: colour.trim() || null,
        status,
      },
      {
        onSuccess: (answer) => {
          toastSuccess(t('sequence.done', { count: answer.connections.length }));
          const warned = answer.warnings.filter((entry) => entry.warnings.length > 0).length;
          if (warned > 0) toastNotice(t('sequence.warned', { count: warned }), 'warning');
          onClose();
        },
      },
    );
  };

  const lists = { devices, byId, codeOf };
  const pairs = aTaken.slice(0, bTaken.length).map((port, index) => ({ a: port, b: bTaken[index]! }));
  return (
    <>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <SequenceEnd
            end="A"
            device={aDevice}
            onDevice={setADevice}
            first={aFirst}
            onFirst={setAFirst}
            {...aPorts.picker}
            {...lists}
          />
          <Divider />
          <SequenceEnd
            end="B"
            device={bDevice}
            onDevice={setBDevice}
            first={bFirst}
            onFirst={setBFirst}
            {...bPorts.picker}
            {...lists}
          />
          <Divider />
          <TextField
            label={t('sequence.count')}
            value={count}
            onChange={(event) => setCount(event.target.value)}
            error={countBad}
            helperText={most > 0 ? t('sequence.count_hint', { most }) : undefined}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          {pairs.length > 0 && !countBad ? (
            <Alert severity="info">
              <Typography variant="body2">{t('sequence.preview', { count: pairs.length })}</Typography>
              <Typography variant="body2" sx={{ mt: 0.5 }}>
                {pairs
                  .slice(0, 4)
                  .map((pair) => t('sequence.pair', { a: portText(pair.a), b: portText(pair.b) }))
                  .join(', ')}
                {pairs.length > 4 ? t('sequence.more', { count: pairs.length - 4 }) : null}
              </Typography>
            </Alert>
          ) : null}
          <Stack direction="row" spacing={2}>
            <TextField
              label={t('form.cable_type')}
              value={cableType}
              onChange={(event) => setCableType(event.target.value)}
              sx={{ flex: 1 }}
            />
            <ColourField value={colour} onChange={setColour} />
          </Stack>
          <StatusField value={status} onChange={setStatus} />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose}>{t('form.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={!ready} loading={bulk.isPending}>
          {t('sequence.submit', { count: ready ? pairs.length : 0 })}
        </Button>
      </DialogActions>
    </>
  );
}

/** One end: its device, then, once one is picked, the port its run starts at. */
function SequenceEnd({
  end,
  device,
  onDevice,
  first,
  onFirst,
  ports,
  portsLoading,
  devices,
  byId,
  codeOf,
}: Pick<Props, 'devices' | 'byId' | 'codeOf'> & {
  end: 'A' | 'B';
  device: number | null;
  onDevice: (id: number | null) => void;
  first: number | null;
  onFirst: (id: number | null) => void;
  ports: readonly PortDto[];
  portsLoading: boolean;
}) {
  const { t } = useTranslation('connections');
  return (
    <>
      <DevicePicker
        label={t('form.device', { end })}
        devices={devices}
        byId={byId}
        value={device}
        onChange={(id) => {
          onDevice(id);
          onFirst(null);
        }}
      />
      {device === null ? null : (
        <PortSelect
          label={t('sequence.first_port', { end })}
          ports={ports}
          loading={portsLoading}
          value={first}
          onChange={onFirst}
          editing={null}
          codeOf={codeOf}
        />
      )}
    </>
  );
}
