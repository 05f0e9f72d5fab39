/**
 * The dashboard's canvas: the floor's plan with its locations (or zones) layer, device markers and
 * the polygon being drawn, under one pan-and-zoom group (d3-zoom, see usePanZoom). Pointer
 * coordinates, in the layer's units, show in a corner; buttons zoom in, out and back to the
 * opening view. Memoised: the dashboard's own state (menus, panels) does not render it again.
 */

import type { ListedDevice } from '@asbuilt/domain';
import {
  type FloorDto,
  nearestEdgeInsertIndex,
  type PlanTransform,
  type Point,
  toPlan,
} from '@asbuilt/domain';
import AddIcon from '@mui/icons-material/Add';
import CenterFocusStrongIcon from '@mui/icons-material/CenterFocusStrong';
import RemoveIcon from '@mui/icons-material/Remove';
import { Box, IconButton, Paper, Tooltip, Typography } from '@mui/material';
import { keyframes } from '@mui/material/styles';
import {
  forwardRef,
  memo,
  type MouseEvent as ReactMouseEvent,
  type PointerEvent as ReactPointerEvent,
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useLayoutPrefs } from '../../layout/LayoutPrefs.tsx';
import { DeviceMarkers, GLYPH_LIMIT, markerTransform } from './DeviceMarkers.tsx';
import { MarkerPreview, type PreviewState } from './MarkerPreview.tsx';
import { layerPoint, type PlanShape, PlanSvg } from './PlanSvg.tsx';
import { type DrawMode, PolygonEditor } from './PolygonEditor.tsx';
import {
  CIRCLE_SIZE,
  CLICK_DISTANCE,
  LABEL_SIZE,
  LAYER_DELAY_MS,
  LAYER_INDEX,
  type LayerVisibility,
  MARKER_STEP,
  markerStepOf,
  OPENING_SCALE,
} from './planView.ts';
import { MOVING_ATTRIBUTE, usePanZoom } from './usePanZoom.ts';
import { DEFAULT_PLAN_SIZE, usePlanImage } from './usePlanImage.ts';

export interface Drawing {
  mode: DrawMode;
  locationId: number;
  points: Point[];
  selectedIndex: number | null;
}

export interface PlanCanvasHandle {
  /**
   * The layer point under a screen position; 'outside' over the canvas but off the plan image
   * (nothing may be placed there), null off the canvas.
   */
  dropPoint: (clientX: number, clientY: number) => Point | 'outside' | null;
}

interface Props {
  floor: FloorDto;
  /** The locations layer's transform (the plan settings' draft while nudging). */
  transform: PlanTransform;
  visibility: LayerVisibility;
  locationShapes: PlanShape[];
  zoneShapes: PlanShape[];
  selectedLocationId: number | null;
  selectedZoneId: number | null;
  onSelectLocation: (id: number) => void;
  onSelectZone: (id: number) => void;
  devices: ListedDevice[];
  showDevices: boolean;
  showDeviceLabels: boolean;
  circleSize: number;
  colorOf: (status: string | null) => string;
  movable: boolean;
  onMoveDevice: (device: ListedDevice, point: Point) => void;
  onOpenDevice: (device: ListedDevice) => void;
  /** A marker was dropped off the plan image: it went back, nothing was sent. */
  onRefuseDrop: () => void;
  drawing: Drawing | null;
  onDrawingChange: (points: Point[]) => void;
  onDrawingSelect: (index: number | null) => void;
  onDrawingClose: () => void;
  /** A drag from the unplaced list is over the canvas. */
  dropActive?: boolean;
}

const fadeIn = keyframes`from { opacity: 0; } to { opacity: 1; }`;
const OPENING_MS = LAYER_DELAY_MS.zones + 400;

