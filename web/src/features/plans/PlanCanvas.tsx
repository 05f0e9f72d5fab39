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
import { Box } from '@mui/material';
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
import { MarkerPreview } from './MarkerPreview.tsx';
import { layerPoint, type PlanShape, PlanSvg } from './PlanSvg.tsx';
import { PointerReadout, usePointerReadout } from './PointerReadout.tsx';
import { type DrawMode, PolygonEditor } from './PolygonEditor.tsx';
import { OPENING_MS, planCanvasSx } from './planCanvasSx.ts';
import { CLICK_DISTANCE, LABEL_SIZE, LAYER_INDEX, type LayerVisibility, OPENING_SCALE } from './planView.ts';
import { useMarkerPreview } from './useMarkerPreview.ts';
import { usePanZoom } from './usePanZoom.ts';
import { DEFAULT_PLAN_SIZE, usePlanImage } from './usePlanImage.ts';
import { useZoomStyles } from './useZoomStyles.ts';
import { ZoomButtons } from './ZoomButtons.tsx';

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
    const canvasId = useId();
    const { labelStyle, markerStyle, onScale, writeMarkerStyle } = useZoomStyles({
      svgRef,
      canvasId,
      visibility,
      circleSize,
      manyMarkers: devices.length > GLYPH_LIMIT,
      layerScale: transform.scale,
      size,
    });
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

    const boxRef = useRef<HTMLDivElement>(null);
    const { preview, onPreview, closePreview, onHoldPreview } = useMarkerPreview(boxRef);

    // The opening: locations appear after 500 ms, zones after 1000 ms; later toggles are at once.
    const [opening, setOpening] = useState(true);
    // biome-ignore lint/correctness/useExhaustiveDependencies: the opening of each floor
    useEffect(() => {
      setOpening(true);
      const timer = setTimeout(() => setOpening(false), OPENING_MS);
      return () => clearTimeout(timer);
    }, [floor.id]);

    const { registerReadout, onPointerMove, onPointerLeave } = usePointerReadout(layerRef);

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
        sx={planCanvasSx(dropActive, drawing?.mode === 'create')}
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
          onShapeActivate={
            drawing ? undefined : (id) => (showZones ? onSelectZone(id) : onSelectLocation(id))
          }
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
        <ZoomButtons zoomBy={zoomBy} reset={reset} />
      </Box>
    );
  }),
);
