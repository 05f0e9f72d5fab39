/**
 * The one add/edit dialog of the site's spatial objects: a floor (name, code), a location (name,
 * code, location type, floor), a zone (name, code, floor) or a layer (name, code), and their
 * deletion. The server refuses to delete while devices still point at the object ("N devices are
 * still ..."); the dialog then offers to delete anyway, moving those devices off it (`move_devices`).
 *
 * Three screens use it, each with the words and manners it always had (`variant`):
 * - `locations` (Locations and Zones pages): Add/Edit Floor|Location|Zone, Save enabled once
 *   something changed, Delete inside the dialog (confirm, then "Move and Delete").
 * - `config` (Zones & layers tab): New/Edit Zone|Layer, full screen on phones, floors named with
 *   their code, an unchanged form just closes; deleting starts from the list (SpatialDeleteDialog).
 * - `plans` (floorplan dashboard): Add/Edit floor|location, one Save button enabled once the
 *   required fields are filled, no Delete.
 */
import {
  encodeMessage,
  type FloorDto,
  type LayerDto,
  LOCATION_TYPES,
  type LocationDto,
  optionalText,
  requiredText,
  type ZoneDto,
} from '@asbuilt/domain';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { Button, DialogActions, DialogContent, MenuItem, Stack } from '@mui/material';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '../../api/client.ts';
import {
  useCreateFloor,
  useCreateLocation,
  useCreateZone,
  useDeleteFloor,
  useDeleteLayer,
  useDeleteLocation,
  useDeleteZone,
  useSaveLayer,
  useUpdateFloor,
  useUpdateLocation,
  useUpdateZone,
} from '../../api/spatial.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { errorMessages } from '../../lib/errors.ts';
import { formResolver } from '../../lib/forms.ts';
import { toastNotice, toastSuccess } from '../../lib/toast.ts';

export type DialogTarget =
  | { kind: 'floor'; floor?: FloorDto }
  | { kind: 'location'; floorId: number | null; location?: LocationDto }
  | { kind: 'zone'; floorId: number | null; zone?: ZoneDto }
  | { kind: 'layer'; layer?: LayerDto };

type Kind = DialogTarget['kind'];
/** The kinds a device is placed on, deleted from the edit dialog. */
type PlacedTarget = Exclude<DialogTarget, { kind: 'layer' }>;
type PlacedKind = PlacedTarget['kind'];

/** The object a save created or changed. */
export type SavedObject =
  | { type: 'floor'; item: FloorDto }
  | { type: 'location'; item: LocationDto }
  | { type: 'zone'; item: ZoneDto }
  | { type: 'layer'; item: LayerDto };

export type SpatialVariant = 'locations' | 'config' | 'plans';

const formSchema = z.object({
  name: requiredText('name'),
  code: optionalText('code'),
  location_type: z.string(),
  floor_id: z.string(),
});
/** The config tab also refuses a zone without a floor with a message. */
const floorRequiredSchema = formSchema.extend({
  floor_id: z
    .string()
    .refine((value) => value !== '', { message: encodeMessage('field_required', { field: 'floor' }) }),
});
interface FormValues {
  name: string;
  code: string;
  location_type: string;
  /** '' for none (a zone without a floor). */
  floor_id: string;
}
type FormOutput = z.output<typeof formSchema>;

export interface SpatialDialogProps {
  siteId: number;
  /** The floors a location or a zone may be on. */
  floors?: FloorDto[];
  /** Whether it shows (loadedLater.tsx: while it has a target); the last target stays on screen while it closes. */
  open: boolean;
  target: DialogTarget | null;
  variant: SpatialVariant;
  onClose: () => void;
  onSaved?: (saved: SavedObject) => void;
  /** With it (variant `locations`), editing a floor, location or zone offers Delete. */
  onDeleted?: (target: { type: PlacedKind; id: number }) => void;
}

function editedOf(target: DialogTarget): { id: number; name: string; code: string | null } | undefined {
  if (target.kind === 'floor') return target.floor;
  if (target.kind === 'location') return target.location;
  if (target.kind === 'zone') return target.zone;
  return target.layer;
}

