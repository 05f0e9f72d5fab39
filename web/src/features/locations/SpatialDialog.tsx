/**
 * Add or edit a floor (name, code), a location (name, code, location type, floor) or a zone
 * (name, code, floor). Editing offers Delete: the server refuses while devices still point at the
 * object ("N devices are still ..."); the dialog then offers to move those devices to unplaced and
 * deletes again with `move_devices`.
 */
import {
  type FloorDto,
  LOCATION_TYPES,
  type LocationDto,
  optionalText,
  requiredText,
  type ZoneDto,
} from '@asbuilt/domain';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
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
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '../../api/client.ts';
import {
  useCreateFloor,
  useCreateLocation,
  useCreateZone,
  useDeleteFloor,
  useDeleteLocation,
  useDeleteZone,
  useUpdateFloor,
  useUpdateLocation,
  useUpdateZone,
} from '../../api/spatial.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { useDialogSession } from '../../lib/dialogs.ts';
import { errorMessages } from '../../lib/errors.ts';
import { formResolver } from '../../lib/forms.ts';
import { toastSuccess } from '../../lib/toast.ts';
import type { SelectionRef } from './selection.ts';

export type DialogTarget =
  | { kind: 'floor'; floor?: FloorDto }
  | { kind: 'location'; floorId: number; location?: LocationDto }
  | { kind: 'zone'; floorId: number | null; zone?: ZoneDto };

type Kind = DialogTarget['kind'];

const formSchema = z.object({
  name: requiredText('name'),
  code: optionalText('code'),
  location_type: z.string(),
  floor_id: z.string(),
});
interface FormValues {
  name: string;
  code: string;
  location_type: string;
  /** '' for none (a zone without a floor). */
  floor_id: string;
}
type FormOutput = z.output<typeof formSchema>;

interface Props {
  siteId: number;
  floors: FloorDto[];
  target: DialogTarget | null;
  onClose: () => void;
  /** A new or changed object: the page selects it. */
  onSaved: (ref: SelectionRef) => void;
  onDeleted: (ref: SelectionRef) => void;
}

function editedOf(target: DialogTarget): { id: number; name: string } | undefined {
  if (target.kind === 'floor') return target.floor;
  if (target.kind === 'location') return target.location;
  return target.zone;
}

