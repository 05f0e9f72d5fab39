/**
 * The floorplan dashboard's list view (issue 47): the floor's devices as a table (code, name,
 * status, room) for whoever does not use the plan itself, a screen reader or a keyboard. Each
 * code is a button that opens the device card, as a click on its marker does.
 */
import type { FloorDto, ListedDevice } from '@asbuilt/domain';
import {
  Box,
  Button,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/numbers.ts';

interface Props {
  floor: FloorDto;
  /** The floor's devices, placed on its plan or not (archived ones left out). */
  devices: readonly ListedDevice[];
  onOpen: (device: ListedDevice) => void;
  /** Room above the table for the floors button laid over it (phones). */
  clearTop: boolean;
}

export function FloorDeviceTable({ floor, devices, onOpen, clearTop }: Props) {
  const { t } = useTranslation('plans');
  const roomOf = useMemo(
    () => new Map(floor.locations.map((location) => [location.id, location.name])),
    [floor.locations],
  );
  return (
    <Box
      sx={{
        height: '100%',
        overflow: 'auto',
        pl: { xs: 1, sm: 2 },
        pb: { xs: 1, sm: 2 },
        // Below the floors button laid over the top on phones.
        pt: clearTop ? 7 : { xs: 1, sm: 2 },
        // Clear of the toolbar on the right.
        pr: { xs: 8, sm: 9 },
      }}
    >
      <TableContainer component={Paper} variant="outlined">
        <Table
          size="small"
          sx={{
            '& caption': {
              captionSide: 'top',
              typography: 'subtitle1',
              fontWeight: 700,
              color: 'text.primary',
              px: 2,
              py: 1,
            },
          }}
        >
          <caption>
            {t('list.caption', {
              floor: floor.name,
              count: devices.length,
              number: formatNumber(devices.length),
            })}
          </caption>
          <TableHead>
            <TableRow>
              <TableCell scope="col">{t('list.code')}</TableCell>
              <TableCell scope="col">{t('list.name')}</TableCell>
              <TableCell scope="col">{t('list.status')}</TableCell>
              <TableCell scope="col">{t('list.room')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {devices.length === 0 ? (
              <TableRow>
                <TableCell colSpan={4}>{t('list.empty')}</TableCell>
              </TableRow>
            ) : (
              devices.map((device) => (
                <TableRow key={device.id} data-device-id={device.id}>
                  <TableCell component="th" scope="row" sx={{ py: 0.25 }}>
                    <Button
                      size="small"
                      onClick={() => onOpen(device)}
                      sx={{ textTransform: 'none', fontWeight: 600, minWidth: 0, whiteSpace: 'nowrap' }}
                    >
                      {device.code || t('list.no_code')}
                    </Button>
                  </TableCell>
                  <TableCell>{device.name || device.product.name}</TableCell>
                  <TableCell>{device.status ?? t('preview.no_status')}</TableCell>
                  <TableCell>
                    {device.location_id === null
                      ? t('list.no_room')
                      : (roomOf.get(device.location_id) ?? t('list.no_room'))}
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
