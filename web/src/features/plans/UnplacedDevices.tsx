/**
 * Devices not yet on a plan: those of the floor shown, then those of the site without a floor.
 * Drag one onto the plan to place it there (on this floor; on a touch screen after a long press,
 * so that a finger still scrolls the list); a click opens its card. A search
 * narrows the list; at most LIST_LIMIT rows are drawn.
 */
import type { ListedDevice } from '@asbuilt/domain';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import {
  Box,
  Chip,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { type PointerEvent as ReactPointerEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchField } from '../../components/SearchField.tsx';
import { formatNumber } from '../../lib/numbers.ts';
import { deviceLabel } from './planView.ts';

const LIST_LIMIT = 150;

interface Props {
  devices: ListedDevice[];
  colorOf: (status: string | null) => string;
  /** Contributors may drag devices onto the plan. */
  movable: boolean;
  /** A touch screen: a device is dragged after a long press, the list scrolls otherwise. */
  touch?: boolean;
  onPress: (device: ListedDevice, event: ReactPointerEvent<HTMLElement>) => void;
}

export function UnplacedDevices({ devices, colorOf, movable, touch = false, onPress }: Props) {
  const { t } = useTranslation('plans');
  const [search, setSearch] = useState('');
  const query = search.trim().toLowerCase();
  const shown = useMemo(
    () =>
      query
        ? devices.filter((d) =>
            [d.code, d.name, d.product.name, d.product.brand?.name, d.product.product_model]
              .filter(Boolean)
              .some((text) => text!.toLowerCase().includes(query)),
          )
        : devices,
    [devices, query],
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}>
      <Stack spacing={1} sx={{ p: 1.5, pb: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {movable ? (touch ? t('unplaced.help_touch') : t('unplaced.help')) : t('unplaced.help_reader')}
        </Typography>
        <SearchField value={search} onChange={setSearch} label={t('unplaced.search')} width={276} />
      </Stack>
      <List
        dense
        aria-label={t('unplaced.title')}
        sx={{ flex: 1, overflowY: 'auto', py: 0 }}
        data-testid="unplaced-list"
      >
        {shown.length === 0 ? (
          <ListItem>
            <ListItemText secondary={devices.length === 0 ? t('unplaced.empty') : t('unplaced.no_match')} />
          </ListItem>
        ) : null}
        {shown.slice(0, LIST_LIMIT).map((device) => (
          <ListItem key={device.id} disablePadding>
            <ListItemButton
              data-device-id={device.id}
              onPointerDown={(event) => onPress(device, event)}
              onContextMenu={movable ? (event) => event.preventDefault() : undefined}
              sx={{
                touchAction: movable && !touch ? 'none' : 'pan-y',
                WebkitTouchCallout: 'none',
                cursor: movable ? 'grab' : 'pointer',
                userSelect: 'none',
              }}
            >
              <ListItemIcon sx={{ minWidth: 30 }}>
                {movable ? <DragIndicatorIcon fontSize="small" sx={{ color: 'text.disabled' }} /> : null}
              </ListItemIcon>
              <Box
                component="span"
                aria-hidden
                sx={{
                  width: 12,
                  height: 12,
                  borderRadius: '50%',
                  bgcolor: colorOf(device.status),
                  border: 1,
                  borderColor: 'rgba(0,0,0,0.3)',
                  mr: 1.5,
                  flexShrink: 0,
                }}
              />
              <ListItemText
                primary={deviceLabel(device)}
                secondary={device.code || device.name ? device.product.name : device.product.product_model}
                slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
              />
              {device.floor_id === null ? (
                <Chip size="small" variant="outlined" label={t('unplaced.no_floor')} sx={{ ml: 1 }} />
              ) : null}
            </ListItemButton>
          </ListItem>
        ))}
        {shown.length > LIST_LIMIT ? (
          <ListItem>
            <ListItemText
              secondary={t('unplaced.more', {
                count: shown.length - LIST_LIMIT,
                number: formatNumber(shown.length - LIST_LIMIT),
              })}
            />
          </ListItem>
        ) : null}
      </List>
    </Box>
  );
}