export function SpatialDialog(props: Props) {
  const { target, onClose } = props;
  const { t } = useTranslation('locations');
  const titleId = useId();
  const session = useDialogSession(target !== null);
  // The last target stays while the dialog fades out.
  const [shown, setShown] = useState(target);
  if (target && target !== shown) setShown(target);
  const current = target ?? shown;
  return (
    <Dialog
      open={target !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      slotProps={{ transition: { onExited: session.onExited } }}
    >
      {current ? (
        <>
          <DialogTitle id={titleId}>
            {t(editedOf(current) ? `dialog.edit.${current.kind}` : `dialog.new.${current.kind}`)}
          </DialogTitle>
          {session.mounted ? <SpatialForm key={session.key} {...props} target={current} /> : null}
        </>
      ) : null}
    </Dialog>
  );
}

function SpatialForm({
  siteId,
  floors,
  target,
  onClose,
  onSaved,
  onDeleted,
}: Props & { target: DialogTarget }) {
  const { t } = useTranslation(['locations', 'domain', 'components']);
  const kind: Kind = target.kind;
  const edited = editedOf(target);
  const createFloor = useCreateFloor(siteId);
  const updateFloor = useUpdateFloor(siteId);
  const createLocation = useCreateLocation(siteId);
  const updateLocation = useUpdateLocation(siteId);
  const createZone = useCreateZone(siteId);
  const updateZone = useUpdateZone(siteId);
  const saving = [createFloor, updateFloor, createLocation, updateLocation, createZone, updateZone].some(
    (mutation) => mutation.isPending,
  );

  const initialFloor =
    target.kind === 'location'
      ? (target.location?.floor_id ?? target.floorId)
      : target.kind === 'zone'
        ? target.zone
          ? target.zone.floor_id
          : target.floorId
        : null;
  const { control, handleSubmit, formState } = useForm<FormValues, unknown, FormOutput>({
    resolver: formResolver<FormValues, typeof formSchema>(formSchema),
    mode: 'onTouched',
    defaultValues: {
      name: edited?.name ?? '',
      code:
        (target.kind === 'floor'
          ? target.floor?.code
          : target.kind === 'location'
            ? target.location?.code
            : target.zone?.code) ?? '',
      location_type: (target.kind === 'location' ? target.location?.location_type : null) ?? '',
      floor_id: initialFloor === null ? '' : String(initialFloor),
    },
  });

  const done = (ref: SelectionRef, message: string) => {
    toastSuccess(message);
    onSaved(ref);
    onClose();
  };

  const submit = handleSubmit((values) => {
    const floorId = values.floor_id ? Number(values.floor_id) : null;
    if (target.kind === 'floor') {
      const floor = target.floor;
      if (!floor) {
        createFloor.mutate(
          { name: values.name, code: values.code ?? undefined },
          { onSuccess: (answer) => done({ type: 'floor', id: answer.floor.id }, t('toast.floor_created')) },
        );
        return;
      }
      updateFloor.mutate(
        { id: floor.id, name: values.name, code: values.code },
        { onSuccess: (answer) => done({ type: 'floor', id: answer.floor.id }, t('toast.floor_updated')) },
      );
      return;
    }
    if (target.kind === 'location') {
      const type = values.location_type || null;
      if (!target.location) {
        createLocation.mutate(
          {
            floor_id: floorId ?? target.floorId,
            name: values.name,
            code: values.code ?? undefined,
            location_type: type ?? undefined,
          },
          {
            onSuccess: (answer) =>
              done({ type: 'location', id: answer.location.id }, t('toast.location_created')),
          },
        );
        return;
      }
      const location = target.location;
      updateLocation.mutate(
        {
          id: location.id,
          name: values.name,
          code: values.code,
          location_type: type,
          ...(floorId !== null && floorId !== location.floor_id ? { floor_id: floorId } : {}),
        },
        {
          onSuccess: (answer) =>
            done({ type: 'location', id: answer.location.id }, t('toast.location_updated')),
        },
      );
      return;
    }
    if (!target.zone) {
      if (floorId === null) return;
      createZone.mutate(
        { floor_id: floorId, name: values.name, code: values.code ?? undefined },
        { onSuccess: (answer) => done({ type: 'zone', id: answer.zone.id }, t('toast.zone_created')) },
      );
      return;
    }
    const zone = target.zone;
    updateZone.mutate(
      {
        id: zone.id,
        name: values.name,
        code: values.code,
        ...(floorId !== null && floorId !== zone.floor_id ? { floor_id: floorId } : {}),
      },
      { onSuccess: (answer) => done({ type: 'zone', id: answer.zone.id }, t('toast.zone_updated')) },
    );
  });

  return (
    <form noValidate onSubmit={submit}>
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={1} sx={{ pt: 1 }}>
          <FormTextField control={control} name="name" label={t('domain:field.name')} required autoFocus />
          <FormTextField control={control} name="code" label={t('domain:field.code')} />
          {kind === 'location' ? (
            <Controller
              control={control}
              name="location_type"
              render={({ field }) => (
                <TextField
                  select
                  label={t('domain:column.location_type')}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  name={field.name}
                  helperText=" "
                >
                  <MenuItem value="">
                    <em>{t('dialog.no_type')}</em>
                  </MenuItem>
                  {LOCATION_TYPES.map((type) => (
                    <MenuItem key={type} value={type}>
                      {t(`domain:location_type.${type}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          ) : null}
          {kind !== 'floor' ? (
            <Controller
              control={control}
              name="floor_id"
              render={({ field }) => (
                <TextField
                  select
                  required={kind === 'location' || !edited}
                  label={t('domain:field.floor')}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  name={field.name}
                  helperText=" "
                >
                  {kind === 'zone' && edited && field.value === '' ? (
                    <MenuItem value="">
                      <em>{t('dialog.no_floor')}</em>
                    </MenuItem>
                  ) : null}
                  {floors.map((floor) => (
                    <MenuItem key={floor.id} value={String(floor.id)}>
                      {floor.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
        {edited ? (
          <DeleteButton siteId={siteId} target={target} onDeleted={onDeleted} onClose={onClose} />
        ) : null}
        <Button onClick={onClose}>{t('components:action.cancel')}</Button>
        <Button
          type="submit"
          variant="contained"
          loading={saving}
          disabled={Boolean(edited) && !formState.isDirty}
        >
          {edited ? t('components:action.save') : t('components:action.create')}
        </Button>
      </DialogActions>
    </form>
  );
}

/** Whether the server refused a delete because devices still point at the object. */
function refusedForDevices(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.status === 409 ||
      error.issues.some((issue) => 'code' in issue && issue.code.endsWith('_has_devices')))
  );
}

function DeleteButton({
  siteId,
  target,
  onDeleted,
  onClose,
}: {
  siteId: number;
  target: DialogTarget;
  onDeleted: (ref: SelectionRef) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['locations', 'components']);
  const deleteFloor = useDeleteFloor(siteId);
  const deleteLocation = useDeleteLocation(siteId);
  const deleteZone = useDeleteZone(siteId);
  const remove =
    target.kind === 'floor' ? deleteFloor : target.kind === 'location' ? deleteLocation : deleteZone;
  const edited = editedOf(target)!;
  const [step, setStep] = useState<'idle' | 'confirm' | 'move'>('idle');
  const [refusal, setRefusal] = useState('');

  const run = (move: boolean) =>
    remove.mutate(
      { id: edited.id, move_devices: move || undefined },
      {
        onSuccess: (answer) => {
          toastSuccess(t(`toast.${target.kind}_deleted`));
          if (answer.moved_devices > 0) toastSuccess(t('toast.moved', { count: answer.moved_devices }));
          setStep('idle');
          onDeleted({ type: target.kind, id: edited.id });
          onClose();
        },
        onError: (error) => {
          if (!move && refusedForDevices(error)) {
            setRefusal(errorMessages(error).join(' '));
            setStep('move');
          } else {
            setStep('idle');
          }
        },
      },
    );

  return (
    <>
      <Button
        color="error"
        startIcon={<DeleteOutlinedIcon />}
        onClick={() => setStep('confirm')}
        sx={{ mr: 'auto' }}
      >
        {t('components:action.delete')}
      </Button>
      <ConfirmDialog
        open={step === 'confirm'}
        title={t(`delete.title.${target.kind}`, { name: edited.name })}
        message={t(`delete.message.${target.kind}`)}
        loading={remove.isPending}
        onClose={() => setStep('idle')}
        onConfirm={() => run(false)}
      />
      <ConfirmDialog
        open={step === 'move'}
        title={t('delete.move_title', { name: edited.name })}
        message={
          <>
            {refusal}
            <br />
            <br />
            {t(`delete.move_question.${target.kind}`)}
          </>
        }
        confirmLabel={t('delete.move_confirm')}
        loading={remove.isPending}
        onClose={() => setStep('idle')}
        onConfirm={() => run(true)}
      />
    </>
  );
}
