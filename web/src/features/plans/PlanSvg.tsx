/**
 * A floor's plan with its locations layer: the SVG plan as an image, then one group under the
 * floor's location_transform holding the polygons, their labels and whatever the caller adds in
 * layer coordinates (device markers, drawing points). Pan and zoom, when the caller wants them,
 * go on `viewTransform`: everything moves under one transform.
 */
import { type PlanTransform, type Point, polygonCenter } from '@asbuilt/domain';
import { Box } from '@mui/material';
import {
  forwardRef,
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
  type PointerEvent as ReactPointerEvent,
  type Ref,
} from 'react';
import type { PlanSize } from './usePlanImage.ts';

export interface PlanShape {
  id: number;
  points: Point[];
  label: string;
}

/** The spec's fills: neutral black at 0.3, red on hover, green when selected. */
export const SHAPE_FILL = {
  idle: 'rgba(0,0,0,0.3)',
  hover: 'rgba(211,47,47,0.45)',
  selected: 'rgba(46,125,50,0.5)',
};

interface Props {
  planUrl: string | null;
  size: PlanSize;
  transform: PlanTransform;
  shapes: PlanShape[];
  selectedId?: number | null;
  showPlan?: boolean;
  showShapes?: boolean;
  showLabels?: boolean;
  /** Label font size in layer units. */
  labelSize?: number;
  /** Pan and zoom (`translate(x,y) scale(k)`), applied to plan and layer together. */
  viewTransform?: string;
  onShapeClick?: (id: number, event: ReactPointerEvent<SVGElement>) => void;
  /** Enter or Space on a focused shape: the keyboard's click (issue 47); shapes are focusable with it. */
  onShapeActivate?: (id: number) => void;
  /** Drawn inside the layer group, in layer coordinates, above the polygons. */
  children?: ReactNode;
  height?: number | string;
  title: string;
  layerRef?: Ref<SVGGElement>;
  /**
   * The pan-and-zoom group (plan and layer). A caller that pans and zooms imperatively (d3-zoom)
   * sets its `transform` attribute through this ref instead of `viewTransform`, so that a frame of
   * panning renders nothing in React.
   */
  viewRef?: Ref<SVGGElement>;
  /** Marks the layer group (`data-kind`), e.g. `locations` or `zones`, for the caller's styles. */
  shapeKind?: string;
}

/** The pointer's position in the coordinates of `layer` (zoom, pan and transform undone). */
export function layerPoint(event: { clientX: number; clientY: number }, layer: SVGGElement): Point {
  const matrix = layer.getScreenCTM();
  if (!matrix) return { x: 0, y: 0 };
  const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
  return { x: point.x, y: point.y };
}

export const PlanSvg = forwardRef(function PlanSvg(
  {
    planUrl,
    size,
    transform,
    shapes,
    selectedId = null,
    showPlan = true,
    showShapes = true,
    showLabels = true,
    labelSize = 14,
    viewTransform,
    onShapeClick,
    onShapeActivate,
    children,
    height = 700,
    title,
    layerRef,
    viewRef,
    shapeKind,
  }: Props,
  ref: Ref<SVGSVGElement>,
) {
  return (
    <Box
      component="svg"
      ref={ref}
      // A group, not an image: the rooms and markers inside are controls of their own.
      role="group"
      aria-label={title}
      viewBox={`0 0 ${size.width} ${size.height}`}
      preserveAspectRatio="xMidYMid meet"
      sx={{
        display: 'block',
        width: '100%',
        height,
        bgcolor: 'background.paper',
        touchAction: 'none',
        userSelect: 'none',
        '& .plan-shape': {
          fill: SHAPE_FILL.idle,
          stroke: 'rgba(0,0,0,0.55)',
          strokeWidth: 1,
          cursor: 'pointer',
        },
        '& .plan-shape:hover': { fill: SHAPE_FILL.hover },
        '& .plan-shape:focus': { outline: 'none' },
        '& .plan-shape:focus-visible': { fill: SHAPE_FILL.hover, stroke: '#1565c0', strokeWidth: 3 },
        '& .plan-shape[data-selected="true"]': { fill: SHAPE_FILL.selected },
        '& .plan-label': {
          pointerEvents: 'none',
          fill: '#fff',
          paintOrder: 'stroke',
          stroke: 'rgba(0,0,0,0.6)',
        },
      }}
    >
      <g ref={viewRef} transform={viewTransform}>
        {showPlan && planUrl ? (
          <image
            href={planUrl}
            x={0}
            y={0}
            width={size.width}
            height={size.height}
            preserveAspectRatio="none"
          />
        ) : null}
        <g
          ref={layerRef}
          data-kind={shapeKind}
          transform={`translate(${transform.x},${transform.y}) scale(${transform.scale})`}
        >
          {showShapes
            ? shapes.map((shape) => (
                <polygon
                  key={shape.id}
                  className="plan-shape"
                  data-selected={shape.id === selectedId}
                  data-shape-id={shape.id}
                  points={shape.points.map((p) => `${p.x},${p.y}`).join(' ')}
                  onPointerUp={onShapeClick ? (event) => onShapeClick(shape.id, event) : undefined}
                  {...(onShapeActivate
                    ? {
                        role: 'button',
                        tabIndex: 0,
                        'aria-label': shape.label,
                        'aria-pressed': shape.id === selectedId,
                        onKeyDown: (event: ReactKeyboardEvent) => {
                          if (event.key !== 'Enter' && event.key !== ' ') return;
                          event.preventDefault();
                          onShapeActivate(shape.id);
                        },
                      }
                    : {})}
                >
                  <title>{shape.label}</title>
                </polygon>
              ))
            : null}
          {showShapes && showLabels
            ? shapes.map((shape) => {
                const center = polygonCenter(shape.points);
                return (
                  <text
                    key={shape.id}
                    className="plan-label"
                    x={center.x}
                    y={center.y}
                    fontSize={labelSize}
                    strokeWidth={labelSize / 5}
                    textAnchor="middle"
                    dominantBaseline="middle"
                  >
                    {shape.label}
                  </text>
                );
              })
            : null}
          {children}
        </g>
      </g>
    </Box>
  );
});
