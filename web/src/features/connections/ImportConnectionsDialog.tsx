/**
 * Import a cable schedule (.xlsx, as the export writes it) through the shared import dialog: the
 * server reads the file, its columns are found by header, a dry run shows each row new, changed
 * or unchanged with every problem on its cell, and Upload writes every row or none.
 */
import type { ImportReport } from '@asbuilt/domain';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { readConnectionSheet, useImportConnections } from '../../api/connections.ts';
import { renameColumns } from '../imports/changes.ts';
import { ImportDialog } from '../imports/ImportDialog.tsx';
import { useSite } from '../sites/SiteContext.tsx';
import { type ConnectionSheetRows, connectionSheetRows } from './connectionSheet.ts';

export function ImportConnectionsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('connections');
  const { siteId } = useSite();
  const importRows = useImportConnections(siteId);
  // The file is read once, at its dry run; Upload sends the same rows.
  const read = useRef<{ file: File; sheet: ConnectionSheetRows } | null>(null);

  const run = async (file: File, dryRun: boolean): Promise<ImportReport> => {
    if (read.current?.file !== file) {
      read.current = { file, sheet: connectionSheetRows(await readConnectionSheet(siteId, file)) };
    }
    const { sheet } = read.current;
    const report = await importRows.mutateAsync({ rows: sheet.rows, dry_run: dryRun });
    // The server answers no rows: the preview shows the file's, under its own headers, which
    // its problems and old values are renamed to.
    return {
      ...renameColumns(report, sheet.fileHeader),
      ignored: [...report.ignored, ...sheet.ignored],
      rows: sheet.preview,
    };
  };

  return (
    <ImportDialog
      open={open}
      title={t('import.title')}
      onClose={() => {
        read.current = null;
        onClose();
      }}
      run={run}
      busy={importRows.isPending}
      done={t('import.done')}
    />
  );
}
