/** One activity entry with what changed: each field before and after. */
import type { LogEntryDto } from '@asbuilt/domain';
import { isFieldKey } from '@asbuilt/domain';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/dates.ts';
import { modelName } from './logText.ts';

const shown = (value: unknown) =>
  value === null || value === undefined || value === ''
    ? '—'
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

export function LogChangesDialog({ log, onClose }: { log: LogEntryDto | null; onClose: () => void }) {
  const { t } = useTranslation(['logs', 'domain']);
  const titleId = useId();
  const changes = Object.entries(log?.changes ?? {});
  return (
    <Dialog open={log !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>
        {log ? `${modelName(t, log.object_model)} · ${log.object_name ?? ''}` : ''}
      </DialogTitle>
      <DialogContent>
        {log && (
          <Typography variant="body2" color="text.secondary" gutterBottom>
            {t('changes.when', {
              note: log.note,
              when: formatDateTime(log.created_at),
              name: log.user_name ?? '—',
            })}
          </Typography>
        )}
        {changes.length === 0 ? (
          <Typography>{t('changes.none')}</Typography>
        ) : (
          <Table size="small" aria-label={t('changes.table')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('changes.field')}</TableCell>
                <TableCell>{t('changes.before')}</TableCell>
                <TableCell>{t('changes.after')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {changes.map(([field, change]) => (
                <TableRow key={field}>
                  <TableCell>{isFieldKey(field) ? t(`domain:field.${field}`) : field}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{shown(change.from)}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{shown(change.to)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('changes.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
