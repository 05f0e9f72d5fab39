/** "Add task to selected devices" of the devices page's bulk actions: the same task on each, in one call. */
import { ListItemText, MenuItem } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { TaskDialog } from './TaskDialog.tsx';

export function BulkAddTaskMenuItem({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation('tasks');
  return (
    <MenuItem onClick={onClick}>
      <ListItemText>{t('bulk.menu')}</ListItemText>
    </MenuItem>
  );
}

export function BulkAddTaskDialog({
  siteId,
  deviceIds,
  open,
  onClose,
  onDone,
}: {
  siteId: number;
  deviceIds: number[];
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  return (
    <TaskDialog
      siteId={siteId}
      target={open ? { kind: 'bulk', deviceIds } : null}
      onClose={onClose}
      onSaved={onDone}
    />
  );
}
