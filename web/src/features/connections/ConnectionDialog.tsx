/**
 * New or edit a cable: end A, end B (B's ports with those fitting A's port first), then the
 * cable's code (empty: the site's next), type, length, colour, status and note. An edit starts
 * from the cable read afresh with its `updated_at` (the schedule leaves times out), so a change
 * made by someone else since answers 409. A refusal (a taken port, a code in use) shows in the
 * dialog; what the ends are warned about (two outputs, different signals, ...) is a warning toast
 * after the save, never a refusal.
 */
import type { ConnectionDetail, ConnectionStatus, ListedDevice } from '@asbuilt/domain';
import {
  Alert,
  Button,
  DialogActions,
  DialogContent,
  Divider,
  LinearProgress,
  Stack,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ConnectionInput, useConnection } from '../../api/connections.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { errorMessages } from '../../lib/errors.ts';
import { useSite } from '../sites/SiteContext.tsx';
import { ColourField, StatusField } from './CableFields.tsx';
import { EMPTY_END, EndPicker, type EndValue } from './EndPicker.tsx';
import { useEndPorts } from './useEndPorts.ts';
import { useSaveCable } from './useSaveCable.ts';

/** A cable of the schedule, as a row names it. */
export interface CableRef {
  id: number;
  code: string;
}

export interface ConnectionDialogProps {
  open: boolean;
  /** The cable to edit; null for a new one. */
  connection: CableRef | null;
  onClose: () => void;
  devices: readonly ListedDevice[];
  byId: ReadonlyMap<number, ListedDevice>;
  codeOf: (connectionId: number) => string | undefined;
  onDelete: (connection: CableRef) => void;
}

export function ConnectionDialog(props: ConnectionDialogProps) {
  const { t } = useTranslation('connections');
  const { open, connection, onClose } = props;
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={connection ? t('form.edit_title', { code: connection.code }) : t('form.new_title')}
    >
      {(key) =>
        connection ? (
          <EditForm key={key} {...props} cable={connection} />
        ) : (
          <ConnectionForm key={key} {...props} connection={null} />
        )
      }
    </FormDialog>
  );
}

/** The edit, once the cable is read whole. */
function EditForm({ cable, ...props }: ConnectionDialogProps & { cable: CableRef }) {
  const { t } = useTranslation('connections');
  const { siteId } = useSite();
  const detail = useConnection(siteId, cable.id);
  if (detail.data) return <ConnectionForm {...props} connection={detail.data} />;
  return (
    <>
      <DialogContent>
        {detail.isError ? (
          <ErrorState error={detail.error} onRetry={() => detail.refetch()} />
        ) : (
          <LinearProgress aria-label={t('form.loading')} />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={props.onClose}>{t('form.cancel')}</Button>
      </DialogActions>
    </>
  );
}

type FormProps = Omit<ConnectionDialogProps, 'connection'> & { connection: ConnectionDetail | null };

function endOf(connection: ConnectionDetail | null, side: 'a' | 'b'): EndValue {
  if (!connection) return EMPTY_END;
  const label = connection[`${side}_label`];
  return {
    free: label !== null,
    deviceId: connection[`${side}_device_id`],
    interfaceId: connection[`${side}_interface_id`],
    label: label ?? '',
  };
}

function endInput(side: 'a' | 'b', end: EndValue): ConnectionInput {
  return end.free
    ? {
        [`${side}_device_id`]: null,
        [`${side}_interface_id`]: null,
        [`${side}_label`]: end.label.trim() || null,
      }
    : {
        [`${side}_device_id`]: end.deviceId,
        [`${side}_interface_id`]: end.interfaceId,
        [`${side}_label`]: null,
      };
}

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text.replace(',', '.')));

function ConnectionForm({ connection, onClose, devices, byId, codeOf, onDelete }: FormProps) {
  const { t } = useTranslation('connections');
  const { save, submit: saveCable } = useSaveCable(onClose);
  const [a, setA] = useState(() => endOf(connection, 'a'));
  const [b, setB] = useState(() => endOf(connection, 'b'));
  const [code, setCode] = useState(connection?.code ?? '');
  const [cableType, setCableType] = useState(connection?.cable_type ?? '');
  const [length, setLength] = useState(connection?.length_m?.toString() ?? '');
  const [colour, setColour] = useState(connection?.colour ?? '');
  const [status, setStatus] = useState<ConnectionStatus>(connection?.status ?? 'planned');
  const [note, setNote] = useState(connection?.note ?? '');

  const aPorts = useEndPorts(a.free ? null : a.deviceId);
  const aPort = aPorts.all.find((port) => port.interface_id === a.interfaceId);
  const bPorts = useEndPorts(b.free ? null : b.deviceId, aPort);
  // What both end pickers choose from; the cable edited keeps its own ports choosable.
  const lists = { devices, byId, codeOf, editing: connection?.id ?? null };
  const lengthBad = length.trim() !== '' && !(Number(length.replace(',', '.')) >= 0);

  const submit = () => {
    if (lengthBad) return;
    const input: ConnectionInput = {
      ...endInput('a', a),
      ...endInput('b', b),
      cable_type: cableType.trim() || null,
      length_m: numberOrNull(length),
      colour: colour.trim() || null,
      status,
      note: note.trim() || null,
    };
    // An empty code: the server numbers a new cable, and an edited one keeps its own.
    if (code.trim()) input.code = code.trim();
    saveCable(
      connection ? { ...input, id: connection.id, updated_at: connection.updated_at } : input,
      (made) => (connection ? t('toast.updated') : t('toast.created', { code: made })),
    );
  };

  return (
    <>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {save.isError ? <Alert severity="error">{errorMessages(save.error).join(' ')}</Alert> : null}
          <EndPicker end="A" value={a} onChange={setA} {...aPorts.picker} {...lists} />
          <Divider />
          <EndPicker end="B" value={b} onChange={setB} {...bPorts.picker} {...lists} />
          <Divider />
          <TextField
            label={t('form.code')}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            helperText={connection ? undefined : t('form.code_hint')}
            slotProps={{ htmlInput: { maxLength: 50 } }}
          />
          <TextField
            label={t('form.cable_type')}
            value={cableType}
            onChange={(event) => setCableType(event.target.value)}
            placeholder={t('form.cable_type_example')}
          />
          <Stack direction="row" spacing={2}>
            <TextField
              label={t('form.length')}
              value={length}
              onChange={(event) => setLength(event.target.value)}
              error={lengthBad}
              helperText={lengthBad ? t('form.length_bad') : undefined}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              sx={{ flex: 1 }}
            />
            <ColourField value={colour} onChange={setColour} />
          </Stack>
          <StatusField value={status} onChange={setStatus} />
          <TextField
            label={t('form.note')}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            multiline
            minRows={2}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        {connection ? (
          <Button color="error" onClick={() => onDelete(connection)} sx={{ mr: 'auto' }}>
            {t('form.delete')}
          </Button>
        ) : null}
        <Button onClick={onClose}>{t('form.cancel')}</Button>
        <Button variant="contained" onClick={submit} loading={save.isPending}>
          {connection ? t('form.save') : t('form.create')}
        </Button>
      </DialogActions>
    </>
  );
}
