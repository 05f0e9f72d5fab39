/**
 * Edit Selected Devices (max width 900): floor, then that floor's locations and zones; layer;
 * status; supplier among the Supplier companies; contractor among the site's contractors; dates;
 * note; archived. Only the fields filled in are sent, in one PUT /api/site/devices/bulk: every
 * device changes, or none.
 */
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  MenuItem,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBulkUpdateDevices } from '../../api/devices.ts';
import { useSiteCompanies } from '../../api/sites.ts';
import { DateField } from '../../components/DateField.tsx';
import { useStatusLabel } from '../../components/StatusChip.tsx';
import { formatNumber } from '../../lib/numbers.ts';
import { toastFailure, toastSuccess } from '../../lib/toast.ts';
import { useSite } from '../sites/SiteContext.tsx';
import { type BulkTagChange, BulkTagFields, bulkTagChanges, NO_TAG_CHANGE } from '../tags/BulkTagFields.tsx';
import { bulkChanges, BULK_EMPTY as EMPTY, type BulkField as Field } from './bulkChanges.ts';

type Choice = { value: string; label: string };

export function EditSelectedDevicesDialog({
  open,
  selectedIds,
  onClose,
  onDone,
}: {
  open: boolean;
  selectedIds: number[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation(['devices', 'domain', 'components']);
  const statusLabel = useStatusLabel();
  const { site, siteId } = useSite();
  const companies = useSiteCompanies(siteId, open);
  const bulk = useBulkUpdateDevices(siteId);
  const titleId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [values, setValues] = useState(EMPTY);
  const [tagChange, setTagChange] = useState<BulkTagChange>(NO_TAG_CHANGE);
  const set = (field: Field) => (value: string) =>
    setValues((current) =>
      field === 'floor_id'
        ? { ...current, floor_id: value, location_id: '', zone_id: '' }
        : { ...current, [field]: value },
    );

  const floor = site.floors.find((f) => String(f.id) === values.floor_id);
  const choices = useMemo(() => {
    const list = companies.data ?? [];
    const byName = (a: Choice, b: Choice) => a.label.localeCompare(b.label);
    return {
      floors: site.floors.map((f) => ({ value: String(f.id), label: f.name })),
      locations: (floor?.locations ?? []).map((l) => ({ value: String(l.id), label: l.name })),
      zones: site.zones
        .filter((z) => z.floor_id === null || z.floor_id === floor?.id)
        .map((z) => ({ value: String(z.id), label: z.name })),
      layers: site.layers.map((l) => ({ value: String(l.id), label: l.name })),
      statuses: site.device_statuses.map((s) => ({ value: s.name, label: statusLabel(s.name) })),
      suppliers: list
        .filter((c) => c.supplier)
        .map((c) => ({ value: String(c.id), label: c.name }))
        .sort(byName),
      contractors: list
        .filter((c) => site.contractors.includes(c.id))
        .map((c) => ({ value: String(c.id), label: c.name }))
        .sort(byName),
    };
  }, [site, floor, companies.data, statusLabel]);

  const close = () => {
    setValues(EMPTY);
    setTagChange(NO_TAG_CHANGE);
    onClose();
  };
  const changes = { ...bulkChanges(values), ...bulkTagChanges(tagChange) };
  const save = () =>
    bulk.mutate(
      { ids: selectedIds, changes },
      {
        onSuccess: () => {
          toastSuccess(t('bulk.updated'));
          onDone();
          close();
        },
        onError: (error) => toastFailure(t('bulk.failed'), error),
      },
    );

  const select = (field: Field, label: string, options: Choice[], disabled = false, helper?: string) => (
    <Grid size={{ xs: 12, sm: 6 }}>
      <TextField
        select
        fullWidth
        label={label}
        value={values[field]}
        onChange={(event) => set(field)(event.target.value)}
        disabled={disabled}
        helperText={helper ?? ' '}
      >
        <MenuItem value="">
          <em>{t('bulk.unchanged')}</em>
        </MenuItem>
        {options.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
    </Grid>
  );
  const date = (field: 'purchase_date' | 'warranty_expiration_date') => (
    <Grid size={{ xs: 12, sm: 6 }}>
      <DateField
        fullWidth
        label={t(`domain:column.${field}`)}
        value={values[field]}
        onChange={set(field)}
        helperText=" "
      />
    </Grid>
  );
  const noFloor = !floor;

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
      fullScreen={phone}
      sx={{ '& .MuiDialog-paper': { maxWidth: 900 } }}
    >
      <DialogTitle id={titleId}>
        {t('bulk.edit_title', { count: selectedIds.length, amount: formatNumber(selectedIds.length) })}
      </DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('bulk.only_filled')}
        </Typography>
        <Grid container columnSpacing={2}>
          {select('floor_id', t('domain:column.floor'), choices.floors)}
          {select('layer_id', t('domain:column.layer'), choices.layers)}
          {select(
            'location_id',
            t('domain:column.location'),
            choices.locations,
            noFloor,
            noFloor ? t('bulk.floor_first') : undefined,
          )}
          {select(
            'zone_id',
            t('domain:column.zone'),
            choices.zones,
            noFloor,
            noFloor ? t('bulk.floor_first') : undefined,
          )}
          {select('status', t('domain:column.status'), choices.statuses)}
          {select('archived', t('domain:column.archived'), [
            { value: 'true', label: t('bulk.archived_yes') },
            { value: 'false', label: t('bulk.archived_no') },
          ])}
          {select('supplier_id', t('domain:column.supplier'), choices.suppliers)}
          {select('contractor_id', t('domain:column.contractor'), choices.contractors)}
          {date('purchase_date')}
          {date('warranty_expiration_date')}
          <BulkTagFields siteId={siteId} value={tagChange} onChange={setTagChange} />
          <Grid size={12}>
            <TextField
              fullWidth
              multiline
              minRows={2}
              label={t('domain:column.note')}
              value={values.note}
              onChange={(event) => set('note')(event.target.value)}
            />
          </Grid>
        </Grid>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={close}>{t('components:action.cancel')}</Button>
        <Button
          variant="contained"
          onClick={save}
          loading={bulk.isPending}
          disabled={Object.keys(changes).length === 0 || selectedIds.length === 0}
        >
          {t('components:action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
