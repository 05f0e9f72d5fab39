/**
 * Import a spreadsheet: choose the .xlsx, see what it would do (a dry run on the server: new,
 * changed and unchanged rows, ignored columns), the rows 5 to a page with each problem on its
 * cell, then Upload, which writes every row or none.
 */
import type { ImportReport } from '@asbuilt/domain';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPager } from '../../components/ListPager.tsx';
import { translateCode } from '../../lib/messages.ts';
import { toastFailure, toastSuccess } from '../../lib/toast.ts';
import { problemsByCell } from './problems.ts';

const PAGE = 5;

const problemText = (problem: ImportReport['problems'][number]) =>
  translateCode(problem.code, problem.params, problem.code);

export function ImportDialog({
  open,
  title,
  onClose,
  run,
  busy,
  done,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  /** Sends the file: a dry run reports, otherwise it writes. */
  run: (file: File, dryRun: boolean) => Promise<ImportReport>;
  busy: boolean;
  /** The toast once written ("Companies uploaded"). */
  done: string;
}) {
  const { t } = useTranslation(['imports', 'domain']);
  const titleId = useId();
  const inputId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [page, setPage] = useState(0);
  const cells = useMemo(() => problemsByCell(report?.problems ?? []), [report]);
  const headers = useMemo(
    () => [...new Set((report?.rows ?? []).flatMap((row) => Object.keys(row.values)))],
    [report],
  );

  const reset = () => {
    setFile(null);
    setReport(null);
    setPage(0);
  };
  const close = () => {
    reset();
    onClose();
  };
  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    reset();
    setFile(chosen);
    run(chosen, true)
      .then(setReport)
      .catch((error: unknown) => toastFailure(t('failed'), error));
  };
  const upload = () => {
    if (!file) return;
    run(file, false)
      .then(() => {
        toastSuccess(done);
        close();
      })
      .catch((error: unknown) => toastFailure(t('incomplete'), error));
  };
  const rows = report?.rows.slice(page * PAGE, (page + 1) * PAGE) ?? [];
  const problems = report?.problems ?? [];

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="md" fullWidth fullScreen={phone}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Box>
            <input
              id={inputId}
              type="file"
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              hidden
              onChange={(event) => {
                choose(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
            <Button
              component="label"
              htmlFor={inputId}
              variant="outlined"
              startIcon={<UploadFileIcon />}
              loading={busy && !report}
            >
              {file ? t('choose_again') : t('choose')}
            </Button>
            {file ? (
              <Typography component="span" sx={{ ml: 1.5, overflowWrap: 'anywhere' }}>
                {file.name}
              </Typography>
            ) : (
              <Typography color="text.secondary" sx={{ mt: 1 }}>
                {t('hint')}
              </Typography>
            )}
          </Box>
          {report ? (
            <>
              <Alert severity={problems.length > 0 ? 'error' : 'info'}>
                {problems.length > 0
                  ? t('summary_problems', { count: problems.length })
                  : t('summary', {
                      created: report.created,
                      updated: report.updated,
                      unchanged: report.unchanged,
                    })}
              </Alert>
              {report.ignored.length > 0 ? (
                <Alert severity="warning">{t('ignored', { columns: report.ignored.join(', ') })}</Alert>
              ) : null}
              <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
                <Table size="small" aria-label={t('preview')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('row')}</TableCell>
                      {headers.map((header) => (
                        <TableCell key={header}>{header}</TableCell>
                      ))}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {rows.map((row) => (
                      <TableRow key={row.row}>
                        <TableCell>{row.row}</TableCell>
                        {headers.map((header) => {
                          const found = cells.get(`${row.row}|${header.toLowerCase()}`);
                          const text = row.values[header] ?? '';
                          return (
                            <TableCell
                              key={header}
                              data-problem={found ? 'true' : undefined}
                              sx={found ? { bgcolor: 'error.light', color: 'error.contrastText' } : undefined}
                            >
                              {found ? (
                                <Tooltip title={found.map(problemText).join(' · ')}>
                                  <span>{text || '—'}</span>
                                </Tooltip>
                              ) : (
                                text
                              )}
                            </TableCell>
                          );
                        })}
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
              <ListPager count={report.rows.length} page={page} pageSize={PAGE} onPage={setPage} />
              {problems.length > 0 ? (
                <List dense aria-label={t('problems')} sx={{ maxHeight: 200, overflow: 'auto' }}>
                  {problems.map((problem, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed until the next file
                    <ListItem key={index} sx={{ color: 'error.main' }}>
                      {problemText(problem)}
                    </ListItem>
                  ))}
                </List>
              ) : null}
            </>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={close}>{t('cancel')}</Button>
        <Button
          variant="contained"
          onClick={upload}
          disabled={!report || problems.length > 0 || report.created + report.updated === 0}
          loading={busy && Boolean(report)}
        >
          {t('upload')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
