/**
 * Labels for the selected cables: two wrap-around labels a cable, one for each end (POST
 * /api/site/connections/labels), on the format chosen.
 */
import type { LabelFormat } from '@asbuilt/domain';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../api/download.ts';
import { formatNumber } from '../../lib/numbers.ts';
import { toastFailure } from '../../lib/toast.ts';
import { useSite } from '../sites/SiteContext.tsx';
import { LabelSheetFields } from './LabelSheetFields.tsx';
import { rememberedFormat, rememberFormat, startAtOf } from './labelRequest.ts';

export function CableLabelsDialog({
  open,
  ids,
  onClose,
}: {
  open: boolean;
  ids: readonly number[];
  onClose: () => void;
}) {
  const { t } = useTranslation(['labels', 'components']);
  const { site, siteId } = useSite();
  const titleId = useId();
  const [format, setFormat] = useState<LabelFormat>(rememberedFormat);
  const [startAt, setStartAt] = useState('1');
  const [busy, setBusy] = useState(false);
  const start = startAtOf(format, startAt);

  const run = () => {
    if (start === null) return;
    setBusy(true);
    rememberFormat(format);
    downloadFile('/api/site/connections/labels', t('file_name', { name: site.name }), {
      site_id: siteId,
      ids: [...ids],
      format,
      start_at: start,
    })
      .then(onClose)
      .catch((error: unknown) => toastFailure(t('failed'), error))
      .finally(() => setBusy(false));
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>
        {t('cables.title', { count: ids.length, amount: formatNumber(ids.length) })}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2.5}>
          <Typography color="text.secondary">{t('cables.intro')}</Typography>
          <LabelSheetFields format={format} startAt={startAt} onFormat={setFormat} onStartAt={setStartAt} />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose}>{t('components:action.cancel')}</Button>
        <Button
          variant="contained"
          onClick={run}
          loading={busy}
          disabled={start === null || ids.length === 0}
        >
          {t('download')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
