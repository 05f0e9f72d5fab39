/**
 * Pan and zoom of a plan with d3-zoom: wheel, pinch, drag. The transform goes straight onto the
 * view group's `transform` attribute: a frame of panning renders nothing in React, whatever the
 * number of polygons and markers under the group. A change of scale is told to `onScale` (labels
 * keep one size on screen through it); nothing else is touched per frame: a CSS variable on the
 * svg, for one, would restyle every marker on every frame (measured: 4 times slower frames with
 * 1,000 markers, bench/RESULTS.md §9, Floorplan pan and zoom).
 */
import { select } from 'd3-selection';
import 'd3-transition';
import { type ZoomBehavior, type ZoomTransform, zoom, zoomIdentity } from 'd3-zoom';
import { type RefObject, useCallback, useEffect, useRef } from 'react';
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
  const behaviour = useRef<ZoomBehavior<SVGSVGElement, unknown> | null>(null);
  const scaleListener = useRef(onScale);
  scaleListener.current = onScale;
  const settleListener = useRef(onSettle);
  settleListener.current = onSettle;

  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    let k = Number.NaN;
    const apply = (transform: ZoomTransform) => {
      viewRef.current?.setAttribute('transform', transform.toString());
      if (transform.k !== k) {
        k = transform.k;
        scaleListener.current?.(k);
      }
    };
    const zoomer = zoom<SVGSVGElement, unknown>()
      .scaleExtent(ZOOM_EXTENT)
      .filter((event: Event) => {
        const target = event.target as Element | null;
        if (target?.closest?.(`[${NO_PAN_ATTRIBUTE}]`)) return false;
        const mouse = event as MouseEvent;
        return (!mouse.ctrlKey || event.type === 'wheel') && !mouse.button;
      })
      .on('zoom', (event: { transform: ZoomTransform }) => apply(event.transform))
      // While a gesture moves the plan the svg says so (`data-moving`), for what is drawn more
      // simply meanwhile (many markers): one restyle at its start and one at its end, none per frame.
      .on('start', () => svg.setAttribute(MOVING_ATTRIBUTE, ''))
      .on('end', () => {
        svg.removeAttribute(MOVING_ATTRIBUTE);
        settleListener.current?.();
      });
    behaviour.current = zoomer;
    const selection = select(svg);
    selection.call(zoomer).on('dblclick.zoom', null);
    return () => {
      selection.on('.zoom', null);
      behaviour.current = null;
    };
  }, [svgRef, viewRef]);

  const reset = useCallback(
    (animate = false) => {
      const svg = svgRef.current;
      const zoomer = behaviour.current;
      if (!svg || !zoomer) return;
      const target = openingTransform(size, openingScale);
      if (animate) select(svg).transition().duration(250).call(zoomer.transform, target);
      else select(svg).call(zoomer.transform, target);
    },
    [svgRef, size, openingScale],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: the opening view again for another floor or plan size
  useEffect(() => reset(false), [reset, resetKey]);

  const zoomBy = useCallback(
    (factor: number) => {
      const svg = svgRef.current;
      const zoomer = behaviour.current;
      if (!svg || !zoomer) return;
      select(svg).transition().duration(200).call(zoomer.scaleBy, factor);
    },
    [svgRef],
  );

  return { zoomBy, reset };
}
