/**
 * The d3-zoom behaviour of an svg drawing (the floorplan, the schematic): wheel, drag and pinch on
 * the svg, the transform written straight onto the view group's `transform` attribute, so a frame
 * of panning renders nothing in React whatever the number of shapes under the group. A double
 * click does not zoom, a ctrl-drag is left to the browser, a wheel with ctrl zooms.
 */
import { select } from 'd3-selection';
import 'd3-transition';
import { type ZoomBehavior, type ZoomTransform, zoom } from 'd3-zoom';
import { type RefObject, useCallback, useEffect, useRef } from 'react';

export interface SvgZoomOptions {
  scaleExtent: [number, number];
  /** Elements carrying this attribute take their own pointer gestures: no pan from them. */
  noPanAttribute?: string;
  /** After each transform is written. */
  onZoom?: (transform: ZoomTransform) => void;
  /** A gesture starts, or has stopped, moving the drawing. */
  onStart?: () => void;
  onEnd?: () => void;
}

export interface SvgZoom {
  /** Zoom in (above 1) or out, about the canvas's centre, animated. */
  zoomBy: (factor: number) => void;
  /** Go to this view, at once or animated; nothing before the svg is there. */
  moveTo: (target: ZoomTransform, animate: boolean) => void;
}

export function useSvgZoom(
  svgRef: RefObject<SVGSVGElement | null>,
  viewRef: RefObject<SVGGElement | null>,
  options: SvgZoomOptions,
): SvgZoom {
  const behaviour = useRef<ZoomBehavior<SVGSVGElement, unknown> | null>(null);
  // The latest callbacks, read per event: the behaviour is made once per svg.
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const { scaleExtent, noPanAttribute } = latest.current;
    const zoomer = zoom<SVGSVGElement, unknown>()
      .scaleExtent(scaleExtent)
      .filter((event: Event) => {
        const target = event.target as Element | null;
        if (noPanAttribute && target?.closest?.(`[${noPanAttribute}]`)) return false;
        const mouse = event as MouseEvent;
        return (!mouse.ctrlKey || event.type === 'wheel') && !mouse.button;
      })
      .on('zoom', (event: { transform: ZoomTransform }) => {
        viewRef.current?.setAttribute('transform', event.transform.toString());
        latest.current.onZoom?.(event.transform);
      })
      .on('start', () => latest.current.onStart?.())
      .on('end', () => latest.current.onEnd?.());
    behaviour.current = zoomer;
    const selection = select(svg);
    selection.call(zoomer).on('dblclick.zoom', null);
    return () => {
      selection.on('.zoom', null);
      behaviour.current = null;
    };
  }, [svgRef, viewRef]);

  const moveTo = useCallback(
    (target: ZoomTransform, animate: boolean) => {
      const svg = svgRef.current;
      const zoomer = behaviour.current;
      if (!svg || !zoomer) return;
      if (animate) select(svg).transition().duration(250).call(zoomer.transform, target);
      else select(svg).call(zoomer.transform, target);
    },
    [svgRef],
  );

  const zoomBy = useCallback(
    (factor: number) => {
      const svg = svgRef.current;
      const zoomer = behaviour.current;
      if (!svg || !zoomer) return;
      select(svg).transition().duration(200).call(zoomer.scaleBy, factor);
    },
    [svgRef],
  );

  return { zoomBy, moveTo };
}
