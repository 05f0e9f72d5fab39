/**
 * Actions on the selected devices (Contributor and above): set a status, archive, remove from the
 * archive. One PUT /api/site/devices/bulk each, all or nothing.
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
import { type DeviceChangeValue, useBulkUpdateDevices } from '../../api/devices.ts';
import { STATUS_NOT_SET } from '../../components/StatusChip.tsx';
import { toastFailure, toastSuccess } from '../../lib/toast.ts';

export const BULK_UPDATED = 'All Devices Updated successfully';
export const BULK_FAILED = 'Error updating device';

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
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [statusOpen, setStatusOpen] = useState(false);
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
          toastSuccess(BULK_UPDATED);
          after?.();
          onDone();
        },
        onError: (error) => toastFailure(BULK_FAILED, error),
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
        {count > 0 ? `Bulk actions (${count})` : 'Bulk actions'}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setStatusOpen(true);
          }}
        >
          <ListItemText>Set status…</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => run({ archived: true })}>
          <ListItemText>Archive</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => run({ archived: false })}>
          <ListItemText>Remove from Archive</ListItemText>
        </MenuItem>
      </Menu>
      <Dialog open={statusOpen} onClose={() => setStatusOpen(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>
          Set the status of {count} {count === 1 ? 'device' : 'devices'}
        </DialogTitle>
        <DialogContent>
          <TextField
            select
            label="Status"
            value={status}
            onChange={(event) => setStatus(event.target.value)}
            sx={{ mt: 1 }}
          >
            <MenuItem value="">
              <em>{STATUS_NOT_SET}</em>
            </MenuItem>
            {statuses.map((s) => (
              <MenuItem key={s.id} value={s.name}>
                {s.name}
              </MenuItem>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={() => setStatusOpen(false)}>Cancel</Button>
          <Button
            variant="contained"
            loading={bulk.isPending}
            onClick={() => run({ status: status || null }, () => setStatusOpen(false))}
          >
            Apply
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
