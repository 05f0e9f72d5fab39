/**
 * Export devices to `<site> devices.xlsx`: the standard columns always, the optional ones ticked
 * here; the devices are those the page shows (its filter and search) or the selection.
 */
import { type DeviceExportColumn, isDeviceColumnKey, OPTIONAL_DEVICE_EXPORT_COLUMNS } from '@asbuilt/domain';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../api/download.ts';
import { CheckboxChoices } from '../../components/CheckboxChoices.tsx';
import { formatNumber } from '../../lib/numbers.ts';
import { toastFailure } from '../../lib/toast.ts';
import { useSite } from '../sites/SiteContext.tsx';

/** The optional columns without a device column label of their own (the relation ids, the image). */
const OWN_LABELS = {
  image_url: 'export.column.image_url',
  floor_id: 'export.column.floor_id',
  location_id: 'export.column.location_id',
  zone_id: 'export.column.zone_id',
  layer_id: 'export.column.layer_id',
  supplier_id: 'export.column.supplier_id',
  contractor_id: 'export.column.contractor_id',
} as const;

export function ExportDevicesDialog({
  open,
  ids,
  onClose,
}: {
  open: boolean;
  /** The devices to export. */
  ids: number[];
  onClose: () => void;
}) {
  const { t } = useTranslation(['devices', 'domain', 'components']);
  const { site, siteId } = useSite();
  const titleId = useId();
  const [columns, setColumns] = useState<DeviceExportColumn[]>([]);
  const [busy, setBusy] = useState(false);
  const label = (key: DeviceExportColumn) =>
    key in OWN_LABELS
      ? t(OWN_LABELS[key as keyof typeof OWN_LABELS])
      : isDeviceColumnKey(key)
        ? t(`domain:column.${key}`)
        : key;
  const run = () => {
    setBusy(true);
    downloadFile('/api/site/devices/export', t('export.file_name', { name: site.name }), {
      site_id: siteId,
      ids,
      columns,
    })
      .then(onClose)
      .catch((error: unknown) => toastFailure(t('export.failed'), error))
      .finally(() => setBusy(false));
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>
        {t('export.title', { count: ids.length, amount: formatNumber(ids.length) })}
      </DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {t('export.standard')}
        </Typography>
        <CheckboxChoices
          aria-label={t('export.optional')}
          options={OPTIONAL_DEVICE_EXPORT_COLUMNS}
          value={columns}
          onChange={setColumns}
          labelOf={label}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose}>{t('components:action.cancel')}</Button>
        <Button variant="contained" onClick={run} loading={busy} disabled={ids.length === 0}>
          {t('export.download')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
