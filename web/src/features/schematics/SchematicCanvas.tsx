/**
 * The schematic's canvas: the drawing with pan and zoom, the zoom buttons, a progress bar while
 * ELK lays out (the drawing before stays under it), and what to say when nothing matches or the
 * layout failed. It fills the height left under the page's heading, on a phone too.
 */

import type { SchematicDrawing } from '@asbuilt/domain';
import { Alert, Box, Button, Chip, LinearProgress, Typography } from '@mui/material';
import { type RefObject, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ZoomButtons } from '../plans/ZoomButtons.tsx';
import { SchematicSvg } from './SchematicSvg.tsx';
import type { LayoutState } from './useSchematicLayout.ts';
import { useSchematicPanZoom } from './useSchematicPanZoom.ts';

const EMPTY_DRAWING: SchematicDrawing = { width: 0, height: 0, boxes: [], freeEnds: [], cables: [] };

interface Props {
  layout: LayoutState & { retry: () => void };
  /** Nothing matches the filters: no layout to wait for. */
  nothingMatches: boolean;
  svgRef: RefObject<SVGSVGElement | null>;
  onClearFilters: () => void;
  onOpenDevice: (deviceId: number) => void;
  onOpenCable: (connectionId: number) => void;
}

export function SchematicCanvas({
  layout,
  nothingMatches,
  svgRef,
  onClearFilters,
  onOpenDevice,
  onOpenCable,
}: Props) {
  const { t } = useTranslation('schematics');
  const viewRef = useRef<SVGGElement | null>(null);
  const drawing = nothingMatches ? null : layout.drawing;
  const controls = useSchematicPanZoom(svgRef, viewRef, drawing);
  const running = layout.running && !nothingMatches;

  return (
    <Box
      sx={{
        position: 'relative',
        height: { xs: 'calc(100dvh - 180px)', sm: 'calc(100dvh - 260px)' },
        minHeight: 320,
        mx: { xs: -2, sm: 0 },
        border: { xs: 0, sm: 1 },
        borderColor: { sm: 'divider' },
        borderRadius: { sm: 1 },
        overflow: 'hidden',
        bgcolor: '#ffffff',
      }}
      aria-busy={running}
    >
      {/* Always there, empty until the first layout: pan and zoom bind to it once, on mount. */}
      <SchematicSvg
        ref={svgRef}
        drawing={drawing ?? EMPTY_DRAWING}
        viewRef={viewRef}
        onOpenDevice={onOpenDevice}
        onOpenCable={onOpenCable}
      />
      {running ? (
        <Box sx={{ position: 'absolute', inset: 0, pointerEvents: 'none' }}>
          <LinearProgress aria-label={t('status.laying_out')} />
          <Box
            sx={{ display: 'grid', placeItems: drawing ? 'start center' : 'center', height: '100%', pt: 2 }}
          >
            <Chip label={t('status.laying_out')} sx={{ bgcolor: 'background.paper', boxShadow: 1 }} />
          </Box>
        </Box>
      ) : null}
      {nothingMatches ? (
        <Box
          sx={{
            position: 'absolute',
            inset: 0,
            display: 'grid',
            placeItems: 'center',
            p: 3,
            textAlign: 'center',
          }}
        >
          <Box>
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              {t('status.no_match')}
            </Typography>
            <Button onClick={onClearFilters}>{t('filters.clear')}</Button>
          </Box>
        </Box>
      ) : null}
      {layout.error && !nothingMatches ? (
        <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', p: 3 }}>
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={layout.retry}>
                {t('status.retry')}
              </Button>
            }
          >
            {t('status.layout_failed')}
          </Alert>
        </Box>
      ) : null}
      {drawing ? <ZoomButtons {...controls} /> : null}
    </Box>
  );
}
