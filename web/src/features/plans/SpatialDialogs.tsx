/**
 * Add and edit a floor (name, code) or a location (name, code, location type, floor) from the
 * dashboard's tree. Toasts as the spec words them: Floor Created, Floor Updated, Location Created,
 * Location Updated. Server errors are toasted by the query client.
 */
import { type FloorDto, LOCATION_TYPES, type LocationDto } from '@asbuilt/domain';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateFloor, useCreateLocation, useUpdateFloor, useUpdateLocation } from '../../api/spatial.ts';
import { toastSuccess } from '../../lib/toast.ts';

function DialogFrame({
  open,
  title,
  onClose,
  onSubmit,
  busy,
  canSave,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  busy: boolean;
  canSave: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('components');
  const titleId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSave && !busy) onSubmit();
  };
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {children}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} disabled={busy}>
            {t('action.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!canSave} loading={busy}>
            {t('action.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

export function FloorDialog({
  siteId,
  floor,
  open,
  onClose,
  onSaved,
}: {
  siteId: number;
  /** null: a new floor. */
  floor: FloorDto | null;
  open: boolean;
  onClose: () => void;
  onSaved?: (floor: FloorDto) => void;
}) {
  const { t } = useTranslation('plans');
  const create = useCreateFloor(siteId);
  const update = useUpdateFloor(siteId);
  const [name, setName] = useState(floor?.name ?? '');
  const [code, setCode] = useState(floor?.code ?? '');
  const busy = create.isPending || update.isPending;

  const save = () => {
    const done = (saved: FloorDto, message: string) => {
      toastSuccess(message);
      onSaved?.(saved);
      onClose();
    };
    if (floor) {
      update.mutate(
        { id: floor.id, name: name.trim(), code: code.trim() },
        { onSuccess: ({ floor: saved }) => done(saved, t('toast.floor_updated')) },
      );
    } else {
      create.mutate(
        { name: name.trim(), code: code.trim() || undefined },
        { onSuccess: ({ floor: saved }) => done(saved, t('toast.floor_created')) },
      );
    }
  };

  return (
    <DialogFrame
      open={open}
      title={floor ? t('tree.edit_floor') : t('tree.add_floor')}
      onClose={onClose}
      onSubmit={save}
      busy={busy}
      canSave={name.trim() !== ''}
    >
      <TextField
        label={t('form.name')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        required
        autoFocus
      />
      <TextField label={t('form.code')} value={code} onChange={(event) => setCode(event.target.value)} />
    </DialogFrame>
  );
}

export function LocationDialog({
  siteId,
  floors,
  location,
  floorId,
  open,
  onClose,
  onSaved,
}: {
  siteId: number;
  floors: FloorDto[];
  /** null: a new location on `floorId`. */
  location: LocationDto | null;
  floorId: number | null;
  open: boolean;
  onClose: () => void;
  onSaved?: (location: LocationDto) => void;
}) {
  const { t } = useTranslation(['plans', 'domain']);
  const create = useCreateLocation(siteId);
  const update = useUpdateLocation(siteId);
  const [name, setName] = useState(location?.name ?? '');
  const [code, setCode] = useState(location?.code ?? '');
  const [type, setType] = useState(location?.location_type ?? '');
  const [floor, setFloor] = useState<number | ''>(location?.floor_id ?? floorId ?? floors[0]?.id ?? '');
  const busy = create.isPending || update.isPending;

  const save = () => {
    if (floor === '') return;
    const done = (saved: LocationDto, message: string) => {
      toastSuccess(message);
      onSaved?.(saved);
      onClose();
    };
    if (location) {
      update.mutate(
        {
          id: location.id,
          name: name.trim(),
          code: code.trim(),
          location_type: type,
          ...(floor !== location.floor_id ? { floor_id: floor } : {}),
        },
        { onSuccess: ({ location: saved }) => done(saved, t('toast.location_updated')) },
      );
    } else {
      create.mutate(
        {
          floor_id: floor,
          name: name.trim(),
          code: code.trim() || undefined,
          location_type: type || undefined,
        },
        { onSuccess: ({ location: saved }) => done(saved, t('toast.location_created')) },
      );
    }
  };

  return (
    <DialogFrame
      open={open}
      title={location ? t('tree.edit_location') : t('tree.add_location')}
      onClose={onClose}
      onSubmit={save}
      busy={busy}
      canSave={name.trim() !== '' && floor !== ''}
    >
      <TextField
        label={t('form.name')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        required
        autoFocus
      />
      <TextField label={t('form.code')} value={code} onChange={(event) => setCode(event.target.value)} />
      <TextField
        select
        label={t('form.location_type')}
        value={type}
        onChange={(event) => setType(event.target.value)}
      >
        <MenuItem value="">
          <em>{t('form.no_type')}</em>
        </MenuItem>
        {LOCATION_TYPES.map((value) => (
          <MenuItem key={value} value={value}>
            {t(`domain:location_type.${value}`)}
          </MenuItem>
        ))}
        {type && !(LOCATION_TYPES as readonly string[]).includes(type) ? (
          <MenuItem value={type}>{type}</MenuItem>
        ) : null}
      </TextField>
      <TextField
        select
        required
        label={t('form.floor')}
        value={floor}
        onChange={(event) => setFloor(Number(event.target.value))}
      >
        {floors.map((f) => (
          <MenuItem key={f.id} value={f.id}>
            {f.name}
          </MenuItem>
        ))}
      </TextField>
    </DialogFrame>
  );
}
