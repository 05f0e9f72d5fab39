/**
 * Print labels for devices: the selection, a floor, a location or the whole site; the sheet or
 * roll format, the first free label of a used sheet, and what else each label shows. Downloads
 * the PDF the server makes (POST /api/site/devices/labels).
 */
import { LABEL_DEFAULT_FIELDS, LABEL_FIELDS, type LabelField, type LabelFormat } from '@asbuilt/domain';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../api/download.ts';
import { CheckboxChoices } from '../../components/CheckboxChoices.tsx';
import { formatNumber } from '../../lib/numbers.ts';
import { toastFailure } from '../../lib/toast.ts';
import { useSite } from '../sites/SiteContext.tsx';
import { LabelSheetFields } from './LabelSheetFields.tsx';
import { deviceLabelsBody, type LabelScope, rememberedFormat, rememberFormat } from './labelRequest.ts';

export function PrintLabelsDialog({
  open,
  selectedIds,
  onClose,
}: {
  open: boolean;
  selectedIds: readonly number[];
  onClose: () => void;
}) {
  const { t } = useTranslation(['labels', 'components']);
  const { site, siteId } = useSite();
  const titleId = useId();
  const [scope, setScope] = useState<LabelScope>(selectedIds.length > 0 ? 'selection' : 'site');
  const [floorId, setFloorId] = useState<number | null>(site.floors[0]?.id ?? null);
  const [locationId, setLocationId] = useState<number | null>(
    () => site.floors.flatMap((floor) => floor.locations)[0]?.id ?? null,
  );
  const [format, setFormat] = useState<LabelFormat>(rememberedFormat);
  const [startAt, setStartAt] = useState('1');
  const [fields, setFields] = useState<LabelField[]>([...LABEL_DEFAULT_FIELDS]);
  const [busy, setBusy] = useState(false);
  const locations = useMemo(
    () =>
      site.floors.flatMap((floor) =>
        floor.locations.map((location) => ({ id: location.id, name: `${floor.name} · ${location.name}` })),
      ),
    [site.floors],
  );
  const shownScope = scope === 'selection' && selectedIds.length === 0 ? 'site' : scope;
  const body = deviceLabelsBody(siteId, {
    scope: shownScope,
    selectedIds,
    floorId,
    locationId,
    format,
    startAt,
    fields: LABEL_FIELDS.filter((field) => fields.includes(field)),
  });

  const run = () => {
    if (!body) return;
    setBusy(true);
    rememberFormat(format);
    downloadFile('/api/site/devices/labels', t('file_name', { name: site.name }), body)
      .then(onClose)
      .catch((error: unknown) => toastFailure(t('failed'), error))
      .finally(() => setBusy(false));
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('devices.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5}>
          <Typography color="text.secondary">{t('devices.intro')}</Typography>
          <FormControl>
            <FormLabel id={`${titleId}-which`}>{t('devices.which')}</FormLabel>
            <RadioGroup
              aria-labelledby={`${titleId}-which`}
              value={shownScope}
              onChange={(event) => setScope(event.target.value as LabelScope)}
            >
              {selectedIds.length > 0 ? (
                <FormControlLabel
                  value="selection"
                  control={<Radio />}
                  label={t('devices.selection', {
                    count: selectedIds.length,
                    amount: formatNumber(selectedIds.length),
                  })}
                />
              ) : null}
              {site.floors.length > 0 ? (
                <FormControlLabel value="floor" control={<Radio />} label={t('devices.floor')} />
              ) : null}
              {locations.length > 0 ? (
                <FormControlLabel value="location" control={<Radio />} label={t('devices.location')} />
              ) : null}
              <FormControlLabel value="site" control={<Radio />} label={t('devices.site')} />
            </RadioGroup>
          </FormControl>
          {shownScope === 'floor' ? (
            <TextField
              select
              label={t('devices.pick_floor')}
              value={floorId ?? ''}
              onChange={(event) => setFloorId(Number(event.target.value))}
              helperText={t('devices.archived_left_out')}
            >
              {site.floors.map((floor) => (
                <MenuItem key={floor.id} value={floor.id}>
                  {floor.name}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
          {shownScope === 'location' ? (
            <TextField
              select
              label={t('devices.pick_location')}
              value={locationId ?? ''}
              onChange={(event) => setLocationId(Number(event.target.value))}
              helperText={t('devices.archived_left_out')}
            >
              {locations.map((location) => (
                <MenuItem key={location.id} value={location.id}>
                  {location.name}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
          {shownScope === 'site' ? (
            <Typography variant="body2" color="text.secondary">
              {t('devices.archived_left_out')}
            </Typography>
          ) : null}
          <LabelSheetFields format={format} startAt={startAt} onFormat={setFormat} onStartAt={setStartAt} />
          <FormControl component="fieldset">
            <FormLabel component="legend">{t('devices.fields')}</FormLabel>
            <CheckboxChoices
              options={LABEL_FIELDS}
              value={fields}
              onChange={setFields}
              labelOf={(field) => t(`field.${field}`)}
            />
          </FormControl>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose}>{t('components:action.cancel')}</Button>
        <Button variant="contained" onClick={run} loading={busy} disabled={!body}>
          {t('download')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