function useTitle(variant: SpatialVariant) {
  const { t } = useTranslation(['locations', 'config', 'plans']);
  return (kind: Kind, editing: boolean): string => {
    if (variant === 'plans') {
      if (kind === 'location') return editing ? t('plans:tree.edit_location') : t('plans:tree.add_location');
      return editing ? t('plans:tree.edit_floor') : t('plans:tree.add_floor');
    }
    if (variant === 'config') {
      if (kind === 'layer') return editing ? t('config:layers.edit_title') : t('config:layers.new');
      return editing ? t('config:zones.edit_title') : t('config:zones.new');
    }
    if (kind === 'layer') return '';
    return editing ? t(`locations:dialog.edit.${kind}`) : t(`locations:dialog.new.${kind}`);
  };
}

export function SpatialDialog(props: SpatialDialogProps) {
  const { target, onClose, variant } = props;
  const title = useTitle(variant);
  const [busy, setBusy] = useState(false);
  // The last target stays while the dialog fades out.
  const [shown, setShown] = useState(target);
  if (target && target !== shown) setShown(target);
  const current = target ?? shown;
  return (
    <FormDialog
      open={props.open && current !== null}
      onClose={variant === 'plans' && busy ? undefined : onClose}
      title={current ? title(current.kind, Boolean(editedOf(current))) : null}
      fullScreenOnPhone={variant === 'config'}
    >
      {(key) => (current ? <SpatialForm key={key} {...props} target={current} onBusy={setBusy} /> : null)}
    </FormDialog>
  );
}

function initialFloor(target: DialogTarget, floors: FloorDto[], variant: SpatialVariant): string {
  const fallback =
    variant === 'plans'
      ? floors[0]?.id
      : variant === 'config' && floors.length === 1
        ? floors[0]!.id
        : undefined;
  let floor: number | null | undefined = null;
  if (target.kind === 'location') floor = target.location?.floor_id ?? target.floorId ?? fallback;
  else if (target.kind === 'zone') {
    floor = target.zone ? target.zone.floor_id : target.floorId;
    if (variant === 'config') floor = floor || fallback;
    else if (!target.zone) floor = floor ?? fallback;
  }
  return floor === null || floor === undefined ? '' : String(floor);
}

