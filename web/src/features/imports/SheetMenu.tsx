/**
 * The spreadsheet menu of an admin list (companies, products): Import opens the import dialog,
 * Export downloads the file.
 */
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Button, ListItemIcon, Menu, MenuItem } from '@mui/material';
import type { QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../api/download.ts';
import { type SheetPath, sheetExportUrl, useImportSheet } from '../../api/imports.ts';
import { toastFailure } from '../../lib/toast.ts';
import { ImportDialog } from './ImportDialog.tsx';

export function SheetMenu({
  path,
  refresh,
  fileName,
  words,
}: {
  path: SheetPath;
  /** The lists an import changes. */
  refresh: QueryKey;
  fileName: string;
  /** "Import Companies", "Export Companies", "Companies uploaded", the export's failure. */
  words: { import: string; export: string; uploaded: string; exportFailed: string };
}) {
  const { t } = useTranslation('imports');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [importing, setImporting] = useState(false);
  const importSheet = useImportSheet(path, refresh);
  const exportSheet = () => {
    setAnchor(null);
    downloadFile(sheetExportUrl(path), fileName).catch((error: unknown) =>
      toastFailure(words.exportFailed, error),
    );
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<MoreVertIcon />}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t('menu')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setImporting(true);
          }}
        >
          <ListItemIcon>
            <UploadFileIcon fontSize="small" />
          </ListItemIcon>
          {words.import}
        </MenuItem>
        <MenuItem onClick={exportSheet}>
          <ListItemIcon>
            <FileDownloadOutlinedIcon fontSize="small" />
          </ListItemIcon>
          {words.export}
        </MenuItem>
      </Menu>
      <ImportDialog
        open={importing}
        title={words.import}
        onClose={() => setImporting(false)}
        run={(file, dryRun) => importSheet.mutateAsync({ file, dryRun })}
        busy={importSheet.isPending}
        done={words.uploaded}
      />
    </>
  );
}
