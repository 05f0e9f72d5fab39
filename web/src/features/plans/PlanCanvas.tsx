/**
 * The dashboard's canvas: the floor's plan with its locations (or zones) layer, device markers and
 * the polygon being drawn, under one pan-and-zoom group (d3-zoom, see usePanZoom). Pointer
 * coordinates, in the layer's units, show in a corner; buttons zoom in, out and back to the
 * opening view. Memoised: the dashboard's own state (menus, panels) does not render it again.
 */

import type { ListedDevice } from '@asbuilt/domain';
import { type FloorDto, nearestEdgeInsertIndex, type PlanTransform, type Point } from '@asbuilt/domain';
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
import { useLayoutPrefs } from '../../app/LayoutPrefs.tsx';
import { DeviceMarkers } from './DeviceMarkers.tsx';
import { layerPoint, type PlanShape, PlanSvg } from './PlanSvg.tsx';
import { type DrawMode, PolygonEditor } from './PolygonEditor.tsx';
import {
  CLICK_DISTANCE,
  LABEL_SIZE,
  LAYER_DELAY_MS,
  LAYER_INDEX,
  type LayerVisibility,
  OPENING_SCALE,
} from './planView.ts';
import { usePanZoom } from './usePanZoom.ts';
import { DEFAULT_PLAN_SIZE, usePlanImage } from './usePlanImage.ts';

export interface Drawing {
  mode: DrawMode;
  locationId: number;
  points: Point[];
  selectedIndex: number | null;
}

export interface PlanCanvasHandle {
  /** The layer point under a screen position, or null when it is outside the canvas. */
  layerPointAt: (clientX: number, clientY: number) => Point | null;
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
  circleSize: number;
  colorOf: (status: string | null) => string;
  movable: boolean;
  onMoveDevice: (device: ListedDevice, point: Point) => void;
  onOpenDevice: (device: ListedDevice) => void;
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
      circleSize,
      colorOf,
      movable,
      onMoveDevice,
      onOpenDevice,
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
    const onScale = useCallback(
      (k: number) => {
        zoomFactor.current = k;
        writeLabelStyle();
      },
      [writeLabelStyle],
    );
    // biome-ignore lint/correctness/useExhaustiveDependencies: written again when labels come back
    useEffect(writeLabelStyle, [labelsShown, writeLabelStyle]);
    const { zoomBy, reset } = usePanZoom(
      svgRef,
      viewRef,
      size,
      floor.id,
      isPhone ? 1 : OPENING_SCALE,
      onScale,
    );

    useImperativeHandle(
      ref,
      () => ({
        layerPointAt: (clientX, clientY) => {
          const svg = svgRef.current;
          const layer = layerRef.current;
          if (!svg || !layer) return null;
          const box = svg.getBoundingClientRect();
          if (clientX < box.left || clientX > box.right || clientY < box.top || clientY > box.bottom)
            return null;
          return layerPoint({ clientX, clientY }, layer);
        },
      }),
      [],
    );

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
            radius={radius}
            colorOf={colorOf}
            movable={movable && drawing === null}
            onMove={onMoveDevice}
            onOpen={onOpenDevice}
          />
        ) : null,
      [showDevices, devices, radius, colorOf, movable, drawing, onMoveDevice, onOpenDevice],
    );

    const editorLabels = useMemo(
      () => ({ point: (n: number) => t('draw.point', { n }), close: t('draw.close_point') }),
      [t],
    );

    return (
      <Box
        data-testid="plan-canvas"
        data-plan-canvas={canvasId}
        data-opening={opening}
        data-drop={dropActive}
        onPointerDownCapture={(event) => {
          pressedAt.current = { x: event.clientX, y: event.clientY };
        }}
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
          // No non-scaling stroke on markers: it makes every frame of a pan 3 times slower.
          '& .plan-marker': { stroke: '#fff', cursor: 'pointer' },
          '& [data-movable="true"] .plan-marker': { cursor: 'grab' },
          '& .plan-marker.dragging': { cursor: 'grabbing', stroke: '#000' },
          '& .plan-marker:hover': { stroke: '#000' },
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
