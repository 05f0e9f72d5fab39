/**
 * The rows of an import as read, 5 to a page, each problem on its cell (red, its messages in a
 * tooltip), and the list of every problem below. When the dry run says what each row would do,
 * a row is marked new, changed or unchanged (greyed), and each changed cell shows old → new.
 * Shared by the catalogue imports and the device import wizard.
 */
import type { ImportReport, ImportRowChange } from '@asbuilt/domain';
import {
  Chip,
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
import { alpha } from '@mui/material/styles';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPager } from '../../components/ListPager.tsx';
import { TableCaption } from '../../components/TableCaption.tsx';
import { translateCode } from '../../lib/messages.ts';
import { CellChange } from './CellChange.tsx';
import { changesByRow } from './changes.ts';
import { problemsByCell } from './problems.ts';

const PAGE = 5;

type Problem = ImportReport['problems'][number];

const problemText = (problem: Problem) => translateCode(problem.code, problem.params, problem.code);

/** Each status's word and chip. */
const STATUS = {
  new: { word: 'status_new', color: 'success', variant: 'filled' },
  changed: { word: 'status_changed', color: 'warning', variant: 'filled' },
  unchanged: { word: 'status_unchanged', color: 'default', variant: 'outlined' },
} as const;

export function ImportPreview({
  headers,
  rows,
  problems,
  changes,
}: {
  /** The columns shown, as the file names them. */
  headers: string[];
  rows: ImportReport['rows'];
  problems: Problem[];
  /** What each clean row would do, when the import says so. */
  changes?: ImportRowChange[];
}) {
  const { t } = useTranslation('imports');
  const [page, setPage] = useState(0);
  const cells = useMemo(() => problemsByCell(problems), [problems]);
  const outcomes = useMemo(() => changesByRow(changes ?? []), [changes]);
  const shown = rows.slice(page * PAGE, (page + 1) * PAGE);
  return (
    <>
      <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small">
          <TableCaption>{t('preview')}</TableCaption>
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
            {shown.map((row) => {
              const outcome = outcomes.get(row.row);
              const status = outcome ? STATUS[outcome.status] : null;
              return (
                <TableRow
                  key={row.row}
                  data-status={outcome?.status}
                  sx={(theme) => ({
                    ...(outcome?.status === 'new'
                      ? { bgcolor: alpha(theme.palette.success.main, 0.08) }
                      : {}),
                    ...(outcome?.status === 'unchanged' ? { '& td': { color: 'text.secondary' } } : {}),
                  })}
                >
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {row.row}
                    {status ? (
                      <Chip
                        size="small"
                        label={t(status.word)}
                        color={status.color}
                        variant={status.variant}
                        sx={{ ml: 1 }}
                      />
                    ) : null}
                  </TableCell>
                  {headers.map((header) => {
                    const found = cells.get(`${row.row}|${header.toLowerCase()}`);
                    const was = outcome?.was.get(header.toLowerCase());
                    const text = row.values[header] ?? '';
                    return (
                      <TableCell
                        key={header}
                        data-problem={found ? 'true' : undefined}
                        data-changed={was !== undefined ? 'true' : undefined}
                        sx={(theme) => ({
                          maxWidth: 220,
                          whiteSpace: 'nowrap',
                          overflow: 'hidden',
                          textOverflow: 'ellipsis',
                          // A changed cell wraps: old and new are both read, however long (a product's name).
                          ...(was !== undefined
                            ? { bgcolor: alpha(theme.palette.warning.main, 0.16), whiteSpace: 'normal' }
                            : {}),
                          // White reads on the main red (4.98:1), not on the light one (3.78:1).
                          ...(found ? { bgcolor: 'error.main', color: 'error.contrastText' } : {}),
                        })}
                      >
                        {found ? (
                          <Tooltip title={found.map(problemText).join(' · ')}>
                            <span>{text || '—'}</span>
                          </Tooltip>
                        ) : was !== undefined ? (
                          <CellChange was={was} now={text} />
                        ) : (
                          text
                        )}
                      </TableCell>
                    );
                  })}
                </TableRow>
              );
            })}
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
