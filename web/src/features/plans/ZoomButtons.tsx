/** The canvas's zoom in, zoom out and back-to-the-opening-view buttons, bottom right. */
import AddIcon from '@mui/icons-material/Add';
import CenterFocusStrongIcon from '@mui/icons-material/CenterFocusStrong';
import RemoveIcon from '@mui/icons-material/Remove';
import { IconButton, Paper, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { PanZoomControls } from './usePanZoom.ts';

export function ZoomButtons({ zoomBy, reset }: PanZoomControls) {
  const { t } = useTranslation('plans');
  return (
    <Paper
      elevation={2}
      sx={{ position: 'absolute', right: 8, bottom: 8, display: 'flex', flexDirection: 'column' }}
    >
      <Tooltip title={t('canvas.zoom_in')} placement="left">
        <IconButton size="small" aria-label={t('canvas.zoom_in')} onClick={() => zoomBy(1.5)}>
          <AddIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('canvas.zoom_out')} placement="left">
        <IconButton size="small" aria-label={t('canvas.zoom_out')} onClick={() => zoomBy(1 / 1.5)}>
          <RemoveIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('canvas.fit')} placement="left">
        <IconButton size="small" aria-label={t('canvas.fit')} onClick={() => reset(true)}>
          <CenterFocusStrongIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Paper>
  );
}
