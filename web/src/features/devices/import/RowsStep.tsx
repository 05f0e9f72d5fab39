/**
 * Step 2 of the device import: what the server's dry run found, and the rows 5 to a page with
 * each problem on its cell; "only rows with problems" pages through those alone.
 */
import type { ImportReport, SheetContent } from '@asbuilt/domain';
import { Alert, FormControlLabel, Stack, Switch } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImportPreview } from '../../imports/ImportPreview.tsx';
import type { ColumnMapping } from './ColumnsStep.tsx';

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
  const [onlyProblems, setOnlyProblems] = useState(report.problems.length > 0);
  const headers = content.headers.filter((header) => mapping[header]);
  const rows = useMemo(() => {
    if (!onlyProblems) return content.rows;
    const wrong = new Set(report.problems.map((p) => Number(p.params?.row)));
    return content.rows.filter((row) => wrong.has(row.row));
  }, [content, report, onlyProblems]);

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
            <Switch checked={onlyProblems} onChange={(event) => setOnlyProblems(event.target.checked)} />
          }
          label={t('import.only_problems')}
        />
      ) : null}
      {/* A new filter starts at its first page. */}
      <ImportPreview key={String(onlyProblems)} headers={headers} rows={rows} problems={report.problems} />
    </Stack>
  );
}
