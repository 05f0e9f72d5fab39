/** The admin companies page's spreadsheet menu: Import Companies and Export Companies (Companies.xlsx). */
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Button, ListItemIcon, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMPANIES_EXPORT_PATH, useImportCompanies } from '../../api/companies.ts';
import { downloadFile } from '../../api/download.ts';
import { toastFailure } from '../../lib/toast.ts';
import { ImportDialog } from '../imports/ImportDialog.tsx';

export function CompaniesSheetMenu() {
  const { t } = useTranslation('companies');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [importing, setImporting] = useState(false);
  const importCompanies = useImportCompanies();
  const exportCompanies = () => {
    setAnchor(null);
    downloadFile(COMPANIES_EXPORT_PATH, 'Companies.xlsx').catch((error: unknown) =>
      toastFailure(t('sheet.export_failed'), error),
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
        {t('sheet.menu')}
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
          {t('sheet.import')}
        </MenuItem>
        <MenuItem onClick={exportCompanies}>
          <ListItemIcon>
            <FileDownloadOutlinedIcon fontSize="small" />
          </ListItemIcon>
          {t('sheet.export')}
        </MenuItem>
      </Menu>
      <ImportDialog
        open={importing}
        title={t('sheet.import')}
        onClose={() => setImporting(false)}
        run={(file, dryRun) => importCompanies.mutateAsync({ file, dryRun })}
        busy={importCompanies.isPending}
        done={t('sheet.uploaded')}
      />
    </>
  );
}
