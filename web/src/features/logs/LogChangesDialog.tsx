/** One activity entry with what changed: each field before and after. */
import type { LogEntryDto } from '@asbuilt/domain';
import {
  Box,
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
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TableCaption } from '../../components/TableCaption.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { actionText, fieldLabel, itemText, modelName } from './logText.ts';

const shown = (value: unknown) =>
  value === null || value === undefined || value === ''
    ? '—'
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

export function LogChangesDialog({ log, onClose }: { log: LogEntryDto | null; onClose: () => void }) {
  const { t } = useTranslation(['logs', 'domain']);
  const titleId = useId();
  // A field empty before and after (a creation's blank fields) says nothing.
  const changes = Object.entries(log?.changes ?? {}).filter(
    ([, change]) => shown(change.from) !== '—' || shown(change.to) !== '—',
  );
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const label = (field: string) => fieldLabel(t, field);
  return (
    <Dialog open={log !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>
        {log ? [modelName(t, log.object_model), itemText(log)].filter(Boolean).join(' · ') : ''}
      </DialogTitle>
      <DialogContent>
        {log && (
          <Typography variant="body2" color="text.secondary" gutterBottom>
            {t('changes.when', {
              note: actionText(t, log),
              when: formatDateTime(log.created_at),
              name: log.user_name ?? '—',
            })}
          </Typography>
        )}
        {changes.length === 0 ? (
          <Typography>{t('changes.none')}</Typography>
        ) : phone ? (
          <Box component="dl" aria-label={t('changes.table')} sx={{ m: 0 }}>
            {changes.map(([field, change]) => (
              <Box key={field} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
                <Typography component="dt" variant="subtitle2">
                  {label(field)}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                  {t('changes.before_value', { value: shown(change.from) })}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                  {t('changes.after_value', { value: shown(change.to) })}
                </Typography>
              </Box>
            ))}
          </Box>
        ) : (
          <Table size="small">
            <TableCaption>{t('changes.table')}</TableCaption>
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
                  <TableCell>{label(field)}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-word' }}>{shown(change.from)}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-word' }}>{shown(change.to)}</TableCell>
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
