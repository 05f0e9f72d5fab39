/**
 * The configurable columns of the devices page (domain DEVICE_COLUMNS), as DataTable columns.
 * Text columns sort on the shown text; ids and dates on their values. The phone cards show the
 * picture, the name as title and a few lines. Headers and words are in the reader's language:
 * `useDeviceTableColumns` builds the columns again when the language changes.
 */
import { DEVICE_COLUMN_KEYS, type DeviceColumnKey } from '@asbuilt/domain';
import CheckIcon from '@mui/icons-material/Check';
import { Chip, Link, Stack } from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createDataTableColumns,
  type DataTableColumn,
  type DataTableColumnMeta,
} from '../../components/DataTable.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { formatDate } from '../../lib/dates.ts';
import { TagChip } from '../tags/TagChips.tsx';
import { columnText, type DeviceRow, type DevicesT, statusText } from './deviceRows.ts';
import { ProductPicture } from './ProductPicture.tsx';

const col = createDataTableColumns<DeviceRow>();

const WIDTHS: Partial<Record<DeviceColumnKey, DataTableColumnMeta>> = {
  image: { width: 64, grow: 0, card: 'media' },
  id: { width: 72, grow: 0, card: 'hidden' },
  // The default columns (DEFAULT_DEVICE_HEADERS) with the selection column fit a 1440 px screen.
  code: { width: 100 },
  name: { width: 150, grow: 2, card: 'title' },
  category: { width: 130, grow: 1 },
  brand: { width: 100 },
  model: { width: 130 },
  description: { width: 220, grow: 2 },
  sn: { width: 130 },
  floor: { width: 90 },
  location: { width: 120 },
  zone: { width: 110 },
  contractor: { width: 140 },
  supplier: { width: 140 },
  status: { width: 140 },
  mac: { width: 160 },
  note: { width: 200, grow: 2 },
  purchase_date: { width: 120, grow: 0 },
  warranty_expiration_date: { width: 140, grow: 0 },
  archived: { width: 100, grow: 0 },
  on_plan: { width: 90, grow: 0 },
  product_id: { width: 100, grow: 0 },
  created_at: { width: 110, grow: 0 },
  updated_at: { width: 110, grow: 0 },
  tags: { width: 180, grow: 1 },
};

const DATE_KEYS = new Set<DeviceColumnKey>([
  'purchase_date',
  'warranty_expiration_date',
  'created_at',
  'updated_at',
]);

function column(key: DeviceColumnKey, t: DevicesT): DataTableColumn<DeviceRow> {
  const label = t(`domain:column.${key}`);
  const meta = { label, ...WIDTHS[key] };
  switch (key) {
    case 'image':
      return col.display({
        id: key,
        header: label,
        enableSorting: false,
        meta,
        cell: ({ row }) => <ProductPicture src={row.original.device.product.image} />,
      });
    case 'id':
    case 'product_id':
      return col.accessor((row) => row.device[key], { id: key, header: label, sortFn: 'basic', meta });
    case 'status':
      return col.accessor((row) => (row.device.status ? statusText(t, row.device.status) : undefined), {
        id: key,
        header: label,
        sortFn: 'text',
        meta,
        cell: ({ row }) => (
          <StatusChip status={row.original.device.status} color={row.original.status?.color} />
        ),
      });
    case 'archived':
      return col.accessor((row) => (row.device.archived ? 1 : 0), {
        id: key,
        header: label,
        sortFn: 'basic',
        meta,
        cell: ({ row }) =>
          row.original.device.archived ? <Chip size="small" label={t('state.archived')} /> : null,
      });
    case 'on_plan':
      return col.accessor((row) => (row.device.on_plan ? 1 : 0), {
        id: key,
        header: label,
        sortFn: 'basic',
        meta,
        cell: ({ row }) =>
          row.original.device.on_plan ? (
            <CheckIcon fontSize="small" titleAccess={t('state.on_plan')} color="primary" />
          ) : null,
      });
    case 'tags':
      // Sorted by the tags' names as the cell lists them.
      return col.accessor((row) => columnText(key, row, t) || undefined, {
        id: key,
        header: label,
        sortFn: 'text',
        meta,
        cell: ({ row }) =>
          row.original.tags.length > 0 ? (
            <Stack direction="row" spacing={0.5} sx={{ overflow: 'hidden' }} data-testid="device-tags">
              {row.original.tags.map((tag) => (
                <TagChip key={tag.id} tag={tag} />
              ))}
            </Stack>
          ) : null,
      });
    case 'product_url':
      return col.accessor((row) => row.device.product.product_url ?? undefined, {
        id: key,
        header: label,
        sortFn: 'text',
        meta,
        cell: ({ getValue }) => {
          const url = getValue();
          return url ? (
            <Link
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              onClick={(event) => event.stopPropagation()}
            >
              {url}
            </Link>
          ) : null;
        },
      });
    default:
      if (DATE_KEYS.has(key)) {
        const field = key as 'purchase_date' | 'warranty_expiration_date' | 'created_at' | 'updated_at';
        return col.accessor((row) => row.device[field] ?? undefined, {
          id: key,
          header: label,
          sortFn: 'basic',
          meta,
          cell: ({ getValue }) => formatDate(getValue()),
        });
      }
      return col.accessor((row) => columnText(key, row, t) || undefined, {
        id: key,
        header: label,
        sortFn: 'text',
        meta,
      });
  }
}

/** Every device column, in the domain's order, worded by `t`. */
export function deviceTableColumns(t: DevicesT): DataTableColumn<DeviceRow>[] {
  return DEVICE_COLUMN_KEYS.map((key) => column(key, t));
}

/** The device columns in the reader's language; new columns (new headers) when it changes. */
export function useDeviceTableColumns(): DataTableColumn<DeviceRow>[] {
  const { t } = useTranslation(['devices', 'domain']);
  // `t` is a new function for each language.
  return useMemo(() => deviceTableColumns(t), [t]);
}

/** What a phone card shows, whatever the saved desktop columns (tags only on a tagged device). */
export const PHONE_DEVICE_COLUMNS: DeviceColumnKey[] = [
  'image',
  'name',
  'code',
  'status',
  'floor',
  'location',
  'tags',
];

/** The serial on a phone card: shown only when the search (lowercase) found it there. */
export function matchedSerialColumn(query: string, t: DevicesT): DataTableColumn<DeviceRow> {
  const label = t('domain:column.sn');
  return col.accessor(
    (row) => (query && row.device.sn?.toLowerCase().includes(query) ? row.device.sn : undefined),
    { id: 'sn', header: label, sortFn: 'text', meta: { label } },
  );
}
