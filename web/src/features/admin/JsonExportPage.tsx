/**
 * /admin/json: choose one of the 20 export models, Get Json ("Select a Model first" without one),
 * then the count, the pretty-printed JSON (the first rows on screen; the download holds them all).
 */
import { ADMIN_EXPORT_MODELS, type AdminExportModel } from '@asbuilt/domain';
import DataObjectIcon from '@mui/icons-material/DataObject';
import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type JsonExport, useExportJson } from '../../api/admin.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { usePageTitle } from '../../layout/PageTitle.tsx';
import { formatNumber } from '../../lib/numbers.ts';
import { toastNotice } from '../../lib/toast.ts';

/** Rows shown on screen; a big table is downloaded whole. */
const SHOWN_ROWS = 200;

function download(result: JsonExport) {
  const blob = new Blob([JSON.stringify(result.items, null, 2)], { type: 'application/json' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = `${result.table}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

export function JsonExportPage() {
  const { t } = useTranslation(['admin', 'domain']);
  usePageTitle(t('json.title'));
  const [model, setModel] = useState<AdminExportModel | ''>('');
  const exportJson = useExportJson();
  const [result, setResult] = useState<JsonExport | null>(null);

  const getJson = () => {
    if (!model) {
      toastNotice(t('domain:error.select_model_first'));
      return;
    }
    exportJson.mutate(model, { onSuccess: setResult, onError: () => setResult(null) });
  };
  const pretty = useMemo(
    () => (result ? JSON.stringify(result.items.slice(0, SHOWN_ROWS), null, 2) : ''),
    [result],
  );

  return (
    <>
      <PageHeader title={t('json.title')} subtitle={t('json.subtitle')} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, mb: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            select
            size="small"
            label={t('json.model')}
            value={model}
            onChange={(event) => setModel(event.target.value as AdminExportModel)}
            sx={{ width: { xs: '100%', sm: 280 } }}
          >
            {ADMIN_EXPORT_MODELS.map((name) => (
              <MenuItem key={name} value={name}>
                {name}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="contained"
            startIcon={<DataObjectIcon />}
            loading={exportJson.isPending}
            onClick={getJson}
          >
            {t('json.get')}
          </Button>
          <Box sx={{ flex: 1 }} />
          {result ? (
            <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => download(result)}>
              {t('json.download', { name: `${result.table}.json` })}
            </Button>
          ) : null}
        </Stack>
      </Paper>
      {result ? (
        <Paper
          variant="outlined"
          component="section"
          aria-labelledby="json-result"
          sx={{ p: { xs: 2, sm: 2.5 } }}
        >
          <Typography id="json-result" variant="h6" component="h2">
            {t('json.count', {
              count: result.count,
              table: result.table,
              number: formatNumber(result.count),
            })}
          </Typography>
          {result.count > SHOWN_ROWS ? (
            <Alert severity="info" sx={{ my: 1.5 }}>
              {t('json.truncated', { shown: formatNumber(SHOWN_ROWS), count: result.count })}
            </Alert>
          ) : null}
          <Box
            component="pre"
            aria-label={t('json.result')}
            tabIndex={0}
            sx={{
              m: 0,
              mt: 1.5,
              p: 1.5,
              maxHeight: '60vh',
              overflow: 'auto',
              bgcolor: 'action.hover',
              borderRadius: 1,
              fontSize: '0.8125rem',
              fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
              whiteSpace: 'pre',
            }}
          >
            {pretty}
          </Box>
        </Paper>
      ) : null}
    </>
  );
}
