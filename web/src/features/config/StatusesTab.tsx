/**
 * Device Statuses: the site's statuses in the order the devices page offers them. Drag a status by
 * its handle (pointer or touch), or pick it up with the space bar and move it with the arrow keys
 * (@dnd-kit/sortable). "To original order" sorts by id. Add gives the next id (highest + 1) and
 * the default colour #2AAD74; edit changes the name (the server renames it on the devices too) and
 * the colour; remove takes it off the list. Each change is saved at once, the whole list, one
 * save after the other: "Saved", or "Error saving Statuses" and the list as the server has it.
 */
import type { DeviceStatus } from '@asbuilt/domain';
import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import SortIcon from '@mui/icons-material/Sort';
import { Box, Button, IconButton, List, ListItem, Paper, Tooltip, Typography } from '@mui/material';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateSiteSettings } from '../../api/spatial.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { StatusChip, useStatusLabel } from '../../components/StatusChip.tsx';
import { toastNotice, toastSuccess } from '../../lib/toast.ts';
import { useSite } from '../sites/SiteContext.tsx';
import { StatusDialog, type StatusDraft } from './StatusDialog.tsx';
import { TabHeading } from './TabHeading.tsx';

function StatusRow({
  status,
  onEdit,
  onRemove,
}: {
  status: DeviceStatus;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('config');
  const label = useStatusLabel();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: status.id, attributes: { roleDescription: t('statuses.sortable') } });
  const editLabel = t('statuses.edit', { name: label(status.name) });
  const removeLabel = t('statuses.remove', { name: label(status.name) });
  return (
    <ListItem
      ref={setNodeRef}
      data-testid="status-row"
      divider
      style={{ transform: CSS.Translate.toString(transform), transition }}
      sx={{
        gap: 1,
        py: 0.75,
        pl: 1,
        bgcolor: 'background.paper',
        position: 'relative',
        zIndex: isDragging ? 1 : 'auto',
        boxShadow: isDragging ? 4 : 'none',
      }}
    >
      <IconButton
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={t('statuses.drag', { name: label(status.name) })}
        size="small"
        sx={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none', color: 'text.secondary' }}
      >
        <DragIndicatorIcon fontSize="small" />
      </IconButton>
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <StatusChip status={status.name} color={status.color} />
        <Typography
          component="span"
          variant="caption"
          color="text.secondary"
          sx={{ fontFamily: 'monospace', display: { xs: 'none', sm: 'inline' } }}
        >
          {status.color}
        </Typography>
      </Box>
      <Typography component="span" variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {t('statuses.id', { id: status.id })}
      </Typography>
      <Tooltip title={editLabel}>
        <IconButton aria-label={editLabel} onClick={onEdit} size="small">
          <EditOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={removeLabel}>
        <IconButton aria-label={removeLabel} onClick={onRemove} size="small">
          <DeleteOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </ListItem>
  );
}

