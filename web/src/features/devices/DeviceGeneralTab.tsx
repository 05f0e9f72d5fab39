/**
 * The device card's General tab: every property with an inline editor (Contributor and above).
 * Each save sends the device id plus that one property; properties without a value are hidden
 * until "Show more properties". Dates show as DD/MM/YYYY.
 */
import type { DeviceField } from '@asbuilt/domain';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DeviceChangeValue, useUpdateDevice } from '../../api/devices.ts';
import { InlineEdit, type InlineEditOption } from '../../components/InlineEdit.tsx';
import { formatDate } from '../../lib/dates.ts';
import { toastSuccess } from '../../lib/toast.ts';
import { DeviceCustomFields } from '../customFields/DeviceCustomFields.tsx';
import { useSite } from '../sites/SiteContext.tsx';
import type { DeviceRow, SiteLookups } from './deviceRows.ts';

interface Property {
  field: DeviceField;
  label: string;
  value: string | null;
  type?: 'text' | 'date' | 'select' | 'multiline';
  options?: InlineEditOption[];
  /** Ids travel as numbers. */
  numeric?: boolean;
}

const byLabel = (a: InlineEditOption, b: InlineEditOption) => a.label.localeCompare(b.label);
const idText = (id: number | null) => (id === null ? null : String(id));

export function DeviceGeneralTab({
  row,
  lookups,
  canEdit,
}: {
  row: DeviceRow;
  lookups: SiteLookups;
  canEdit: boolean;
}) {
  const { t } = useTranslation(['devices', 'domain']);
  const { site, siteId } = useSite();
  const update = useUpdateDevice(siteId);
  const [showAll, setShowAll] = useState(false);
  const { device } = row;

  const floorLocations = (floorId: number | null) =>
    site.floors.flatMap((floor) =>
      floorId === null || floor.id === floorId
        ? floor.locations.map((l) => ({
            value: String(l.id),
            label: floorId === null ? `${floor.name} / ${l.name}` : l.name,
          }))
        : [],
    );
  const zones = site.zones
    .filter((zone) => device.floor_id === null || zone.floor_id === null || zone.floor_id === device.floor_id)
    .map((zone) => ({ value: String(zone.id), label: zone.name }));
  const suppliers = [...lookups.companies.values()]
    .filter((company) => company.supplier)
    .map((company) => ({ value: String(company.id), label: company.name }))
    .sort(byLabel);
  const contractors = site.contractors.flatMap((id) => {
    const company = lookups.companies.get(id);
    return company ? [{ value: String(id), label: company.name }] : [];
  });

  const properties: Property[] = [
    {
      field: 'floor_id',
      label: t('domain:column.floor'),
      value: idText(device.floor_id),
      type: 'select',
      numeric: true,
      options: site.floors.map((floor) => ({ value: String(floor.id), label: floor.name })),
    },
    {
      field: 'location_id',
      label: t('domain:column.location'),
      value: idText(device.location_id),
      type: 'select',
      numeric: true,
      options: floorLocations(device.floor_id),
    },
    {
      field: 'zone_id',
      label: t('domain:column.zone'),
      value: idText(device.zone_id),
      type: 'select',
      numeric: true,
      options: zones,
    },
    {
      field: 'layer_id',
      label: t('domain:column.layer'),
      value: idText(device.layer_id),
      type: 'select',
      numeric: true,
      options: site.layers.map((layer) => ({ value: String(layer.id), label: layer.name })),
    },
    {
      field: 'supplier_id',
      label: t('domain:column.supplier'),
      value: idText(device.supplier_id),
      type: 'select',
      numeric: true,
      options: suppliers,
    },
    {
      field: 'contractor_id',
      label: t('domain:column.contractor'),
      value: idText(device.contractor_id),
      type: 'select',
      numeric: true,
      options: contractors,
    },
    { field: 'sn', label: t('domain:column.sn'), value: device.sn },
    { field: 'mac', label: t('general.mac'), value: device.mac },
    { field: 'ip', label: t('general.ip'), value: device.ip },
    { field: 'patch', label: t('domain:column.patch'), value: device.patch },
    { field: 'port', label: t('domain:column.port'), value: device.port },
    {
      field: 'purchase_date',
      label: t('domain:column.purchase_date'),
      value: device.purchase_date,
      type: 'date',
    },
    {
      field: 'warranty_expiration_date',
      label: t('domain:column.warranty_expiration_date'),
      value: device.warranty_expiration_date,
      type: 'date',
    },
    { field: 'note', label: t('domain:column.note'), value: device.note, type: 'multiline' },
  ];

  // A select whose current id is missing from the options (e.g. a company that lost its role)
  // still shows a name.
  const nameOf = (property: Property): string | undefined => {
    if (property.value === null || property.type !== 'select') return undefined;
    const option = property.options?.find((o) => o.value === property.value);
    if (option) return option.label;
    const id = Number(property.value);
    switch (property.field) {
      case 'floor_id':
        return row.floor?.name ?? t('general.unknown.floor', { id });
      case 'location_id':
        return row.location?.name ?? t('general.unknown.location', { id });
      case 'zone_id':
        return row.zone?.name ?? t('general.unknown.zone', { id });
      case 'supplier_id':
        return row.supplier?.name ?? t('general.unknown.company', { id });
      case 'contractor_id':
        return row.contractor?.name ?? t('general.unknown.company', { id });
      default:
        return undefined;
    }
  };

  const save = (property: Property) => async (text: string) => {
    let value: DeviceChangeValue = text === '' ? null : text;
    if (property.numeric && value !== null) value = Number(value);
    await update.mutateAsync({
      id: device.id,
      changes: { [property.field]: value },
      updated_at: device.updated_at,
    });
    toastSuccess(t('card.updated'));
  };

  const filled = properties.filter((p) => p.value !== null && p.value !== '');
  const hidden = properties.length - filled.length;
  const shown = showAll ? properties : filled;

  return (
    <Box>
      {shown.length === 0 ? (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('general.empty')}
        </Typography>
      ) : (
        <Box
          component="dl"
          aria-label={t('general.label')}
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '160px minmax(0, 1fr)' },
            columnGap: 2,
            rowGap: { xs: 0.25, sm: 1 },
            alignItems: 'center',
            m: 0,
          }}
        >
          {shown.map((property) => {
            const name = nameOf(property);
            const display =
              property.type === 'date' && property.value
                ? formatDate(property.value)
                : name !== undefined
                  ? name
                  : undefined;
            return (
              <Box key={property.field} sx={{ display: 'contents' }}>
                <Typography
                  component="dt"
                  variant="body2"
                  color="text.secondary"
                  sx={{ pt: { xs: 1, sm: 0 } }}
                >
                  {property.label}
                </Typography>
                <Box
                  component="dd"
                  sx={{ m: 0, minWidth: 0, minHeight: 32, display: 'flex', alignItems: 'center' }}
                >
                  <InlineEdit
                    label={property.label}
                    value={property.value}
                    display={display}
                    type={property.type}
                    options={property.options}
                    disabled={!canEdit}
                    onSave={save(property)}
                    variant="body2"
                  />
                </Box>
              </Box>
            );
          })}
        </Box>
      )}
      {hidden > 0 ? (
        <Button
          size="small"
          onClick={() => setShowAll((v) => !v)}
          startIcon={showAll ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          sx={{ mt: 2 }}
        >
          {showAll ? t('general.show_less') : t('general.show_more')}
        </Button>
      ) : null}
      <DeviceCustomFields row={row} canEdit={canEdit} />
    </Box>
  );
}
