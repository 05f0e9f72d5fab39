/**
 * The canvas's two style rules that keep labels and markers readable through a zoom, written into
 * `<style>` elements of the canvas (scoped by its `data-plan-canvas` id) rather than onto each
 * label or marker: only the elements the rule names restyle.
 */
import { type RefObject, useCallback, useEffect, useRef } from 'react';
import {
  CIRCLE_SIZE,
  LABEL_SIZE,
  LAYER_INDEX,
  type LayerVisibility,
  MARKER_STEP,
  markerStepOf,
} from './planView.ts';
import { MOVING_ATTRIBUTE } from './usePanZoom.ts';
import type { PlanSize } from './usePlanImage.ts';

interface Options {
  svgRef: RefObject<SVGSVGElement | null>;
  /** The canvas's `data-plan-canvas` value. */
  canvasId: string;
  visibility: LayerVisibility;
  circleSize: number;
  /** More markers than GLYPH_LIMIT: dots while the plan moves. */
  manyMarkers: boolean;
  /** The locations layer's scale. */
  layerScale: number;
  size: PlanSize;
}

export function useZoomStyles({
  svgRef,
  canvasId,
  visibility,
  circleSize,
  manyMarkers,
  layerScale,
  size,
}: Options) {
  // Labels keep one size on screen: a rule for this canvas's labels, rewritten when the zoom
  // factor changes while labels show (only the labels restyle, not every marker).
  const labelStyle = useRef<HTMLStyleElement>(null);
  const zoomFactor = useRef(1);
  const labelsShown = visibility[LAYER_INDEX.labels];
  const labelsShownRef = useRef(labelsShown);
  labelsShownRef.current = labelsShown;
  const writeLabelStyle = useCallback(() => {
    const k = zoomFactor.current;
    if (labelStyle.current && labelsShownRef.current) {
      labelStyle.current.textContent = `[data-plan-canvas="${canvasId}"] .plan-label { font-size: ${LABEL_SIZE / k}px; stroke-width: ${LABEL_SIZE / 5 / k}px; }`;
    }
  }, [canvasId]);
  // Markers keep 24 px or more on screen: their bodies scale by one rule, rewritten only when
  // the screen pixels per layer unit cross a step (MARKER_STEP), not on every frame of a zoom.
  const markerStyle = useRef<HTMLStyleElement>(null);
  const markerStep = useRef<number | null>(null);
  const fit = useRef(1);
  const markerFactor = Math.max(1, circleSize / CIRCLE_SIZE.default);
  const manyMarkersRef = useRef(false);
  manyMarkersRef.current = manyMarkers;
  const markerScale = useRef({ factor: markerFactor, layer: layerScale || 1 });
  markerScale.current = { factor: markerFactor, layer: layerScale || 1 };
  const writeMarkerStyle = useCallback(
    (force = false) => {
      const perUnit = zoomFactor.current * fit.current * markerScale.current.layer;
      const step = markerStepOf(perUnit);
      if (!markerStyle.current || (!force && step === markerStep.current)) return;
      // Many markers are dots while the plan moves: their size waits for the gesture's end
      // (onSettle) rather than restyling them all at each step of a zoom.
      if (!force && manyMarkersRef.current && svgRef.current?.hasAttribute(MOVING_ATTRIBUTE)) return;
      markerStep.current = step;
      const scale = markerScale.current.factor / MARKER_STEP ** step;
      // Above GLYPH_LIMIT markers, a moving plan draws them as dots a quarter of their size: the
      // discs' rasterising, not the plan's, is what a frame of 1,000 full markers waits on.
      const root = `[data-plan-canvas="${canvasId}"]`;
      markerStyle.current.textContent =
        `${root} .plan-marker-body { transform: scale(${scale}); }\n` +
        `${root}[data-many-markers] svg[data-moving] .plan-marker-body { transform: scale(${scale / 4}); }`;
    },
    [canvasId, svgRef],
  );
  const onScale = useCallback(
    (k: number) => {
      zoomFactor.current = k;
      writeLabelStyle();
      writeMarkerStyle();
    },
    [writeLabelStyle, writeMarkerStyle],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: rewritten when the layer's scale or the circle size changes
  useEffect(() => writeMarkerStyle(true), [writeMarkerStyle, markerFactor, layerScale]);
  // The plan's fit in the canvas (preserveAspectRatio meet) changes with the canvas's size and
  // the plan's.
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again for another plan size
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    // The svg's own matrix is the viewBox's fit, whatever the pan and zoom inside it.
    const measure = () => {
      const next = svg.getScreenCTM()?.a ?? 0;
      if (next > 0 && next !== fit.current) {
        fit.current = next;
        writeMarkerStyle(true);
      }
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(svg);
    return () => observer.disconnect();
  }, [size.width, size.height, writeMarkerStyle]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: written again when labels come back
  useEffect(writeLabelStyle, [labelsShown, writeLabelStyle]);

  return { labelStyle, markerStyle, onScale, writeMarkerStyle };
}
