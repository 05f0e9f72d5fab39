/**
 * Activity entries as a table, 50 to a page (a list of short cards at phone width); an entry
 * opens its before and after.
 */
import type { LogEntryDto } from '@asbuilt/domain';
import {
  ButtonBase,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPager } from '../../components/ListPager.tsx';
import { TableCaption } from '../../components/TableCaption.tsx';
import { formatDate, formatTime } from '../../lib/dates.ts';
import { LogChangesDialog } from './LogChangesDialog.tsx';
import { actionText, itemText, modelName } from './logText.ts';

const PAGE = 50;

export function LogTable({ logs, showSite }: { logs: LogEntryDto[]; showSite: boolean }) {
  const { t } = useTranslation(['logs', 'domain']);
  const [page, setPage] = useState(0);
  const [open, setOpen] = useState<LogEntryDto | null>(null);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const rows = logs.slice(page * PAGE, (page + 1) * PAGE);
  if (page > 0 && rows.length === 0) setPage(0);
  if (phone) {
    return (
      <>
        {rows.length === 0 && <Typography color="text.secondary">{t('empty')}</Typography>}
        <Stack component="ul" aria-label={t('table')} spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {rows.map((log) => (
            <li key={log.id}>
              <Paper variant="outlined">
                <ButtonBase
                  onClick={() => setOpen(log)}
                  sx={{ display: 'block', width: '100%', textAlign: 'left', p: 1.5, borderRadius: 'inherit' }}
                >
                  <Typography variant="caption" color="text.secondary" component="p">
                    {[
                      `${formatDate(log.created_at)} ${formatTime(log.created_at)}`,
                      log.user_name,
                      showSite ? (log.site_name ?? log.parent_name) : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Typography>
                  <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                    {[modelName(t, log.object_model), itemText(log)].filter(Boolean).join(' · ')}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {actionText(t, log)}
                  </Typography>
                </ButtonBase>
              </Paper>
            </li>
          ))}
        </Stack>
        <ListPager count={logs.length} page={page} pageSize={PAGE} onPage={setPage} />
        <LogChangesDialog log={open} onClose={() => setOpen(null)} />
      </>
    );
  }
  return (
    <>
      <TableContainer>
        <Table size="small" sx={{ minWidth: 720 }}>
          <TableCaption>{t('table')}</TableCaption>
          <TableHead>
            <TableRow>
              <TableCell>{t('column.day')}</TableCell>
              <TableCell>{t('column.time')}</TableCell>
              <TableCell>{t('column.user')}</TableCell>
              {showSite && <TableCell>{t('column.site')}</TableCell>}
              <TableCell>{t('column.resource')}</TableCell>
              <TableCell>{t('column.item')}</TableCell>
              <TableCell>{t('column.action')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={showSite ? 7 : 6}>
                  <Typography color="text.secondary">{t('empty')}</Typography>
                </TableCell>
              </TableRow>
            )}
            {rows.map((log) => (
              <TableRow
                key={log.id}
                hover
                onClick={() => setOpen(log)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') setOpen(log);
                }}
                tabIndex={0}
                sx={{ cursor: 'pointer' }}
              >
                <TableCell>{formatDate(log.created_at)}</TableCell>
                <TableCell>{formatTime(log.created_at)}</TableCell>
                <TableCell>{log.user_name}</TableCell>
                {showSite && <TableCell>{log.site_name ?? log.parent_name ?? ''}</TableCell>}
                <TableCell>{modelName(t, log.object_model)}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{itemText(log)}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{actionText(t, log)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <ListPager count={logs.length} page={page} pageSize={PAGE} onPage={setPage} />
      <LogChangesDialog log={open} onClose={() => setOpen(null)} />
    </>
  );
}