export function StatusesTab() {
  const { t } = useTranslation('config');
  const label = useStatusLabel();
  const { site, siteId } = useSite();
  const save = useUpdateSiteSettings(siteId);
  // The list as last changed here, until its save (and every save before it) came back.
  const [pending, setPending] = useState<DeviceStatus[] | null>(null);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const calls = useRef(0);
  const statuses = pending ?? site.device_statuses;
  const [dialog, setDialog] = useState<{ open: boolean; status: DeviceStatus | null }>({
    open: false,
    status: null,
  });
  const [removing, setRemoving] = useState<{ open: boolean; status: DeviceStatus | null }>({
    open: false,
    status: null,
  });

  const commit = useCallback(
    (next: DeviceStatus[]): Promise<unknown> => {
      const call = ++calls.current;
      setPending(next);
      // One save after the other, so that the server keeps the last list.
      const run = queue.current.then(() => save.mutateAsync({ device_statuses: next }));
      queue.current = run.catch(() => undefined);
      return run
        .then(
          () => toastSuccess(t('statuses.saved')),
          (error: unknown) => {
            // The server's reasons come as their own toasts (the query client's error handler).
            toastNotice(t('statuses.save_failed'));
            throw error;
          },
        )
        .finally(() => {
          if (call === calls.current) setPending(null);
        });
    },
    [save, t],
  );
  const commitQuietly = (next: DeviceStatus[]) => void commit(next).catch(() => undefined);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = useMemo(() => statuses.map((status) => status.id), [statuses]);
  const byOrder = useMemo(() => [...statuses].sort((a, b) => a.id - b.id), [statuses]);
  const inOriginalOrder = byOrder.every((status, index) => status.id === statuses[index]?.id);
  const nextId = Math.max(0, ...statuses.map((status) => status.id)) + 1;

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(Number(active.id));
    const to = ids.indexOf(Number(over.id));
    if (from < 0 || to < 0) return;
    commitQuietly(arrayMove(statuses, from, to));
  };

  // Where the dragged status was last announced.
  const overId = useRef<UniqueIdentifier | null>(null);
  const announcements = useMemo<Announcements>(() => {
    const nameOf = (id: UniqueIdentifier) => label(statuses.find((status) => status.id === id)?.name) ?? '';
    const position = (id: UniqueIdentifier) => ({
      position: ids.indexOf(Number(id)) + 1,
      total: ids.length,
    });
    return {
      onDragStart: ({ active }) => {
        overId.current = active.id;
        return t('statuses.picked_up', { name: nameOf(active.id) });
      },
      // Only a real move is announced (not the status over its own place right after pick-up).
      onDragOver: ({ active, over }) => {
        if (!over || over.id === overId.current) return undefined;
        overId.current = over.id;
        return t('statuses.moved', { name: nameOf(active.id), ...position(over.id) });
      },
      onDragEnd: ({ active, over }) =>
        over ? t('statuses.dropped', { name: nameOf(active.id), ...position(over.id) }) : undefined,
      onDragCancel: ({ active }) => t('statuses.cancelled', { name: nameOf(active.id) }),
    };
  }, [statuses, ids, t, label]);

  const saveDraft = (draft: StatusDraft) => {
    const editing = dialog.status;
    const next = editing
      ? statuses.map((status) => (status.id === editing.id ? { ...status, ...draft } : status))
      : [...statuses, { id: nextId, ...draft }];
    return commit(next);
  };

  return (
    <>
      <TabHeading
        title={t('tab.statuses')}
        hint={t('statuses.hint')}
        actions={
          <>
            <Button
              startIcon={<SortIcon />}
              onClick={() => commitQuietly(byOrder)}
              disabled={inOriginalOrder || statuses.length < 2}
            >
              {t('statuses.original_order')}
            </Button>
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setDialog({ open: true, status: null })}
            >
              {t('statuses.add')}
            </Button>
          </>
        }
      />
      <Paper variant="outlined" sx={{ maxWidth: 640, overflow: 'hidden' }}>
        {statuses.length === 0 ? (
          <Typography color="text.secondary" variant="body2" sx={{ px: 2, py: 3 }}>
            {t('statuses.empty')}
          </Typography>
        ) : (
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={onDragEnd}
            accessibility={{
              announcements,
              screenReaderInstructions: { draggable: t('statuses.instructions') },
            }}
          >
            <SortableContext items={ids} strategy={verticalListSortingStrategy}>
              <List
                disablePadding
                aria-label={t('statuses.list')}
                sx={{ '& > li:last-of-type': { borderBottom: 0 } }}
              >
                {statuses.map((status) => (
                  <StatusRow
                    key={status.id}
                    status={status}
                    onEdit={() => setDialog({ open: true, status })}
                    onRemove={() => setRemoving({ open: true, status })}
                  />
                ))}
              </List>
            </SortableContext>
          </DndContext>
        )}
      </Paper>

      <StatusDialog
        open={dialog.open}
        status={dialog.status}
        statuses={statuses}
        nextId={nextId}
        onSave={saveDraft}
        onClose={() => setDialog((current) => ({ ...current, open: false }))}
      />
      <ConfirmDialog
        open={removing.open}
        title={removing.status ? t('statuses.remove_title', { name: label(removing.status.name) }) : ''}
        message={t('statuses.remove_message')}
        confirmLabel={t('statuses.remove_confirm')}
        onClose={() => setRemoving((current) => ({ ...current, open: false }))}
        onConfirm={() => {
          const target = removing.status;
          setRemoving((current) => ({ ...current, open: false }));
          if (target) commitQuietly(statuses.filter((status) => status.id !== target.id));
        }}
      />
    </>
  );
}