function SpatialForm({
  siteId,
  floors = [],
  target,
  variant,
  onClose,
  onSaved,
  onDeleted,
  onBusy,
}: SpatialDialogProps & { target: DialogTarget; onBusy: (busy: boolean) => void }) {
  const { t } = useTranslation(['locations', 'domain', 'components', 'plans']);
  const kind: Kind = target.kind;
  const edited = editedOf(target);
  const createFloor = useCreateFloor(siteId);
  const updateFloor = useUpdateFloor(siteId);
  const createLocation = useCreateLocation(siteId);
  const updateLocation = useUpdateLocation(siteId);
  const createZone = useCreateZone(siteId);
  const updateZone = useUpdateZone(siteId);
  const saveLayer = useSaveLayer(siteId);
  const saving = [
    createFloor,
    updateFloor,
    createLocation,
    updateLocation,
    createZone,
    updateZone,
    saveLayer,
  ].some((mutation) => mutation.isPending);
  useEffect(() => onBusy(saving), [saving, onBusy]);

  const schema = variant === 'config' && kind === 'zone' ? floorRequiredSchema : formSchema;
  const {
    control,
    handleSubmit,
    formState: { isDirty },
  } = useForm<FormValues, unknown, FormOutput>({
    resolver: formResolver<FormValues, typeof formSchema>(schema),
    // The dashboard's Save waits for the required fields, so its form never shows an error.
    mode: variant === 'plans' ? 'onSubmit' : 'onTouched',
    defaultValues: {
      name: edited?.name ?? '',
      code: edited?.code ?? '',
      location_type: (target.kind === 'location' ? target.location?.location_type : null) ?? '',
      floor_id: initialFloor(target, floors, variant),
    },
  });
  const [name, floorValue, typeValue] = useWatch({ control, name: ['name', 'floor_id', 'location_type'] });
  const filled = name.trim() !== '' && (kind !== 'location' || floorValue !== '');

  const done = (saved: SavedObject) => {
    toastSuccess(t(`locations:toast.${saved.type}_${edited ? 'updated' : 'created'}`));
    onSaved?.(saved);
    onClose();
  };

  const submit = handleSubmit((values) => {
    if (variant === 'config' && edited && !isDirty) {
      onClose();
      return;
    }
    const floorId = values.floor_id ? Number(values.floor_id) : null;
    const changedFloor = (from: number | null) =>
      floorId !== null && floorId !== from ? { floor_id: floorId } : {};
    if (target.kind === 'floor') {
      const floor = target.floor;
      if (!floor) {
        createFloor.mutate(
          { name: values.name, code: values.code ?? undefined },
          { onSuccess: (answer) => done({ type: 'floor', item: answer.floor }) },
        );
        return;
      }
      updateFloor.mutate(
        { id: floor.id, name: values.name, code: values.code },
        { onSuccess: (answer) => done({ type: 'floor', item: answer.floor }) },
      );
      return;
    }
    if (target.kind === 'location') {
      const type = values.location_type || null;
      const location = target.location;
      if (!location) {
        if (floorId === null) return;
        createLocation.mutate(
          {
            floor_id: floorId,
            name: values.name,
            code: values.code ?? undefined,
            location_type: type ?? undefined,
          },
          { onSuccess: (answer) => done({ type: 'location', item: answer.location }) },
        );
        return;
      }
      updateLocation.mutate(
        {
          id: location.id,
          name: values.name,
          code: values.code,
          location_type: type,
          ...changedFloor(location.floor_id),
          updated_at: location.updated_at,
        },
        { onSuccess: (answer) => done({ type: 'location', item: answer.location }) },
      );
      return;
    }
    if (target.kind === 'layer') {
      const layer = target.layer;
      saveLayer.mutate(
        layer
          ? { id: layer.id, name: values.name, code: values.code }
          : { name: values.name, ...(values.code ? { code: values.code } : {}) },
        { onSuccess: (answer) => done({ type: 'layer', item: answer.layer }) },
      );
      return;
    }
    const zone = target.zone;
    if (!zone) {
      if (floorId === null) return;
      createZone.mutate(
        { floor_id: floorId, name: values.name, code: values.code ?? undefined },
        { onSuccess: (answer) => done({ type: 'zone', item: answer.zone }) },
      );
      return;
    }
    updateZone.mutate(
      {
        id: zone.id,
        name: values.name,
        code: values.code,
        ...changedFloor(zone.floor_id),
        updated_at: zone.updated_at,
      },
      { onSuccess: (answer) => done({ type: 'zone', item: answer.zone }) },
    );
  });

  const disabled = variant === 'plans' ? !filled : variant === 'locations' && Boolean(edited) && !isDirty;
  return (
    <form noValidate onSubmit={submit}>
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={1} sx={{ pt: 1 }}>
          <FormTextField control={control} name="name" label={t('domain:field.name')} required autoFocus />
          <FormTextField control={control} name="code" label={t('domain:field.code')} />
          {kind === 'location' ? (
            <FormTextField
              control={control}
              name="location_type"
              select
              label={variant === 'plans' ? t('plans:form.location_type') : t('domain:column.location_type')}
            >
              <MenuItem value="">
                <em>{t('dialog.no_type')}</em>
              </MenuItem>
              {LOCATION_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {t(`domain:location_type.${type}`)}
                </MenuItem>
              ))}
              {typeValue && !(LOCATION_TYPES as readonly string[]).includes(typeValue) ? (
                <MenuItem value={typeValue}>{typeValue}</MenuItem>
              ) : null}
            </FormTextField>
          ) : null}
          {kind === 'location' || kind === 'zone' ? (
            <FormTextField
              control={control}
              name="floor_id"
              select
              required={kind === 'location' || !edited || variant === 'config'}
              label={t('domain:field.floor')}
            >
              {kind === 'zone' && edited && floorValue === '' ? (
                <MenuItem value="">
                  <em>{t('dialog.no_floor')}</em>
                </MenuItem>
              ) : null}
              {floors.map((floor) => (
                <MenuItem key={floor.id} value={String(floor.id)}>
                  {variant === 'config' && floor.code ? `${floor.name} (${floor.code})` : floor.name}
                </MenuItem>
              ))}
            </FormTextField>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
        {edited && onDeleted && target.kind !== 'layer' ? (
          <DeleteButton siteId={siteId} target={target} onDeleted={onDeleted} onClose={onClose} />
        ) : null}
        <Button onClick={onClose} disabled={variant === 'plans' && saving}>
          {t('components:action.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={saving} disabled={disabled}>
          {edited || variant === 'plans' ? t('components:action.save') : t('components:action.create')}
        </Button>
      </DialogActions>
    </form>
  );
}

// ---------------------------------------------------------------------------------------------
// Deleting

/** The delete mutation of a kind. */
function useDeleteOf(siteId: number, kind: Kind) {
  const deleteFloor = useDeleteFloor(siteId);
  const deleteLocation = useDeleteLocation(siteId);
  const deleteZone = useDeleteZone(siteId);
  const deleteLayer = useDeleteLayer(siteId);
  return { floor: deleteFloor, location: deleteLocation, zone: deleteZone, layer: deleteLayer }[kind];
}

/** The `*_has_devices` issue of a refused delete, with the device count it names. */
function devicesIssue(error: unknown): { count: number } | null {
  if (!(error instanceof ApiError)) return null;
  for (const issue of error.issues) {
    if ('code' in issue && issue.code.endsWith('_has_devices')) {
      const count = Number(issue.params?.count);
      return { count: Number.isFinite(count) ? count : 0 };
    }
  }
  return null;
}

function DeleteButton({
  siteId,
  target,
  onDeleted,
  onClose,
}: {
  siteId: number;
  target: PlacedTarget;
  onDeleted: (target: { type: PlacedKind; id: number }) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['locations', 'components']);
  const remove = useDeleteOf(siteId, target.kind);
  const edited = editedOf(target)!;
  const [step, setStep] = useState<'idle' | 'confirm' | 'move'>('idle');
  const [refusal, setRefusal] = useState('');
  const kind = target.kind;

  const run = (move: boolean) =>
    remove.mutate(
      { id: edited.id, move_devices: move || undefined },
      {
        onSuccess: (answer) => {
          toastSuccess(t(`toast.${kind}_deleted`));
          if (answer.moved_devices > 0) toastSuccess(t('toast.moved', { count: answer.moved_devices }));
          setStep('idle');
          onDeleted({ type: kind, id: edited.id });
          onClose();
        },
        onError: (error) => {
          const refused = error instanceof ApiError && (error.status === 409 || devicesIssue(error) !== null);
          if (!move && refused) {
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
        title={t(`delete.title.${kind}`, { name: edited.name })}
        message={t(`delete.message.${kind}`)}
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
            {t(`delete.move_question.${kind}`)}
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

export type DeleteTarget = { kind: 'zone'; item: ZoneDto } | { kind: 'layer'; item: LayerDto };

/**
 * The config tab's delete of a zone or a layer, started from its list: one confirmation whose
 * message turns into "N devices are still ..." with "Delete anyway" when the server refuses.
 */
export function SpatialDeleteDialog({
  open,
  target,
  siteId,
  onClose,
}: {
  open: boolean;
  /** Kept while the dialog closes, so its words stay. */
  target: DeleteTarget | null;
  siteId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation(['config', 'locations']);
  const remove = useDeleteOf(siteId, target?.kind ?? 'zone');
  // Devices that still point at the target, once the server refused: then "Delete anyway".
  const [blocking, setBlocking] = useState<{ id: string; count: number } | null>(null);
  const key = target ? `${target.kind}-${target.item.id}` : '';
  const count = blocking?.id === key ? blocking.count : null;
  const layer = target?.kind === 'layer';
  const words = {
    moved: (n: number) => (layer ? t('layers.moved', { count: n }) : t('zones.moved', { count: n })),
    confirm: (name: string) => (layer ? t('layers.confirm', { name }) : t('zones.confirm', { name })),
    blocked: (n: number) =>
      layer ? t('layers.has_devices', { count: n }) : t('zones.has_devices', { count: n }),
  };

  const close = () => {
    setBlocking(null);
    onClose();
  };
  const confirm = () => {
    if (!target) return;
    remove.mutate(
      { id: target.item.id, move_devices: count !== null },
      {
        onSuccess: ({ moved_devices }) => {
          toastSuccess(t(`locations:toast.${target.kind}_deleted`));
          if (moved_devices > 0) toastNotice(words.moved(moved_devices), 'info');
          close();
        },
        onError: (error) => {
          const found = error instanceof ApiError && error.status === 409 ? devicesIssue(error) : null;
          if (found !== null) setBlocking({ id: key, count: found.count });
        },
      },
    );
  };

  return (
    <ConfirmDialog
      open={open && target !== null}
      title={target ? words.confirm(target.item.name) : ''}
      message={count === null ? t('delete.message') : words.blocked(count)}
      confirmLabel={count === null ? undefined : t('delete.anyway')}
      loading={remove.isPending}
      onConfirm={confirm}
      onClose={close}
    />
  );
}
