/**
 * Import a spreadsheet: choose the .xlsx, see what it would do (a dry run on the server: new,
 * changed and unchanged rows, ignored columns), the rows 5 to a page with each problem on its
 * cell, then Upload, which writes every row or none.
 */
import type { ImportReport } from '@asbuilt/domain';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastFailure, toastSuccess } from '../../lib/toast.ts';
import { ImportPreview } from './ImportPreview.tsx';
import { SpreadsheetChooser, XLSX_ACCEPT } from './SpreadsheetChooser.tsx';

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
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const headers = useMemo(
    () => [...new Set((report?.rows ?? []).flatMap((row) => Object.keys(row.values)))],
    [report],
  );

  const reset = () => {
    setFile(null);
    setReport(null);
  };
  const close = () => {
    reset();
    onClose();
  };
  const choose = (chosen: File) => {
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
  const problems = report?.problems ?? [];

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="md" fullWidth fullScreen={phone}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <SpreadsheetChooser
            accept={XLSX_ACCEPT}
            chosen={file?.name ?? null}
            words={{ choose: t('choose'), chooseAgain: t('choose_again'), hint: t('hint') }}
            loading={busy && !report}
            onChoose={choose}
          />
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
              <ImportPreview
                headers={headers}
                rows={report.rows}
                problems={problems}
                changes={report.changes}
              />
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
