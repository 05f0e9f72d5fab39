/**
 * The cable schedule's columns. Ends show the device's code and name (a free end its label) and
 * its location; the status is a chip drawn with the StatusChip's light CSS rather than MUI's Chip,
 * since the rows on screen are drawn again at each keystroke. Phone cards title each cable by code.
 */
import type { ConnectionStatus } from '@asbuilt/domain';
import { useTheme } from '@mui/material/styles';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { createDataTableColumns, type DataTableColumn } from '../../components/DataTable.tsx';
import '../../components/statusChip.css';
import type { ConnectionRow } from './connectionRows.ts';

type ConnectionsT = TFunction<['connections', 'domain']>;

const col = createDataTableColumns<ConnectionRow>();

const STATUS_COLOUR = {
  planned: 'grey',
  installed: 'info',
  tested: 'success',
  faulty: 'error',
} as const satisfies Record<ConnectionStatus, string>;

export function ConnectionStatusChip({ status }: { status: ConnectionStatus }) {
  const { t } = useTranslation('domain');
  const theme = useTheme();
  const key = STATUS_COLOUR[status];
  const background = key === 'grey' ? theme.palette.grey[300] : theme.palette[key].main;
  return (
    <span
      className="status-chip"
      data-size="small"
      data-status={status}
      style={{ backgroundColor: background, color: theme.palette.getContrastText(background) }}
    >
      <span>{t(`connection_status.${status}`)}</span>
    </span>
  );
}

function text(id: string, label: string, value: (row: ConnectionRow) => string, width = 140, grow = 1) {
  return col.accessor((row) => value(row) || undefined, {
    id,
    header: label,
    sortFn: 'alphanumeric',
    meta: { label, width, grow },
  });
}

export function connectionColumns(t: ConnectionsT): DataTableColumn<ConnectionRow>[] {
  const length = t('column.length');
  const status = t('column.status');
  return [
    col.accessor((row) => row.code, {
      id: 'code',
      header: t('column.code'),
      sortFn: 'alphanumeric',
      enableHiding: false,
      meta: { label: t('column.code'), width: 90, grow: 0, card: 'title' },
    }),
    text('a_device', t('column.a_device'), (row) => row.aName, 170, 2),
    text('a_location', t('column.a_location'), (row) => row.aLocation, 120),
    text('a_port', t('column.a_port'), (row) => row.aPort, 100),
    text('b_device', t('column.b_device'), (row) => row.bName, 170, 2),
    text('b_location', t('column.b_location'), (row) => row.bLocation, 120),
    text('b_port', t('column.b_port'), (row) => row.bPort, 100),
    text(
      'signal',
      t('column.signal'),
      (row) => (row.signal ? t(`domain:interface_signal.${row.signal}`, { defaultValue: row.signal }) : ''),
      90,
      0,
    ),
    text('cable_type', t('column.cable_type'), (row) => row.cableType ?? '', 110),
    col.accessor((row) => row.lengthM ?? undefined, {
      id: 'length_m',
      header: length,
      sortFn: 'basic',
      meta: { label: length, width: 90, grow: 0, align: 'right' },
      cell: ({ getValue }) => {
        const value = getValue();
        return value === undefined ? null : t('length_value', { value });
      },
    }),
    col.accessor((row) => row.status, {
      id: 'status',
      header: status,
      sortFn: 'text',
      meta: { label: status, width: 120, grow: 0, searchable: false },
      cell: ({ row }) => <ConnectionStatusChip status={row.original.status} />,
    }),
  ];
}

export function useConnectionColumns(): DataTableColumn<ConnectionRow>[] {
  const { t } = useTranslation(['connections', 'domain']);
  // `t` is a new function for each language: new headers then.
  return useMemo(() => connectionColumns(t), [t]);
}

/** What a phone card shows: the code as title, both ends, the status. */
export const PHONE_VISIBILITY: Record<string, boolean> = {
  a_location: false,
  b_location: false,
  signal: false,
  cable_type: false,
  length_m: false,
};
