/**
 * The Devices tab of a location card: the location's devices (a floor's when a floor is selected),
 * archived ones hidden, 10 per page (spatial-and-admin.md section 9); a row opens the device card.
 */
import {
  Box,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusChip } from '../../components/StatusChip.tsx';
import { TableCaption } from '../../components/TableCaption.tsx';
import { visuallyHidden } from '../../components/visuallyHidden.ts';
import { formatNumber } from '../../lib/numbers.ts';
import type { DeviceRow } from '../devices/deviceRows.ts';
import { ProductPicture } from '../devices/ProductPicture.tsx';

/** Rows per page of the location device table (section 9). */
export const DEVICES_PER_PAGE = 10;

interface Props {
  rows: DeviceRow[];
  loading: boolean;
  /** A floor is selected: the table also says in which location each device is. */
  showLocation: boolean;
  compact: boolean;
  onOpen: (row: DeviceRow) => void;
  /** Changes when another floor or location is selected: back to the first page. */
  resetKey: string;
}

export function DevicesTab({ rows, loading, showLocation, compact, onOpen, resetKey }: Props) {
  const { t } = useTranslation(['locations', 'domain']);
  const [page, setPage] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new selection starts on page one
  useEffect(() => setPage(0), [resetKey]);
  const lastPage = Math.max(0, Math.ceil(rows.length / DEVICES_PER_PAGE) - 1);
  const current = Math.min(page, lastPage);
  const shown = rows.slice(current * DEVICES_PER_PAGE, (current + 1) * DEVICES_PER_PAGE);

  if (!loading && rows.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', borderStyle: 'dashed' }}>
        <Typography color="text.secondary">{t('devices.empty')}</Typography>
      </Paper>
    );
  }

  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table
          size="small"
          sx={{ '& td, & th': { whiteSpace: 'nowrap' }, '& td.device-name': { whiteSpace: 'normal' } }}
        >
          <TableCaption>{t('devices.label')}</TableCaption>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 56 }}>
                <Box component="span" sx={visuallyHidden}>
                  {t('domain:column.image')}
                </Box>
              </TableCell>
              {compact ? null : <TableCell>{t('domain:column.code')}</TableCell>}
              <TableCell>{t('domain:column.name')}</TableCell>
              {compact ? null : (
                <>
                  <TableCell>{t('domain:column.category')}</TableCell>
                  <TableCell>{t('domain:column.brand')}</TableCell>
                  <TableCell>{t('domain:column.model')}</TableCell>
                  {showLocation ? <TableCell>{t('domain:column.location')}</TableCell> : null}
                </>
              )}
              <TableCell>{t('domain:column.status')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {loading
              ? null
              : shown.map((row) => {
                  const { device } = row;
                  const name = device.name ?? device.product.name;
                  return (
                    <TableRow
                      key={row.id}
                      hover
                      tabIndex={0}
                      onClick={() => onOpen(row)}
                      onKeyDown={(event) => {
                        if (event.key === 'Enter' || event.key === ' ') {
                          event.preventDefault();
                          onOpen(row);
                        }
                      }}
                      sx={{ cursor: 'pointer' }}
                      data-testid="location-device-row"
                    >
                      <TableCell sx={{ py: 0.5 }}>
                        <ProductPicture src={device.product.image} size={32} />
                      </TableCell>
                      {compact ? null : <TableCell>{device.code}</TableCell>}
                      <TableCell className="device-name" sx={{ minWidth: 160, maxWidth: 280 }}>
                        <Typography variant="body2" noWrap>
                          {name}
                        </Typography>
                        {compact && device.code ? (
                          <Typography variant="caption" color="text.secondary" noWrap component="div">
                            {device.code}
                          </Typography>
                        ) : null}
                      </TableCell>
                      {compact ? null : (
                        <>
                          <TableCell>{device.product.procat?.name}</TableCell>
                          <TableCell>{device.product.brand?.name}</TableCell>
                          <TableCell>{device.product.product_model}</TableCell>
                          {showLocation ? <TableCell>{row.location?.name}</TableCell> : null}
                        </>
                      )}
                      <TableCell>
                        <StatusChip status={device.status} color={row.status?.color} />
                      </TableCell>
                    </TableRow>
                  );
                })}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={rows.length}
        page={current}
        onPageChange={(_event, next) => setPage(next)}
        rowsPerPage={DEVICES_PER_PAGE}
        rowsPerPageOptions={[]}
        labelDisplayedRows={({ from, to, count }) =>
          t('devices.rows', { from: formatNumber(from), to: formatNumber(to), total: formatNumber(count) })
        }
        getItemAriaLabel={(type) => (type === 'next' ? t('devices.next_page') : t('devices.previous_page'))}
        showFirstButton={false}
        showLastButton={false}
      />
    </Paper>
  );
}
