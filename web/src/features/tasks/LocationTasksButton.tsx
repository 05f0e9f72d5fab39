/**
 * On the location card: a Tasks chip with the number of the location's open tasks, opening them
 * (add, mark done, history) in a dialog.
 */
import ChecklistIcon from '@mui/icons-material/Checklist';
import {
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTasks } from '../../api/tasks.ts';
import { formatNumber } from '../../lib/numbers.ts';
import { TasksSection } from './TasksSection.tsx';

export function LocationTasksButton({
  siteId,
  locationId,
  name,
  canEdit,
}: {
  siteId: number;
  locationId: number;
  name: string;
  canEdit: boolean;
}) {
  const { t } = useTranslation(['tasks', 'components']);
  const [open, setOpen] = useState(false);
  const tasks = useTasks(siteId, { location_id: locationId });
  const titleId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const count = tasks.data?.length;
  return (
    <>
      <Chip
        size="small"
        variant="outlined"
        icon={<ChecklistIcon />}
        label={count ? t('section.button_count', { amount: formatNumber(count) }) : t('section.button')}
        onClick={() => setOpen(true)}
      />
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        aria-labelledby={titleId}
        maxWidth="sm"
        fullWidth
        fullScreen={phone}
      >
        <DialogTitle id={titleId}>{t('section.dialog_title', { name })}</DialogTitle>
        <DialogContent>
          <TasksSection siteId={siteId} target={{ location_id: locationId }} canEdit={canEdit} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('components:action.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
