/**
 * Actions on the selected devices (Contributor and above): Edit Selected Devices, set a status,
 * archive, remove from the archive (one PUT /api/site/devices/bulk each, all or nothing), and
 * export the selection.
 */
import type { DeviceStatus } from '@asbuilt/domain';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  ListItemText,
  Menu,
  MenuItem,
  TextField,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DeviceChangeValue, useBulkUpdateDevices } from '../../api/devices.ts';
import { useStatusLabel } from '../../components/StatusChip.tsx';
import { formatNumber } from '../../lib/numbers.ts';
import { toastFailure, toastSuccess } from '../../lib/toast.ts';
import { BulkAddTaskDialog, BulkAddTaskMenuItem } from '../tasks/BulkAddTask.tsx';
import { EditSelectedDevicesDialog, ExportDevicesDialog } from './loadedLater.ts';

export function BulkActionsMenu({
  siteId,
  selectedIds,
  statuses,
  onDone,
}: {
  siteId: number;
  selectedIds: number[];
  statuses: DeviceStatus[];
  onDone: () => void;
}) {
  const { t } = useTranslation(['devices', 'domain', 'components']);
  const statusLabel = useStatusLabel();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [statusOpen, setStatusOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [addingTask, setAddingTask] = useState(false);
  const [status, setStatus] = useState('');
  const bulk = useBulkUpdateDevices(siteId);
  const titleId = useId();
  const count = selectedIds.length;

  const run = (changes: Record<string, DeviceChangeValue>, after?: () => void) => {
    setAnchor(null);
    bulk.mutate(
      { ids: selectedIds, changes },
      {
        onSuccess: () => {
          toastSuccess(t('bulk.updated'));
          after?.();
          onDone();
        },
        onError: (error) => toastFailure(t('bulk.failed'), error),
      },
    );
  };

  return (
    <>
      <Button
        variant="outlined"
        endIcon={<ArrowDropDownIcon />}
        disabled={count === 0}
        loading={bulk.isPending}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
      >
        {count > 0 ? t('bulk.button_count', { amount: formatNumber(count) }) : t('bulk.button')}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setEditing(true);
          }}
        >
          <ListItemText>{t('bulk.edit')}</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setStatusOpen(true);
          }}
        >
          <ListItemText>{t('bulk.set_status')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => run({ archived: true })}>
          <ListItemText>{t('bulk.archive')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => run({ archived: false })}>
          <ListItemText>{t('bulk.unarchive')}</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setExporting(true);
          }}
        >
          <ListItemText>{t('export.selection')}</ListItemText>
        </MenuItem>
        <BulkAddTaskMenuItem
          onClick={() => {
            setAnchor(null);
            setAddingTask(true);
          }}
        />
      </Menu>
      <BulkAddTaskDialog
        siteId={siteId}
        deviceIds={selectedIds}
        open={addingTask}
        onClose={() => setAddingTask(false)}
        onDone={onDone}
      />
      <ExportDevicesDialog open={exporting} ids={selectedIds} onClose={() => setExporting(false)} />
      <EditSelectedDevicesDialog
        open={editing}
        selectedIds={selectedIds}
        onClose={() => setEditing(false)}
        onDone={onDone}
      />
      <Dialog open={statusOpen} onClose={() => setStatusOpen(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>
          {t('bulk.status_title', { count, amount: formatNumber(count) })}
        </DialogTitle>
        <DialogContent>
          <TextField
            select
            label={t('domain:column.status')}
            value={status}
            onChange={(event) => setStatus(event.target.value)}
            sx={{ mt: 1 }}
          >
            <MenuItem value="">
              <em>{t('state.status_not_set')}</em>
            </MenuItem>
            {statuses.map((s) => (
              <MenuItem key={s.id} value={s.name}>
                {statusLabel(s.name)}
              </MenuItem>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={() => setStatusOpen(false)}>{t('components:action.cancel')}</Button>
          <Button
            variant="contained"
            loading={bulk.isPending}
            onClick={() => run({ status: status || null }, () => setStatusOpen(false))}
          >
            {t('action.apply')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
