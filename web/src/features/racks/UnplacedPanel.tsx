/**
 * The site's devices of rack-mounted products that are in no rack. A Contributor drags one onto a
 * U of a rack (after a long press on a touch screen), or picks one and uses "Place at U…"; a
 * device dragged from a rack onto this list is taken out. A Reader sees the list only.
 */
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import { Box, Button, List, ListItem, ListItemButton, ListItemText, Paper, Typography } from '@mui/material';
import type { PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/numbers.ts';
import type { MountableDevice } from './rackLayout.ts';
import { rackDeviceLabel } from './rackLayout.ts';
import type { DragItem, RackDrag } from './useRackDrag.tsx';

export function UnplacedPanel({
  devices,
  locationOf,
  selected,
  onSelect,
  canEdit,
  canPlace,
  touch,
  drag,
  onPress,
  afterDrag,
  onPlaceAt,
}: {
  devices: MountableDevice[];
  locationOf: (locationId: number | null) => string | null;
  selected: number | null;
  onSelect: (deviceId: number | null) => void;
  canEdit: boolean;
  /** There is a rack to place in. */
  canPlace: boolean;
  touch: boolean;
  drag: RackDrag | null;
  onPress: (item: DragItem, event: ReactPointerEvent<HTMLElement>) => void;
  afterDrag: () => boolean;
  onPlaceAt: () => void;
}) {
  const { t } = useTranslation('racks');
  const takingOut = drag?.from === 'rack';
  return (
    <Paper
      variant="outlined"
      role="region"
      aria-label={t('unplaced.title')}
      data-rack-out=""
      sx={{
        p: 1.5,
        outline: takingOut ? 2 : 0,
        outlineColor: drag?.target === 'out' ? 'primary.main' : 'divider',
        outlineStyle: 'dashed',
      }}
    >
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
        {t('unplaced.title')}{' '}
        <Typography component="span" variant="body2" color="text.secondary">
          {formatNumber(devices.length)}
        </Typography>
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {takingOut
          ? t('unplaced.drop_out')
          : !canEdit
            ? t('unplaced.help_reader')
            : !canPlace
              ? t('unplaced.help_no_rack')
              : touch
                ? t('unplaced.help_touch')
                : t('unplaced.help')}
      </Typography>
      {canEdit ? (
        <Button
          variant="outlined"
          size="small"
          startIcon={<PlaylistAddIcon />}
          disabled={!canPlace}
          onClick={onPlaceAt}
          sx={{ mb: 1 }}
        >
          {t('place.button')}
        </Button>
      ) : null}
      {devices.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
          {t('unplaced.empty')}
        </Typography>
      ) : (
        <Box sx={{ maxHeight: { md: 'calc(100dvh - 320px)' }, overflowY: 'auto' }}>
          <List dense disablePadding aria-label={t('unplaced.title')}>
            {devices.map(({ device, units }) => {
              const label = rackDeviceLabel(device);
              const where = locationOf(device.location_id);
              return (
                // A list holds list items: the button inside one (screen readers count them).
                <ListItem key={device.id} disablePadding>
                  <ListItemButton
                    selected={selected === device.id}
                    aria-pressed={selected === device.id}
                    data-device-id={device.id}
                    onClick={() => {
                      if (!afterDrag()) onSelect(selected === device.id ? null : device.id);
                    }}
                    onPointerDown={(event) =>
                      onPress({ deviceId: device.id, units, label, from: 'list' }, event)
                    }
                    onContextMenu={canEdit ? (event) => event.preventDefault() : undefined}
                    sx={{
                      borderRadius: 1,
                      cursor: canEdit && canPlace ? 'grab' : undefined,
                      touchAction: canEdit && !touch ? 'none' : 'pan-y',
                      userSelect: 'none',
                      WebkitTouchCallout: 'none',
                      opacity: drag?.deviceId === device.id ? 0.4 : 1,
                    }}
                  >
                    <ListItemText
                      primary={[label, device.name && device.name !== label ? device.name : null]
                        .filter(Boolean)
                        .join(' · ')}
                      secondary={[t('unplaced.units', { count: units }), where].filter(Boolean).join(' · ')}
                    />
                  </ListItemButton>
                </ListItem>
              );
            })}
          </List>
        </Box>
      )}
    </Paper>
  );
}
