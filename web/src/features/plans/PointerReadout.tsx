/**
 * The pointer's position on the plan, in the layer's units, in a corner of the canvas. The canvas
 * hands each position straight to the readout (one per animation frame at most): the canvas
 * itself does not render again as the pointer moves.
 */
import type { Point } from '@asbuilt/domain';
import { Paper, Typography } from '@mui/material';
import {
  type PointerEvent as ReactPointerEvent,
  type RefObject,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { layerPoint } from './PlanSvg.tsx';

type Show = (point: Point | null) => void;

/** The canvas's pointer handlers and the hook-up of the readout they feed. */
export function usePointerReadout(layerRef: RefObject<SVGGElement | null>) {
  const showPointer = useRef<Show>(() => {});
  const registerReadout = useCallback((show: Show) => {
    showPointer.current = show;
  }, []);
  const frame = useRef(0);
  const onPointerMove = useCallback(
    (event: ReactPointerEvent) => {
      const { clientX, clientY } = event;
      if (frame.current) return;
      frame.current = requestAnimationFrame(() => {
        frame.current = 0;
        if (layerRef.current) showPointer.current(layerPoint({ clientX, clientY }, layerRef.current));
      });
    },
    [layerRef],
  );
  const onPointerLeave = useCallback(() => {
    cancelAnimationFrame(frame.current);
    frame.current = 0;
    showPointer.current(null);
  }, []);
  return { registerReadout, onPointerMove, onPointerLeave };
}

/** The pointer position in layer units, updated without rendering the canvas. */
export function PointerReadout({ register }: { register: (show: Show) => void }) {
  const { t } = useTranslation('plans');
  const [point, setPoint] = useState<Point | null>(null);
  useEffect(() => register(setPoint), [register]);
  return (
    <Paper
      elevation={0}
      data-testid="pointer-coordinates"
      sx={{
        position: 'absolute',
        left: 8,
        bottom: 8,
        px: 1,
        py: 0.25,
        bgcolor: 'rgba(255,255,255,0.85)',
        border: 1,
        borderColor: 'divider',
        pointerEvents: 'none',
        minWidth: 120,
      }}
    >
      <Typography variant="caption" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {point
          ? t('canvas.pointer', { x: Math.round(point.x), y: Math.round(point.y) })
          : t('canvas.pointer_none')}
      </Typography>
    </Paper>
  );
}
