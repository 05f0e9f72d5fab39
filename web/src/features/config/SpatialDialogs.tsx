/**
 * The zone and layer dialogs of the Config page (name and code; a zone also needs its floor), and
 * their deletion: a zone or layer that devices still point at is refused by the server, which
 * names how many; the dialog then offers to delete anyway, moving those devices off it.
 */
import { encodeMessage, type FloorDto, type LayerDto, optionalText, type ZoneDto } from '@asbuilt/domain';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { type ReactNode, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { ApiError } from '../../api/client.ts';
import {
  type LayerSave,
  useCreateZone,
  useDeleteLayer,
  useDeleteZone,
  useSaveLayer,
  useUpdateZone,
  type ZoneUpdate,
} from '../../api/spatial.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { useDialogSession } from '../../lib/dialogs.ts';
import { formResolver } from '../../lib/forms.ts';
import { toastSuccess } from '../../lib/toast.ts';

const requiredName = optionalText('name').refine((value) => value !== null, {
  message: encodeMessage('field_required', { field: 'name' }),
});

const layerSchema = z.object({ name: requiredName, code: optionalText('code') });
interface LayerValues {
  name: string;
  code: string;
}

const zoneSchema = z.object({
  name: requiredName,
  code: optionalText('code'),
  floor_id: z
    .string()
    .refine((value) => value !== '', { message: encodeMessage('field_required', { field: 'floor' }) })
    .transform(Number),
});
interface ZoneValues extends LayerValues {
  floor_id: string;
}

function FormDialog({
  open,
  title,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: (key: number) => ReactNode;
}) {
  const titleId = useId();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const session = useDialogSession(open);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
      fullScreen={fullScreen}
      slotProps={{ transition: { onExited: session.onExited } }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {session.mounted ? children(session.key) : null}
    </Dialog>
  );
}

function DialogButtons({
  onClose,
  pending,
  editing,
}: {
  onClose: () => void;
  pending: boolean;
  editing: boolean;
}) {
  const { t } = useTranslation('components');
  return (
    <DialogActions sx={{ px: 3, pb: 2.5 }}>
      <Button onClick={onClose}>{t('action.cancel')}</Button>
      <Button type="submit" variant="contained" loading={pending}>
        {editing ? t('action.save') : t('action.create')}
      </Button>
    </DialogActions>
  );
}

// ---------------------------------------------------------------------------------------------
// Zones

export function ZoneDialog({
  open,
  zone,
  floors,
  siteId,
  onClose,
}: {
  open: boolean;
  /** Edit this zone; create one when null. */
  zone: ZoneDto | null;
  floors: FloorDto[];
  siteId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('config');
  return (
    <FormDialog open={open} title={zone ? t('zones.edit_title') : t('zones.new')} onClose={onClose}>
      {(key) => <ZoneForm key={key} zone={zone} floors={floors} siteId={siteId} onClose={onClose} />}
    </FormDialog>
  );
}

function ZoneForm({
  zone,
  floors,
  siteId,
  onClose,
}: {
  zone: ZoneDto | null;
  floors: FloorDto[];
  siteId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('config');
  const create = useCreateZone(siteId);
  const update = useUpdateZone(siteId);
  const onlyFloor = floors.length === 1 ? String(floors[0]!.id) : '';
  const { control, handleSubmit } = useForm<ZoneValues, unknown, z.output<typeof zoneSchema>>({
    resolver: formResolver<ZoneValues, typeof zoneSchema>(zoneSchema),
    mode: 'onTouched',
    defaultValues: {
      name: zone?.name ?? '',
      code: zone?.code ?? '',
      floor_id: zone?.floor_id ? String(zone.floor_id) : onlyFloor,
    },
  });

  const submit = handleSubmit((values) => {
    const name = values.name as string;
    if (!zone) {
      create.mutate(
        { floor_id: values.floor_id, name, ...(values.code ? { code: values.code } : {}) },
        {
          onSuccess: () => {
            toastSuccess(t('zones.created'));
            onClose();
          },
        },
      );
      return;
    }
    const input: ZoneUpdate = { id: zone.id };
    if (name !== zone.name) input.name = name;
    if (values.code !== zone.code) input.code = values.code;
    if (values.floor_id !== zone.floor_id) input.floor_id = values.floor_id;
    if (Object.keys(input).length === 1) {
      onClose();
      return;
    }
    update.mutate(input, {
      onSuccess: () => {
        toastSuccess(t('zones.updated'));
        onClose();
      },
    });
  });

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={1} sx={{ pt: 1 }}>
          <FormTextField control={control} name="name" label={t('form.name')} required autoFocus />
          <FormTextField control={control} name="code" label={t('form.code')} />
          <FormTextField control={control} name="floor_id" label={t('form.floor')} required select>
            {floors.map((floor) => (
              <MenuItem key={floor.id} value={String(floor.id)}>
                {floor.code ? `${floor.name} (${floor.code})` : floor.name}
              </MenuItem>
            ))}
          </FormTextField>
        </Stack>
      </DialogContent>
      <DialogButtons
        onClose={onClose}
        pending={create.isPending || update.isPending}
        editing={Boolean(zone)}
      />
    </Box>
  );
}

// ---------------------------------------------------------------------------------------------
// Layers

export function LayerDialog({
  open,
  layer,
  siteId,
  onClose,
}: {
  open: boolean;
  layer: LayerDto | null;
  siteId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('config');
  return (
    <FormDialog open={open} title={layer ? t('layers.edit_title') : t('layers.new')} onClose={onClose}>
      {(key) => <LayerForm key={key} layer={layer} siteId={siteId} onClose={onClose} />}
    </FormDialog>
  );
}

function LayerForm({
  layer,
  siteId,
  onClose,
}: {
  layer: LayerDto | null;
  siteId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('config');
  const save = useSaveLayer(siteId);
  const { control, handleSubmit } = useForm<LayerValues, unknown, z.output<typeof layerSchema>>({
    resolver: formResolver<LayerValues, typeof layerSchema>(layerSchema),
    mode: 'onTouched',
    defaultValues: { name: layer?.name ?? '', code: layer?.code ?? '' },
  });

  const submit = handleSubmit((values) => {
    const name = values.name as string;
    let input: LayerSave;
    if (layer) {
      if (name === layer.name && values.code === layer.code) {
        onClose();
        return;
      }
      input = { id: layer.id, name, code: values.code };
    } else {
      input = { name, ...(values.code ? { code: values.code } : {}) };
    }
    save.mutate(input, {
      onSuccess: () => {
        toastSuccess(layer ? t('layers.updated') : t('layers.created'));
        onClose();
      },
    });
  });

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={1} sx={{ pt: 1 }}>
          <FormTextField control={control} name="name" label={t('form.name')} required autoFocus />
          <FormTextField control={control} name="code" label={t('form.code')} />
        </Stack>
      </DialogContent>
      <DialogButtons onClose={onClose} pending={save.isPending} editing={Boolean(layer)} />
    </Box>
  );
}

// ---------------------------------------------------------------------------------------------
// Deleting a zone or a layer

/** How many devices the server said still point at the object (409 `*_has_devices`), or null. */
function devicesInTheWay(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  for (const issue of error.issues) {
    if ('code' in issue && issue.code.endsWith('_has_devices')) {
      const count = Number(issue.params?.count);
      return Number.isFinite(count) ? count : 0;
    }
  }
  return null;
}

export type DeleteTarget = { kind: 'zone'; item: ZoneDto } | { kind: 'layer'; item: LayerDto };

export function DeleteSpatialDialog({
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
  const { t } = useTranslation('config');
  const deleteZone = useDeleteZone(siteId);
  const deleteLayer = useDeleteLayer(siteId);
  // Devices that still point at the target, once the server refused: then "Delete anyway".
  const [blocking, setBlocking] = useState<{ id: string; count: number } | null>(null);
  const key = target ? `${target.kind}-${target.item.id}` : '';
  const count = blocking?.id === key ? blocking.count : null;
  const remove = target?.kind === 'layer' ? deleteLayer : deleteZone;
  const layer = target?.kind === 'layer';
  const words = {
    deleted: () => (layer ? t('layers.deleted') : t('zones.deleted')),
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
          toastSuccess(words.deleted());
          if (moved_devices > 0) toast.info(words.moved(moved_devices));
          close();
        },
        onError: (error) => {
          const found = devicesInTheWay(error);
          if (found !== null) setBlocking({ id: key, count: found });
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
