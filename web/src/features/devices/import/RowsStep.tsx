/**
 * Step 2 of the device import: what the server's dry run found, and the rows 5 to a page, each
 * marked new, changed (its changed cells old → new) or unchanged, each problem on its cell.
 * "Only rows with problems" or "only new and changed rows" pages through those alone.
 */
import type { ImportReport, SheetContent } from '@asbuilt/domain';
import { Alert, FormControlLabel, Stack, Switch } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImportPreview } from '../../imports/ImportPreview.tsx';
import type { ColumnMapping } from './ColumnsStep.tsx';

type Filter = 'all' | 'problems' | 'changes';

export function RowsStep({
  content,
  mapping,
  report,
}: {
  content: SheetContent;
  mapping: ColumnMapping;
  report: ImportReport;
}) {
  const { t } = useTranslation(['devices', 'imports']);
  const [filter, setFilter] = useState<Filter>(report.problems.length > 0 ? 'problems' : 'all');
  const headers = content.headers.filter((header) => mapping[header]);
  const writes = report.created + report.updated;
  const rows = useMemo(() => {
    if (filter === 'all') return content.rows;
    const kept =
      filter === 'problems'
        ? new Set(report.problems.map((p) => Number(p.params?.row)))
        : new Set((report.changes ?? []).filter((c) => c.status !== 'unchanged').map((c) => c.row));
    return content.rows.filter((row) => kept.has(row.row));
  }, [content, report, filter]);
  const toggle = (which: Filter) => (_event: unknown, on: boolean) => setFilter(on ? which : 'all');

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
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
        {report.problems.length > 0 ? (
          <FormControlLabel
            control={<Switch checked={filter === 'problems'} onChange={toggle('problems')} />}
            label={t('import.only_problems')}
          />
        ) : null}
        {writes > 0 && report.unchanged > 0 ? (
          <FormControlLabel
            control={<Switch checked={filter === 'changes'} onChange={toggle('changes')} />}
            label={t('imports:only_changes')}
          />
        ) : null}
      </Stack>
      {/* A new filter starts at its first page. */}
      <ImportPreview
        key={filter}
        headers={headers}
        rows={rows}
        problems={report.problems}
        changes={report.changes}
      />
    </Stack>
  );
}
