/**
 * Deleting a floor, location, zone or layer. The server refuses while devices still point at the
 * object ("N devices are still ..."); both ways then offer to delete anyway, moving those devices
 * off it (`move_devices`): the Delete button of the edit dialog (Locations and Zones pages) and
 * the config tab's delete of a zone or a layer, started from its list.
 */
import type { LayerDto, ZoneDto } from '@asbuilt/domain';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { useDeleteFloor, useDeleteLayer, useDeleteLocation, useDeleteZone } from '../../api/spatial.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { errorMessages } from '../../lib/errors.ts';
import { toastNotice, toastSuccess } from '../../lib/toast.ts';
import { editedOf, type Kind, type PlacedKind, type PlacedTarget } from './spatialTargets.ts';

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

export function DeleteButton({
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
