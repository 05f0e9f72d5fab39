/**
 * The rows of an import as read, 5 to a page, each problem on its cell (red, its messages in a
 * tooltip), and the list of every problem below. Shared by the catalogue imports and the device
 * import wizard.
 */
import type { ImportReport } from '@asbuilt/domain';
import {
  List,
  ListItem,
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
import { ListPager } from '../../components/ListPager.tsx';
import { translateCode } from '../../lib/messages.ts';
import { problemsByCell } from './problems.ts';

const PAGE = 5;

type Problem = ImportReport['problems'][number];

const problemText = (problem: Problem) => translateCode(problem.code, problem.params, problem.code);

export function ImportPreview({
  headers,
  rows,
  problems,
}: {
  /** The columns shown, as the file names them. */
  headers: string[];
  rows: ImportReport['rows'];
  problems: Problem[];
}) {
  const { t } = useTranslation('imports');
  const [page, setPage] = useState(0);
  const cells = useMemo(() => problemsByCell(problems), [problems]);
  const shown = rows.slice(page * PAGE, (page + 1) * PAGE);
  return (
    <>
      <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" aria-label={t('preview')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('row')}</TableCell>
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
      {problems.length > 0 ? (
        <List dense aria-label={t('problems')} sx={{ maxHeight: 200, overflow: 'auto' }}>
          {problems.map((problem, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed until the next check
            <ListItem key={index} sx={{ color: 'error.main' }}>
              {problemText(problem)}
            </ListItem>
          ))}
        </List>
      ) : null}
    </>
  );
}
