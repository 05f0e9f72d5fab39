/**
 * The card beside a device marker: name, code, product and status, and a link that opens the
 * device. A mouse shows it while hovering the marker (or the card); a tap pins it until closed.
 */
import type { ListedDevice } from '@asbuilt/domain';
import CloseIcon from '@mui/icons-material/Close';
import { Box, Button, IconButton, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useStatusLabel } from '../../components/StatusChip.tsx';

export interface PreviewState {
  device: ListedDevice;
  /** The marker's disc, in the canvas box's pixels. */
  at: { left: number; top: number; right: number; bottom: number };
  pinned: boolean;
}

interface Props {
  preview: PreviewState;
  color: string;
  /** The canvas box's width: the card goes left of markers near its right edge. */
  width: number;
  onOpen: (device: ListedDevice) => void;
  onClose: () => void;
  onHold: (hold: boolean) => void;
}

const CARD_WIDTH = 240;

export function MarkerPreview({ preview, color, width, onOpen, onClose, onHold }: Props) {
  const { t } = useTranslation('plans');
  const statusLabel = useStatusLabel();
  const { device, at, pinned } = preview;
  const left = at.right + 8 + CARD_WIDTH > width ? Math.max(4, at.left - 8 - CARD_WIDTH) : at.right + 8;
  const rows: [string, string][] = [
    [t('preview.code'), device.code || '–'],
    [t('preview.product'), device.product.name],
  ];
  return (
    <Paper
      elevation={6}
      role="dialog"
      aria-label={t('preview.label', { device: device.name || device.code || device.product.name })}
      data-testid="marker-preview"
      onPointerEnter={() => onHold(true)}
      onPointerLeave={() => onHold(false)}
      onPointerDown={(event) => event.stopPropagation()}
      sx={{
        position: 'absolute',
        left,
        top: Math.max(4, at.top - 8),
        width: CARD_WIDTH,
        p: 1.5,
        zIndex: 3,
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="subtitle2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {device.name || device.code || device.product.name}
        </Typography>
        {pinned ? (
          <IconButton size="small" aria-label={t('preview.close')} onClick={onClose} sx={{ m: -0.5 }}>
            <CloseIcon fontSize="small" />
          </IconButton>
        ) : null}
      </Stack>
      {rows.map(([label, value]) => (
        <Typography key={label} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {label}:{' '}
          </Box>
          {value}
        </Typography>
      ))}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5 }}>
        <Box aria-hidden sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: color, flexShrink: 0 }} />
        <Typography variant="body2">{statusLabel(device.status) || t('preview.no_status')}</Typography>
      </Stack>
      <Button size="small" sx={{ mt: 1, ml: -0.5 }} onClick={() => onOpen(device)}>
        {t('preview.open')}
      </Button>
    </Paper>
  );
}