/** The pointer position in layer units, updated without rendering the canvas. */
function PointerReadout({ register }: { register: (show: (point: Point | null) => void) => void }) {
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

/** Touch screens that are not phones (tablets) also get the wide hit area. */
function coarsePointer(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(pointer: coarse)').matches === true;
}

export const PlanCanvas = memo(
  forwardRef<PlanCanvasHandle, Props>(function PlanCanvas(
    {
      floor,
      transform,
      visibility,
      locationShapes,
      zoneShapes,
      selectedLocationId,
      selectedZoneId,
      onSelectLocation,
      onSelectZone,
      devices,
      showDevices,
      showDeviceLabels,
      circleSize,
      colorOf,
      movable,
      onMoveDevice,
      onOpenDevice,
      onRefuseDrop,
      drawing,
      onDrawingChange,
      onDrawingSelect,
      onDrawingClose,
      dropActive = false,
    },
    ref,
  ) {
    const { t } = useTranslation('plans');
    const svgRef = useRef<SVGSVGElement>(null);
    const viewRef = useRef<SVGGElement>(null);
    const layerRef = useRef<SVGGElement>(null);
    const image = usePlanImage(floor.svg_key, floor.svg);
    const size = image.data ?? DEFAULT_PLAN_SIZE;
    // On a phone the narrow canvas leaves the plan small at two thirds: it opens full width.
    const { isPhone } = useLayoutPrefs();
    const touch = isPhone || coarsePointer();
    // Labels keep one size on screen: a rule for this canvas's labels, rewritten when the zoom
    // factor changes while labels show (only the labels restyle, not every marker).
    const canvasId = useId();
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
    const manyMarkers = useRef(false);
    manyMarkers.current = devices.length > GLYPH_LIMIT;
    const markerScale = useRef({ factor: markerFactor, layer: transform.scale || 1 });
    markerScale.current = { factor: markerFactor, layer: transform.scale || 1 };
    const writeMarkerStyle = useCallback(
      (force = false) => {
        const perUnit = zoomFactor.current * fit.current * markerScale.current.layer;
        const step = markerStepOf(perUnit);
        if (!markerStyle.current || (!force && step === markerStep.current)) return;
        // Many markers are dots while the plan moves: their size waits for the gesture's end
        // (onSettle) rather than restyling them all at each step of a zoom.
        if (!force && manyMarkers.current && svgRef.current?.hasAttribute(MOVING_ATTRIBUTE)) return;
        markerStep.current = step;
        const scale = markerScale.current.factor / MARKER_STEP ** step;
        // Above GLYPH_LIMIT markers, a moving plan draws them as dots a quarter of their size: the
        // discs' rasterising, not the plan's, is what a frame of 1,000 full markers waits on.
        const root = `[data-plan-canvas="${canvasId}"]`;
        markerStyle.current.textContent =
          `${root} .plan-marker-body { transform: scale(${scale}); }\n` +
          `${root}[data-many-markers] svg[data-moving] .plan-marker-body { transform: scale(${scale / 4}); }`;
      },
      [canvasId],
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
    useEffect(() => writeMarkerStyle(true), [writeMarkerStyle, markerFactor, transform.scale]);
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
    const { zoomBy, reset } = usePanZoom(
      svgRef,
      viewRef,
      size,
      floor.id,
      isPhone ? 1 : OPENING_SCALE,
      onScale,
      writeMarkerStyle,
    );

    // Only the plan image takes devices: a point beyond it lies in no room of the plan.
    const planBox = useRef({ size, transform });
    planBox.current = { size, transform };
    const planHolds = useCallback((point: Point) => {
      const { size: box, transform: layer } = planBox.current;
      const at = toPlan(point, layer);
      return at.x >= 0 && at.y >= 0 && at.x <= box.width && at.y <= box.height;
    }, []);
    useImperativeHandle(
      ref,
      () => ({
        dropPoint: (clientX, clientY) => {
          const svg = svgRef.current;
          const layer = layerRef.current;
          if (!svg || !layer) return null;
          const box = svg.getBoundingClientRect();
          if (clientX < box.left || clientX > box.right || clientY < box.top || clientY > box.bottom)
            return null;
          const point = layerPoint({ clientX, clientY }, layer);
          return planHolds(point) ? point : 'outside';
        },
      }),
      [planHolds],
    );
    const moveMarker = useCallback(
      (device: ListedDevice, point: Point, marker: SVGGElement) => {
        if (planHolds(point)) {
          onMoveDevice(device, point);
          return;
        }
        marker.setAttribute('transform', markerTransform(device.plan_x ?? 0, device.plan_y ?? 0));
        onRefuseDrop();
      },
      [planHolds, onMoveDevice, onRefuseDrop],
    );

    // The card beside a marker: shown while a mouse hovers the marker or the card, pinned by a tap.
    const boxRef = useRef<HTMLDivElement>(null);
    const [preview, setPreview] = useState<(PreviewState & { width: number }) | null>(null);
    const holdPreview = useRef(false);
    const hideTimer = useRef(0);
    const onPreview = useCallback(
      (device: ListedDevice | null, marker: SVGGElement | null, pinned: boolean) => {
        window.clearTimeout(hideTimer.current);
        if (!device || !marker) {
          hideTimer.current = window.setTimeout(() => {
            if (!holdPreview.current) setPreview((p) => (p?.pinned ? p : null));
          }, 200);
          return;
        }
        const box = boxRef.current?.getBoundingClientRect();
        const disc = (marker.querySelector('.plan-marker-disc') ?? marker).getBoundingClientRect();
        if (!box) return;
        setPreview((p) =>
          p && p.device === device && p.pinned === pinned
            ? p
            : {
                device,
                pinned,
                width: box.width,
                at: {
                  left: disc.left - box.left,
                  right: disc.right - box.left,
                  top: disc.top - box.top,
                  bottom: disc.bottom - box.top,
                },
              },
        );
      },
      [],
    );
    const closePreview = useCallback(() => {
      holdPreview.current = false;
      setPreview(null);
    }, []);
    const onHoldPreview = useCallback(
      (hold: boolean) => {
        holdPreview.current = hold;
        if (!hold) onPreview(null, null, false);
      },
      [onPreview],
    );
    useEffect(() => () => window.clearTimeout(hideTimer.current), []);

    // The opening: locations appear after 500 ms, zones after 1000 ms; later toggles are at once.
    const [opening, setOpening] = useState(true);
    // biome-ignore lint/correctness/useExhaustiveDependencies: the opening of each floor
    useEffect(() => {
      setOpening(true);
      const timer = setTimeout(() => setOpening(false), OPENING_MS);
      return () => clearTimeout(timer);
    }, [floor.id]);

    // Pointer coordinates: one layer-point per frame at most, shown by the readout alone.
    const showPointer = useRef<(point: Point | null) => void>(() => {});
    const registerReadout = useCallback((show: (point: Point | null) => void) => {
      showPointer.current = show;
    }, []);
    const frame = useRef(0);
    const onPointerMove = useCallback((event: ReactPointerEvent) => {
      const { clientX, clientY } = event;
      if (frame.current) return;
      frame.current = requestAnimationFrame(() => {
        frame.current = 0;
        if (layerRef.current) showPointer.current(layerPoint({ clientX, clientY }, layerRef.current));
      });
    }, []);
    const onPointerLeave = useCallback(() => {
      cancelAnimationFrame(frame.current);
      frame.current = 0;
      showPointer.current(null);
    }, []);

    // A press that became a pan is no click on a polygon.
    const pressedAt = useRef<{ x: number; y: number } | null>(null);
    const wasClick = useCallback((event: { clientX: number; clientY: number }) => {
      const start = pressedAt.current;
      return !start || Math.hypot(event.clientX - start.x, event.clientY - start.y) < CLICK_DISTANCE;
    }, []);

    const showZones = visibility[LAYER_INDEX.zones];
    const showLocations = visibility[LAYER_INDEX.locations] || drawing !== null;
    const shapes = useMemo(() => {
      if (drawing) return locationShapes.filter((shape) => shape.id !== drawing.locationId);
      return showZones ? zoneShapes : locationShapes;
    }, [drawing, showZones, zoneShapes, locationShapes]);

    const onShapeClick = useCallback(
      (id: number, event: ReactPointerEvent<SVGElement>) => {
        if (event.button !== 0 || !wasClick(event) || drawing) return;
        if (showZones) onSelectZone(id);
        else onSelectLocation(id);
      },
      [drawing, showZones, onSelectZone, onSelectLocation, wasClick],
    );

    /** Clicks on the plan itself: not on the buttons above it, nor on a drawing point. */
    const onPlan = (event: ReactMouseEvent) => {
      const target = event.target as Element;
      return target.closest('svg') === svgRef.current && !target.closest('.plan-point');
    };
    const onClick = (event: ReactMouseEvent) => {
      if (drawing?.mode !== 'create' || !layerRef.current || !wasClick(event) || !onPlan(event)) return;
      onDrawingChange([...drawing.points, layerPoint(event, layerRef.current)]);
    };
    const onDoubleClick = (event: ReactMouseEvent) => {
      if (drawing?.mode !== 'edit' || !layerRef.current || drawing.points.length < 2 || !onPlan(event))
        return;
      const at = layerPoint(event, layerRef.current);
      const index = nearestEdgeInsertIndex(drawing.points, at);
      const a = drawing.points[index - 1]!;
      const b = drawing.points[index % drawing.points.length]!;
      const next = [...drawing.points];
      next.splice(index, 0, { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
      onDrawingChange(next);
      onDrawingSelect(index);
    };

    const radius = circleSize / (transform.scale || 1);
    const markers = useMemo(
      () =>
        showDevices ? (
          <DeviceMarkers
            devices={devices}
            colorOf={colorOf}
            movable={movable && drawing === null}
            showLabels={showDeviceLabels}
            touch={touch}
            onMove={moveMarker}
            onOpen={onOpenDevice}
            onPreview={onPreview}
          />
        ) : null,
      [
        showDevices,
        devices,
        colorOf,
        movable,
        drawing,
        showDeviceLabels,
        touch,
        moveMarker,
        onOpenDevice,
        onPreview,
      ],
    );

    const editorLabels = useMemo(
      () => ({ point: (n: number) => t('draw.point', { n }), close: t('draw.close_point') }),
      [t],
    );

    return (
      <Box
        data-testid="plan-canvas"
        data-plan-canvas={canvasId}
        data-many-markers={devices.length > GLYPH_LIMIT ? '' : undefined}
        data-opening={opening}
        data-drop={dropActive}
        ref={boxRef}
        onPointerDownCapture={(event) => {
          pressedAt.current = { x: event.clientX, y: event.clientY };
          const target = event.target as Element;
          if (preview && !target.closest('[data-testid="marker-preview"], .plan-marker')) closePreview();
        }}
        onWheel={preview ? closePreview : undefined}
        onPointerMove={onPointerMove}
        onPointerLeave={onPointerLeave}
        onClick={onClick}
        onDoubleClick={onDoubleClick}
        sx={{
          position: 'relative',
          width: '100%',
          height: '100%',
          overflow: 'hidden',
          bgcolor: '#eef1f4',
          outline: dropActive ? '3px dashed' : 'none',
          outlineColor: 'primary.main',
          outlineOffset: -3,
          cursor: drawing?.mode === 'create' ? 'crosshair' : 'grab',
          '&:active': { cursor: drawing?.mode === 'create' ? 'crosshair' : 'grabbing' },
          '& svg': { bgcolor: 'transparent' },
          '&[data-opening="true"] [data-kind="locations"] :is(.plan-shape, .plan-label)': {
            animation: `${fadeIn} 250ms ease-out ${LAYER_DELAY_MS.locations}ms both`,
          },
          '&[data-opening="true"] [data-kind="zones"] :is(.plan-shape, .plan-label)': {
            animation: `${fadeIn} 250ms ease-out ${LAYER_DELAY_MS.zones}ms both`,
          },
          // No non-scaling stroke on markers: it makes every frame of a pan 3 times slower. The
          // body is drawn in screen pixels and scaled by the marker rule (transform-origin 0 0 is
          // the marker's centre).
          '& .plan-marker': { cursor: 'pointer' },
          '& .plan-marker-disc': { stroke: '#fff', strokeWidth: 2 },
          '& [data-movable="true"] .plan-marker': { cursor: 'grab' },
          '& .plan-marker.dragging': { cursor: 'grabbing' },
          '& .plan-marker.dragging .plan-marker-disc, & .plan-marker:hover .plan-marker-disc': {
            stroke: '#000',
          },
          '& .plan-device-label': {
            pointerEvents: 'none',
            fontSize: 11,
            fontWeight: 600,
            fill: '#1a1a1a',
            stroke: '#fff',
            strokeWidth: 3,
            paintOrder: 'stroke',
          },
        }}
      >
        <PlanSvg
          ref={svgRef}
          viewRef={viewRef}
          layerRef={layerRef}
          planUrl={floor.svg}
          size={size}
          transform={transform}
          shapes={shapes}
          shapeKind={showZones && !drawing ? 'zones' : 'locations'}
          selectedId={showZones && !drawing ? selectedZoneId : selectedLocationId}
          showPlan={visibility[LAYER_INDEX.plan]}
          showShapes={showLocations || showZones}
          showLabels={visibility[LAYER_INDEX.labels]}
          labelSize={LABEL_SIZE}
          onShapeClick={onShapeClick}
          height="100%"
          title={t('canvas.title', { floor: floor.name })}
        >
          {markers}
          {drawing ? (
            <PolygonEditor
              mode={drawing.mode}
              points={drawing.points}
              radius={radius}
              selectedIndex={drawing.selectedIndex}
              onSelect={onDrawingSelect}
              onChange={onDrawingChange}
              onClose={onDrawingClose}
              labels={editorLabels}
            />
          ) : null}
        </PlanSvg>
        <style ref={labelStyle} />
        <style ref={markerStyle} />
        {preview ? (
          <MarkerPreview
            preview={preview}
            width={preview.width}
            color={colorOf(preview.device.status)}
            onOpen={(device) => {
              closePreview();
              onOpenDevice(device);
            }}
            onClose={closePreview}
            onHold={onHoldPreview}
          />
        ) : null}
        <PointerReadout register={registerReadout} />
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
      </Box>
    );
  }),
);
