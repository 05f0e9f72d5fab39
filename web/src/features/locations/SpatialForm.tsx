/**
 * The form of SpatialDialog: name and code, a location's type, a location's or zone's floor; Save
 * (or Create) sends it, and editing a placed object may offer Delete (SpatialDelete).
 */
import { encodeMessage, LOCATION_TYPES, optionalText, requiredText } from '@asbuilt/domain';
import { Button, DialogActions, DialogContent, MenuItem, Stack } from '@mui/material';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  useCreateFloor,
  useCreateLocation,
  useCreateZone,
  useSaveLayer,
  useUpdateFloor,
  useUpdateLocation,
  useUpdateZone,
} from '../../api/spatial.ts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { formResolver } from '../../lib/forms.ts';
import { toastSuccess } from '../../lib/toast.ts';
import { CustomFieldInputs } from '../customFields/CustomFieldInputs.tsx';
import { LocationCustomFields } from '../customFields/LocationCustomFields.tsx';
import { useCustomFieldInputs } from '../customFields/useCustomFieldInputs.ts';
import { DeleteButton } from './SpatialDelete.tsx';
import {
  type DialogTarget,
  editedOf,
  initialFloor,
  type Kind,
  type SavedObject,
  type SpatialDialogProps,
} from './spatialTargets.ts';

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

export function SpatialForm({
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
  // A new location's custom fields (issue 43); an edited one saves each in place below the form.
  const custom = useCustomFieldInputs('locations', siteId);
  const newLocation = target.kind === 'location' && !target.location;
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
        if (floorId === null || !custom.check()) return;
        createLocation.mutate(
          {
            floor_id: floorId,
            name: values.name,
            code: values.code ?? undefined,
            location_type: type ?? undefined,
            custom_fields: custom.payload(),
          },
          {
            onSuccess: (answer) => done({ type: 'location', item: answer.location }),
            onError: (error) => custom.showServerErrors(error),
          },
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
        {target.kind === 'location' && target.location ? (
          <LocationCustomFields siteId={siteId} location={target.location} />
        ) : null}
        {newLocation ? (
          <CustomFieldInputs
            fields={custom.fields}
            values={custom.values}
            errors={custom.errors}
            onChange={custom.onChange}
          />
        ) : null}
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
