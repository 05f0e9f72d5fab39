/**
 * Drawing a location's polygon on the plan (spatial-and-admin.md section 4, "Plan drawing"), in
 * the locations layer's coordinates:
 * - create: yellow points joined by lines; each click on the plan adds one (the canvas does
 *   that); clicking the first point closes the polygon and saves it;
 * - edit: the polygon's points can be dragged; a click selects a point (Delete or Backspace
 *   removes it, the dashboard listens); a double-click on the plan inserts a point at the nearest
 *   edge's midpoint (the canvas does that).
 */
import { POLYGON_MIN_POINTS, type Point } from '@asbuilt/domain';
import { type PointerEvent as ReactPointerEvent, useState } from 'react';
import { layerPoint } from './PlanSvg.tsx';
import { CLICK_DISTANCE } from './planView.ts';
import { NO_PAN_ATTRIBUTE } from './usePanZoom.ts';

export type DrawMode = 'create' | 'edit';

interface Props {
  mode: DrawMode;
  points: Point[];
  radius: number;
  selectedIndex: number | null;
  onSelect: (index: number | null) => void;
  onChange: (points: Point[]) => void;
  /** create: the first point was clicked with enough points. */
  onClose: () => void;
  labels: { point: (index: number) => string; close: string };
}

const DRAW_COLOR = '#FFD600';

export function PolygonEditor({
  mode,
  points,
  radius,
  selectedIndex,
  onSelect,
  onChange,
  onClose,
  labels,
}: Props) {
  // The point being dragged, drawn here until the drag ends (the dashboard gets one change).
  const [drag, setDrag] = useState<{ index: number; at: Point } | null>(null);
  const shown = drag ? points.map((p, i) => (i === drag.index ? drag.at : p)) : points;
  const text = shown.map((p) => `${p.x},${p.y}`).join(' ');
  const canClose = mode === 'create' && points.length >= POLYGON_MIN_POINTS;

  const press = (index: number, event: ReactPointerEvent<SVGCircleElement>) => {
    if (event.button !== 0) return;
    event.stopPropagation();
    const handle = event.currentTarget;
    const group = handle.parentNode as SVGGElement;
    const start = { x: event.clientX, y: event.clientY };
    const pointerId = event.pointerId;
    let moved = false;
    let last: Point | null = null;
    handle.setPointerCapture(pointerId);
    const move = (e: PointerEvent) => {
      if (e.pointerId !== pointerId || mode !== 'edit') return;
      if (!moved && Math.hypot(e.clientX - start.x, e.clientY - start.y) < CLICK_DISTANCE) return;
      moved = true;
      last = layerPoint(e, group);
      setDrag({ index, at: last });
    };
    const end = (e: PointerEvent) => {
      if (e.pointerId !== pointerId) return;
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', end);
      handle.removeEventListener('pointercancel', end);
      setDrag(null);
      if (e.type === 'pointercancel') return;
      if (moved && last) {
        const at = last;
        onChange(points.map((p, i) => (i === index ? at : p)));
        onSelect(index);
      } else if (mode === 'create') {
        if (index === 0 && canClose) onClose();
      } else {
        onSelect(index === selectedIndex ? null : index);
      }
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', end);
    handle.addEventListener('pointercancel', end);
  };

  return (
    <g className="plan-editor" data-mode={mode} {...{ [NO_PAN_ATTRIBUTE]: true }}>
      {mode === 'edit' ? (
        <polygon
          points={text}
          fill="rgba(255,214,0,0.25)"
          stroke={DRAW_COLOR}
          strokeWidth={2}
          vectorEffect="non-scaling-stroke"
          pointerEvents="none"
        />
      ) : (
        <polyline
          points={text}
          fill="none"
          stroke={DRAW_COLOR}
          strokeWidth={2}
          vectorEffect="non-scaling-stroke"
          pointerEvents="none"
        />
      )}
      {shown.map((point, index) => {
        const closing = index === 0 && canClose;
        const selected = mode === 'edit' && index === selectedIndex;
        return (
          <circle
            // biome-ignore lint/suspicious/noArrayIndexKey: a polygon's points are its indexes
            key={index}
            className="plan-point"
            data-index={index}
            data-selected={selected}
            cx={point.x}
            cy={point.y}
            r={closing ? radius * 1.6 : radius}
            fill={selected ? '#D32F2F' : DRAW_COLOR}
            stroke={closing ? '#D32F2F' : 'rgba(0,0,0,0.7)'}
            strokeWidth={closing ? 2 : 1}
            vectorEffect="non-scaling-stroke"
            style={{ cursor: mode === 'edit' ? 'move' : closing ? 'pointer' : 'default' }}
            onPointerDown={(event) => press(index, event)}
          >
            <title>{closing ? labels.close : labels.point(index + 1)}</title>
          </circle>
        );
      })}
    </g>
  );
}
