/**
 * Export floors: the site's floors as a spreadsheet (sheet `floors`), for Contributors and above.
 * The file needs the bearer token, so it is fetched and handed to the browser (downloadFile).
 */
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { Button, type ButtonProps } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../api/download.ts';
import { floorsExportPath } from '../../api/spatial.ts';
import { toastFailure } from '../../lib/toast.ts';

export function ExportFloorsButton({
  siteId,
  siteName,
  ...props
}: { siteId: number; siteName: string } & Omit<ButtonProps, 'onClick'>) {
  const { t } = useTranslation('sites');
  const [busy, setBusy] = useState(false);
  const exportFloors = () => {
    setBusy(true);
    downloadFile(floorsExportPath(siteId), t('export.file_name', { name: siteName }))
      .catch((error: unknown) => toastFailure(t('export.failed'), error))
      .finally(() => setBusy(false));
  };
  return (
    <Button
      variant="outlined"
      startIcon={<FileDownloadOutlinedIcon />}
      loading={busy}
      loadingPosition="start"
      onClick={exportFloors}
      {...props}
    >
      {t('export.floors')}
    </Button>
  );
}
