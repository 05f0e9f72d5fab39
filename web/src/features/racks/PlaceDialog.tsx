/**
 * "Place at U…": the keyboard and tap way to put a device in a rack. The device (the one picked
 * in the list, or any rack-mounted device, so a placed one can move), the rack, the face, then
 * one of the Us where it fits on that face; a placed device can also be taken out.
 */
import { RACK_FACES, type RackDto, type RackFace } from '@asbuilt/domain';
import { Button, MenuItem, TextField } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlaceInRack } from '../../api/racks.ts';
import { DialogForm } from '../../components/DialogForm.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { toastSuccess } from '../../lib/toast.ts';
import { type MountableDevice, placeChoices, rackDeviceLabel, rackOfDevice } from './rackLayout.ts';

interface Props {
  open: boolean;
  onClose: () => void;
  siteId: number;
  /** The device to place first; null picks none. */
  deviceId: number | null;
  /** The site's rack-mounted devices, in the list's order. */
  devices: MountableDevice[];
  racks: RackDto[];
  rackName: (rack: RackDto) => string;
}

export function PlaceDialog({ open, onClose, ...rest }: Props) {
  const { t } = useTranslation('racks');
  return (
    <FormDialog open={open} onClose={onClose} title={t('place.title')}>
      {(key) => <PlaceForm key={key} onClose={onClose} {...rest} />}
    </FormDialog>
  );
}

function PlaceForm({ onClose, siteId, deviceId, devices, racks, rackName }: Omit<Props, 'open'>) {
  const { t } = useTranslation(['racks', 'components', 'domain']);
  const place = usePlaceInRack(siteId);
  const placedIn = useMemo(() => rackOfDevice(racks), [racks]);
  const startIn = (id: number | null) => (id === null ? undefined : placedIn.get(id));
  /** The rack a device starts in: its own, else one in its room, else the first. */
  const rackFor = (id: number | null) => {
    const room = devices.find((d) => d.device.id === id)?.device.location_id;
    return startIn(id) ?? racks.find((r) => r.location_id === room) ?? racks[0];
  };
  const [chosen, setChosen] = useState<number | ''>(deviceId ?? '');
  const current = chosen === '' ? undefined : startIn(chosen);
  const slot = current?.devices.find((s) => s.device_id === chosen);
  const [rackId, setRackId] = useState<number | ''>(rackFor(deviceId)?.id ?? '');
  const [face, setFace] = useState<RackFace>(slot?.rack_face ?? 'front');
  const [u, setU] = useState<number | ''>(slot?.rack_u ?? '');

  const device = devices.find((d) => d.device.id === chosen);
  const rack = racks.find((r) => r.id === rackId);
  const choices = device && rack ? placeChoices(rack, device.device.id, device.units, face) : [];
  const valid = u !== '' && choices.some((choice) => choice.u === u);

  const pickDevice = (id: number) => {
    setChosen(id);
    const inRack = startIn(id);
    const at = inRack?.devices.find((s) => s.device_id === id);
    setRackId(rackFor(id)?.id ?? '');
    setFace(at?.rack_face ?? face);
    setU(at?.rack_u ?? '');
  };

  const submit = () => {
    if (!device || !rack || u === '') return;
    const label = rackDeviceLabel(device.device);
    place.mutate(
      { device_id: device.device.id, rack_id: rack.id, rack_u: u, rack_face: face },
      {
        onSuccess: () => {
          const shown = choices.find((choice) => choice.u === u)?.label ?? String(u);
          toastSuccess(t('place.done', { device: label, rack: rack.name, u: shown }));
          onClose();
        },
      },
    );
  };
  const takeOut = () => {
    if (!device || !current) return;
    place.mutate(
      { device_id: device.device.id, rack_id: null, rack_u: null, rack_face: null },
      {
        onSuccess: () => {
          toastSuccess(t('place.taken_out', { device: rackDeviceLabel(device.device), rack: current.name }));
          onClose();
        },
      },
    );
  };

  return (
    <DialogForm
      onSubmit={submit}
      onCancel={onClose}
      submitLabel={t('place.submit')}
      disabled={!device || !rack || !valid}
      pending={place.isPending}
      extra={
        current ? (
          <Button color="error" onClick={takeOut} disabled={place.isPending} sx={{ mr: 'auto' }}>
            {t('place.take_out')}
          </Button>
        ) : null
      }
    >
      <TextField
        select
        required
        label={t('place.device')}
        value={chosen}
        onChange={(event) => pickDevice(Number(event.target.value))}
      >
        {devices.map(({ device: d }) => {
          const inRack = placedIn.get(d.id);
          const text = [rackDeviceLabel(d), d.name && d.name !== rackDeviceLabel(d) ? d.name : null]
            .filter(Boolean)
            .join(' · ');
          return (
            <MenuItem key={d.id} value={d.id}>
              {inRack ? t('place.device_in_rack', { device: text, rack: inRack.name }) : text}
            </MenuItem>
          );
        })}
      </TextField>
      <TextField
        select
        required
        label={t('place.rack')}
        value={rackId}
        onChange={(event) => {
          setRackId(Number(event.target.value));
          setU('');
        }}
      >
        {racks.map((r) => (
          <MenuItem key={r.id} value={r.id}>
            {rackName(r)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        required
        label={t('place.face')}
        value={face}
        onChange={(event) => {
          setFace(event.target.value as RackFace);
          setU('');
        }}
      >
        {RACK_FACES.map((f) => (
          <MenuItem key={f} value={f}>
            {t(`domain:rack_face.${f}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        required
        label={t('place.unit')}
        value={valid ? u : ''}
        onChange={(event) => setU(Number(event.target.value))}
        disabled={choices.length === 0}
        helperText={
          device && rack && choices.length === 0 ? t('place.no_room', { count: device.units }) : undefined
        }
      >
        {choices.map((choice) => (
          <MenuItem key={choice.u} value={choice.u}>
            {t('place.unit_option', { u: choice.label })}
          </MenuItem>
        ))}
      </TextField>
    </DialogForm>
  );
}
