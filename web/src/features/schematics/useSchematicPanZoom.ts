/**
 * Pan and zoom of the schematic (wheel, drag, pinch; components/useSvgZoom.ts, as the floorplan
 * has them). `reset` fits the whole drawing in the canvas; a new drawing (another filter) opens
 * fitted, but never so small that its words cannot be read.
 */
import { zoomIdentity } from 'd3-zoom';
import { type RefObject, useCallback, useEffect } from 'react';
import { useSvgZoom } from '../../components/useSvgZoom.ts';
import type { PanZoomControls } from '../plans/usePanZoom.ts';

/** From a 300-device site seen whole, to port labels at four times their size. */
const SCALE_EXTENT: [number, number] = [0.01, 4];
/** The largest scale a fitted drawing opens at: a few boxes are not blown up. */
const FIT_MAX = 1.25;
/** The smallest a drawing opens at: its words stay readable, the rest is a pan away. */
const OPEN_MIN = 0.7;
const FIT_MARGIN = 16;

export function useSchematicPanZoom(
  svgRef: RefObject<SVGSVGElement | null>,
  viewRef: RefObject<SVGGElement | null>,
  size: { width: number; height: number } | null,
): PanZoomControls {
  const { zoomBy, moveTo } = useSvgZoom(svgRef, viewRef, { scaleExtent: SCALE_EXTENT });

  /** The whole drawing in the canvas (`readable`: not below OPEN_MIN, from its top left then). */
  const fit = useCallback(
    (animate: boolean, readable: boolean) => {
      const svg = svgRef.current;
      if (!svg || !size || size.width === 0 || size.height === 0) return;
      const { clientWidth: width, clientHeight: height } = svg;
      const whole = Math.max(
        SCALE_EXTENT[0],
        Math.min(FIT_MAX, (width - 2 * FIT_MARGIN) / size.width, (height - 2 * FIT_MARGIN) / size.height),
      );
      const k = readable ? Math.max(whole, OPEN_MIN) : whole;
      const x = size.width * k > width ? FIT_MARGIN : (width - size.width * k) / 2;
      moveTo(
        zoomIdentity.translate(x, Math.max(FIT_MARGIN, (height - size.height * k) / 2)).scale(k),
        animate,
      );
    },
    [svgRef, size, moveTo],
  );
  const reset = useCallback((animate = false) => fit(animate, false), [fit]);

  useEffect(() => fit(false, true), [fit]);

  return { zoomBy, reset };
}
