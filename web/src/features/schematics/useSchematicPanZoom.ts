/**
 * Pan and zoom of the schematic with d3-zoom (wheel, drag, pinch), as the floorplan does it
 * (plans/usePanZoom.ts): the transform goes straight onto one group's attribute, so a frame of
 * panning renders nothing in React whatever the number of boxes and cables. `reset` fits the
 * whole drawing in the canvas; a new drawing (another filter) opens fitted, but never so small
 * that its words cannot be read.
 */
import { select } from 'd3-selection';
import 'd3-transition';
import { type ZoomBehavior, zoom, zoomIdentity } from 'd3-zoom';
import { type RefObject, useCallback, useEffect, useRef } from 'react';
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
  const behaviour = useRef<ZoomBehavior<SVGSVGElement, unknown> | null>(null);

  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const zoomer = zoom<SVGSVGElement, unknown>()
      .scaleExtent(SCALE_EXTENT)
      .filter((event: Event) => {
        const mouse = event as MouseEvent;
        return (!mouse.ctrlKey || event.type === 'wheel') && !mouse.button;
      })
      .on('zoom', (event: { transform: { toString(): string } }) =>
        viewRef.current?.setAttribute('transform', event.transform.toString()),
      );
    behaviour.current = zoomer;
    const selection = select(svg);
    selection.call(zoomer).on('dblclick.zoom', null);
    return () => {
      selection.on('.zoom', null);
      behaviour.current = null;
    };
  }, [svgRef, viewRef]);

  /** The whole drawing in the canvas (`readable`: not below OPEN_MIN, from its top left then). */
  const fit = useCallback(
    (animate: boolean, readable: boolean) => {
      const svg = svgRef.current;
      const zoomer = behaviour.current;
      if (!svg || !zoomer || !size || size.width === 0 || size.height === 0) return;
      const { clientWidth: width, clientHeight: height } = svg;
      const whole = Math.max(
        SCALE_EXTENT[0],
        Math.min(FIT_MAX, (width - 2 * FIT_MARGIN) / size.width, (height - 2 * FIT_MARGIN) / size.height),
      );
      const k = readable ? Math.max(whole, OPEN_MIN) : whole;
      const x = size.width * k > width ? FIT_MARGIN : (width - size.width * k) / 2;
      const target = zoomIdentity.translate(x, Math.max(FIT_MARGIN, (height - size.height * k) / 2)).scale(k);
      if (animate) select(svg).transition().duration(250).call(zoomer.transform, target);
      else select(svg).call(zoomer.transform, target);
    },
    [svgRef, size],
  );
  const reset = useCallback((animate = false) => fit(animate, false), [fit]);

  useEffect(() => fit(false, true), [fit]);

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
