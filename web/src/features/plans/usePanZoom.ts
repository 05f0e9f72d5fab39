/**
 * Pan and zoom of a plan (wheel, pinch, drag; components/useSvgZoom.ts). A change of scale is
 * told to `onScale` (labels keep one size on screen through it); nothing else is touched per
 * frame: a CSS variable on the svg, for one, would restyle every marker on every frame
 * (measured: 4 times slower frames with 1,000 markers, bench/RESULTS.md §9, Floorplan pan and
 * zoom).
 */
import { type ZoomTransform, zoomIdentity } from 'd3-zoom';
import { type RefObject, useCallback, useEffect, useRef } from 'react';
import { useSvgZoom } from '../../components/useSvgZoom.ts';
import { OPENING_SCALE, ZOOM_EXTENT } from './planView.ts';
import type { PlanSize } from './usePlanImage.ts';

export interface PanZoomControls {
  zoomBy: (factor: number) => void;
  /** Back to the opening view: the plan at two thirds of the canvas (by default), centred. */
  reset: (animate?: boolean) => void;
}

/** Set on the svg while a pan or zoom gesture moves the plan. */
export const MOVING_ATTRIBUTE = 'data-moving';

/** Elements that take their own pointer gestures (markers, drawing points): no pan from them. */
export const NO_PAN_ATTRIBUTE = 'data-nozoom';

function openingTransform(size: PlanSize, k: number): ZoomTransform {
  return zoomIdentity.translate((size.width * (1 - k)) / 2, (size.height * (1 - k)) / 2).scale(k);
}

export function usePanZoom(
  svgRef: RefObject<SVGSVGElement | null>,
  viewRef: RefObject<SVGGElement | null>,
  size: PlanSize,
  /** A change of this value (another floor) goes back to the opening view. */
  resetKey: unknown,
  /** The share of the canvas the plan takes on opening. */
  openingScale = OPENING_SCALE,
  /** Called when the zoom factor changes (not on a pan). */
  onScale?: (k: number) => void,
  /** Called when a gesture has stopped moving the plan. */
  onSettle?: () => void,
): PanZoomControls {
  const k = useRef(Number.NaN);
  const { zoomBy, moveTo } = useSvgZoom(svgRef, viewRef, {
    scaleExtent: ZOOM_EXTENT,
    noPanAttribute: NO_PAN_ATTRIBUTE,
    onZoom: (transform) => {
      if (transform.k === k.current) return;
      k.current = transform.k;
      onScale?.(transform.k);
    },
    // While a gesture moves the plan the svg says so (`data-moving`), for what is drawn more
    // simply meanwhile (many markers): one restyle at its start and one at its end, none per frame.
    onStart: () => svgRef.current?.setAttribute(MOVING_ATTRIBUTE, ''),
    onEnd: () => {
      svgRef.current?.removeAttribute(MOVING_ATTRIBUTE);
      onSettle?.();
    },
  });

  const reset = useCallback(
    (animate = false) => moveTo(openingTransform(size, openingScale), animate),
    [moveTo, size, openingScale],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: the opening view again for another floor or plan size
  useEffect(() => reset(false), [reset, resetKey]);

  return { zoomBy, reset };
}
