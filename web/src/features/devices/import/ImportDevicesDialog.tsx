/**
 * Import devices from a spreadsheet (Full Access): choose an .xlsx or .csv, then three steps.
 * Columns maps the file's columns to fields; Rows shows the server's dry run, every problem on
 * its cell and each changed cell old → new; Validate and Upload sends the rows, with a progress
 * bar, and the server writes them all in one transaction or none (then that step is ticked too).
 */
import type { ImportReport, SheetContent } from '@asbuilt/domain';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  Step,
  StepLabel,
  Stepper,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldsFor } from '../../../api/customFields.ts';
import { readDeviceSheet, useImportDevices } from '../../../api/deviceImport.ts';
import { visuallyHidden } from '../../../components/visuallyHidden.ts';
import { formatNumber } from '../../../lib/numbers.ts';
import { toastFailure, toastSuccess } from '../../../lib/toast.ts';
import { autoMapImportColumns, importPayload } from '../../customFields/importColumns.ts';
import { SpreadsheetChooser, XLSX_ACCEPT } from '../../imports/SpreadsheetChooser.tsx';
import { useSite } from '../../sites/SiteContext.tsx';
import { type ColumnMapping, ColumnsStep } from './ColumnsStep.tsx';
import { RowsStep } from './RowsStep.tsx';

const STEPS = ['import.step_columns', 'import.step_rows', 'import.step_upload'] as const;

export function ImportDevicesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['devices', 'imports']);
  const { siteId } = useSite();
  const customFields = useFieldsFor('devices', siteId);
  const titleId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const importDevices = useImportDevices(siteId);

  const [file, setFile] = useState<File | null>(null);
  const [reading, setReading] = useState(false);
  const [content, setContent] = useState<SheetContent | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping>({});
  const [step, setStep] = useState(0);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<ImportReport | null>(null);

  const reset = () => {
    setFile(null);
    setContent(null);
    setMapping({});
    setStep(0);
    setReport(null);
    setProgress(null);
    setResult(null);
  };
  const close = () => {
    if (progress !== null && !result) return;
    reset();
    onClose();
  };

  const choose = (chosen: File) => {
    reset();
    setFile(chosen);
    setReading(true);
    readDeviceSheet(siteId, chosen)
      .then((read) => {
        setContent(read);
        setMapping(autoMapImportColumns(read.headers, customFields));
      })
      .catch((error: unknown) => {
        setFile(null);
        toastFailure(t('import.read_failed'), error);
      })
      .finally(() => setReading(false));
  };

  const payload = (dryRun: boolean) => ({
    ...importPayload(content!, mapping, customFields),
    dry_run: dryRun,
  });
  const check = () => {
    importDevices
      .mutateAsync({ payload: payload(true) })
      .then((answer) => {
        setReport(answer);
        setStep(1);
      })
      .catch((error: unknown) => toastFailure(t('import.check_failed'), error));
  };
  const upload = () => {
    setProgress(0);
    importDevices
      .mutateAsync({ payload: payload(false), onProgress: setProgress })
      .then((answer) => {
        setProgress(1);
        setResult(answer);
        toastSuccess(t('import.uploaded'));
      })
      .catch((error: unknown) => {
        setProgress(null);
        toastFailure(t('import.upload_failed'), error);
      });
  };

  const mapped = Object.values(mapping).some(Boolean);
  const writes = report ? report.created + report.updated : 0;
  const clean = report !== null && report.problems.length === 0;

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="lg" fullWidth fullScreen={phone}>
      <DialogTitle id={titleId}>{t('import.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5}>
          <SpreadsheetChooser
            accept={`.csv,text/csv,${XLSX_ACCEPT}`}
            chosen={
              file === null
                ? null
                : content
                  ? t('import.file_rows', {
                      name: file.name,
                      count: content.rows.length,
                      amount: formatNumber(content.rows.length),
                    })
                  : file.name
            }
            words={{
              choose: t('import.choose'),
              chooseAgain: t('import.choose_again'),
              hint: t('import.hint'),
            }}
            loading={reading}
            disabled={progress !== null}
            onChoose={choose}
          />
          {content ? (
            <>
              <Stepper activeStep={step} alternativeLabel={phone}>
                {STEPS.map((key, index) => {
                  // The last step is done once the upload has written the rows.
                  const done = index < step || result !== null;
                  return (
                    <Step key={key} completed={done}>
                      <StepLabel>
                        {t(key)}
                        {done ? (
                          <Box component="span" sx={visuallyHidden}>
                            {t('imports:step_done')}
                          </Box>
                        ) : null}
                      </StepLabel>
                    </Step>
                  );
                })}
              </Stepper>
              {step === 0 ? (
                <ColumnsStep
                  content={content}
                  mapping={mapping}
                  customFields={customFields}
                  onChange={setMapping}
                />
              ) : null}
              {step === 1 && report ? <RowsStep content={content} mapping={mapping} report={report} /> : null}
              {step === 2 && report ? (
                <Stack spacing={2}>
                  <Alert severity={result ? 'success' : 'info'}>
                    {result
                      ? t('import.done', { created: result.created, updated: result.updated })
                      : t('import.about_to', { created: report.created, updated: report.updated })}
                  </Alert>
                  {progress !== null ? (
                    <Box>
                      <LinearProgress
                        variant={progress < 1 || result ? 'determinate' : 'indeterminate'}
                        value={result ? 100 : Math.round(progress * 100)}
                        aria-label={t('import.progress')}
                      />
                      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                        {result
                          ? t('import.uploaded')
                          : progress < 1
                            ? t('import.sending')
                            : t('import.writing')}
                      </Typography>
                    </Box>
                  ) : null}
                </Stack>
              ) : null}
            </>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        {result ? (
          <Button variant="contained" onClick={close}>
            {t('import.close')}
          </Button>
        ) : (
          <>
            <Button onClick={close} disabled={progress !== null}>
              {t('import.cancel')}
            </Button>
            {content && step > 0 ? (
              <Button onClick={() => setStep(step - 1)} disabled={progress !== null}>
                {t('import.back')}
              </Button>
            ) : null}
            {content && step === 0 ? (
              <Button
                variant="contained"
                onClick={check}
                disabled={!mapped}
                loading={importDevices.isPending}
              >
                {t('import.next')}
              </Button>
            ) : null}
            {step === 1 ? (
              <Button variant="contained" onClick={() => setStep(2)} disabled={!clean || writes === 0}>
                {t('import.next')}
              </Button>
            ) : null}
            {step === 2 ? (
              <Button variant="contained" onClick={upload} loading={progress !== null}>
                {t('import.upload')}
              </Button>
            ) : null}
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
