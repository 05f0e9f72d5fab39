/**
 * New rack or a rack's edit: the room it stands in, its name, its height in U (42 by default)
 * and how its Us are numbered. A rack made lower than a device it holds is refused by the
 * server (rack_too_short, in a toast).
 */
import {
  RACK_DEFAULT_HEIGHT,
  RACK_MAX_HEIGHT,
  RACK_NUMBERINGS,
  type RackDto,
  type RackNumbering,
  type SiteDetail,
} from '@asbuilt/domain';
import { ListSubheader, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateRack, useUpdateRack } from '../../api/racks.ts';
import { DialogForm } from '../../components/DialogForm.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { toastSuccess } from '../../lib/toast.ts';

interface Props {
  open: boolean;
  onClose: () => void;
  siteId: number;
  site: Pick<SiteDetail, 'floors'>;
  /** The rack to edit; null makes a new one. */
  rack: RackDto | null;
}

export function RackDialog({ open, onClose, rack, ...rest }: Props) {
  const { t } = useTranslation('racks');
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={rack ? t('form.edit_title', { name: rack.name }) : t('form.new_title')}
    >
      {(key) => <RackForm key={key} onClose={onClose} rack={rack} {...rest} />}
    </FormDialog>
  );
}

/** A whole number of Us the rack may have, or null. */
function heightOf(text: string): number | null {
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 && n <= RACK_MAX_HEIGHT ? n : null;
}

function RackForm({ onClose, siteId, site, rack }: Omit<Props, 'open'>) {
  const { t } = useTranslation(['racks', 'components', 'domain']);
  const create = useCreateRack(siteId);
  const update = useUpdateRack(siteId);
  const locations = site.floors.flatMap((floor) => floor.locations);
  const [locationId, setLocationId] = useState<number | ''>(rack?.location_id ?? locations[0]?.id ?? '');
  const [name, setName] = useState(rack?.name ?? '');
  const [height, setHeight] = useState(String(rack?.u_height ?? RACK_DEFAULT_HEIGHT));
  const [numbering, setNumbering] = useState<RackNumbering>(rack?.numbering ?? 'bottom_up');
  const u_height = heightOf(height);
  const ready = locationId !== '' && name.trim() !== '' && u_height !== null;

  const save = () => {
    if (!ready) return;
    const input = { location_id: locationId, name: name.trim(), u_height, numbering };
    if (rack) {
      update.mutate(
        { ...input, id: rack.id, updated_at: rack.updated_at },
        {
          onSuccess: () => {
            toastSuccess(t('form.updated', { name: input.name }));
            onClose();
          },
        },
      );
      return;
    }
    create.mutate(input, {
      onSuccess: () => {
        toastSuccess(t('form.created', { name: input.name }));
        onClose();
      },
    });
  };

  return (
    <DialogForm
      onSubmit={save}
      onCancel={onClose}
      submitLabel={rack ? t('components:action.save') : t('components:action.create')}
      disabled={!ready}
      pending={create.isPending || update.isPending}
    >
      <TextField
        select
        required
        label={t('form.location')}
        value={locationId}
        onChange={(event) => setLocationId(Number(event.target.value))}
      >
        {site.floors.flatMap((floor) =>
          floor.locations.length === 0
            ? []
            : [
                <ListSubheader key={`floor-${floor.id}`}>{floor.name}</ListSubheader>,
                ...floor.locations.map((location) => (
                  <MenuItem key={location.id} value={location.id}>
                    {location.name}
                  </MenuItem>
                )),
              ],
        )}
      </TextField>
      <TextField
        required
        label={t('form.name')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      <TextField
        required
        type="number"
        label={t('form.height')}
        value={height}
        onChange={(event) => setHeight(event.target.value)}
        error={u_height === null}
        helperText={u_height === null ? t('form.height_help', { max: RACK_MAX_HEIGHT }) : undefined}
        slotProps={{ htmlInput: { min: 1, max: RACK_MAX_HEIGHT, step: 1, inputMode: 'numeric' } }}
      />
      <TextField
        select
        label={t('form.numbering')}
        value={numbering}
        onChange={(event) => setNumbering(event.target.value as RackNumbering)}
      >
        {RACK_NUMBERINGS.map((choice) => (
          <MenuItem key={choice} value={choice}>
            {t(`domain:rack_numbering.${choice}`)}
          </MenuItem>
        ))}
      </TextField>
    </DialogForm>
  );
}
