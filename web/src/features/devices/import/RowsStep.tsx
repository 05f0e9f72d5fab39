/**
 * Step 2 of the device import: what the server's dry run found, and the rows 5 to a page with
 * each problem on its cell; "only rows with problems" pages through those alone.
 */
import type { ImportReport, SheetContent } from '@asbuilt/domain';
import {
  Alert,
  FormControlLabel,
  List,
  ListItem,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPager } from '../../../components/ListPager.tsx';
import { translateCode } from '../../../lib/messages.ts';
import { problemsByCell } from '../../imports/problems.ts';
import type { ColumnMapping } from './ColumnsStep.tsx';

const PAGE = 5;

const problemText = (problem: ImportReport['problems'][number]) =>
  translateCode(problem.code, problem.params, problem.code);

export function RowsStep({
  content,
  mapping,
  report,
}: {
  content: SheetContent;
  mapping: ColumnMapping;
  report: ImportReport;
}) {
  const { t } = useTranslation('devices');
  const [page, setPage] = useState(0);
  const [onlyProblems, setOnlyProblems] = useState(report.problems.length > 0);
  const cells = useMemo(() => problemsByCell(report.problems), [report]);
  const headers = content.headers.filter((header) => mapping[header]);
  const rows = useMemo(() => {
    if (!onlyProblems) return content.rows;
    const wrong = new Set(report.problems.map((p) => Number(p.params?.row)));
    return content.rows.filter((row) => wrong.has(row.row));
  }, [content, report, onlyProblems]);
  const shown = rows.slice(page * PAGE, (page + 1) * PAGE);

  return (
    <Stack spacing={2}>
      <Alert severity={report.problems.length > 0 ? 'error' : 'success'}>
        {report.problems.length > 0
          ? t('import.problems', { count: report.problems.length })
          : t('import.ready', {
              created: report.created,
              updated: report.updated,
              unchanged: report.unchanged,
            })}
      </Alert>
      {report.problems.length > 0 ? (
        <FormControlLabel
          control={
            <Switch
              checked={onlyProblems}
              onChange={(event) => {
                setOnlyProblems(event.target.checked);
                setPage(0);
              }}
            />
          }
          label={t('import.only_problems')}
        />
      ) : null}
      <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" aria-label={t('import.step_rows')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('import.row')}</TableCell>
              {headers.map((header) => (
                <TableCell key={header} sx={{ whiteSpace: 'nowrap' }}>
                  {header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((row) => (
              <TableRow key={row.row}>
                <TableCell>{row.row}</TableCell>
                {headers.map((header) => {
                  const found = cells.get(`${row.row}|${header.toLowerCase()}`);
                  const text = row.values[header] ?? '';
                  return (
                    <TableCell
                      key={header}
                      data-problem={found ? 'true' : undefined}
                      sx={{
                        maxWidth: 220,
                        whiteSpace: 'nowrap',
                        overflow: 'hidden',
                        textOverflow: 'ellipsis',
                        ...(found ? { bgcolor: 'error.light', color: 'error.contrastText' } : {}),
                      }}
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
      <ListPager count={rows.length} page={page} pageSize={PAGE} onPage={setPage} />
      {report.problems.length > 0 ? (
        <List dense aria-label={t('import.problem_list')} sx={{ maxHeight: 180, overflow: 'auto' }}>
          {report.problems.map((problem, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed until the next check
            <ListItem key={index} sx={{ color: 'error.main' }}>
              {problemText(problem)}
            </ListItem>
          ))}
        </List>
      ) : null}
    </Stack>
  );
}
