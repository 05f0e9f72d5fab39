/**
 * The floor's devices on the plan, in the locations layer's coordinates: per device a group placed
 * at its position holding a body drawn in screen pixels (a disc of the status colour with the
 * category's glyph, the label when shown, a wider transparent hit area on touch screens). The
 * bodies keep their size on screen through one CSS rule (`.plan-marker-body`) that PlanCanvas
 * rewrites when the zoom crosses a step, so a frame of panning restyles nothing.
 *
 * Markers are memoised per device object (a move re-renders one marker), and one set of pointer
 * handlers on the group serves them all: a press that moves drags the marker (its group's
 * transform is set while dragging, React renders nothing), a press that does not is a click
 * (a tap on a touch screen previews the device instead); hovering with a mouse previews it.
 *
 * Without a mouse (issue 47): each marker is a focusable button named by its code, name and status;
 * Enter opens the device, the arrow keys move a movable marker, Enter drops it, Escape (or leaving
 * it) puts it back.
 */
import type { ListedDevice, Point } from '@asbuilt/domain';
import {
  memo,
  type FocusEvent as ReactFocusEvent,
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  useId,
  useRef,
} from 'react';
import { useTranslation } from 'react-i18next';
import { MARKER_ICONS, markerIcon } from './markerIcons.ts';
import { layerPoint } from './PlanSvg.tsx';
import { CLICK_DISTANCE, deviceLabel } from './planView.ts';
import { NO_PAN_ATTRIBUTE } from './usePanZoom.ts';

/** The disc's radius in screen pixels at the smallest step (24 px across). */
export const MARKER_RADIUS = 12;
/**
 * Above this many markers the glyphs are left out: 1,000 glyph paths rasterised on every frame of
 * a pan cost more than a frame (bench/RESULTS.md §9).
 */
export const GLYPH_LIMIT = 300;
/** Half of the 44 px a finger needs. */
export const TOUCH_HIT_RADIUS = 22;

interface Props {
  devices: ListedDevice[];
  colorOf: (status: string | null) => string;
  /** Markers may be dragged (Contributor and above). */
  movable: boolean;
  showLabels: boolean;
  /** Touch screens: a hit area of 44 px around each marker. */
  touch: boolean;
  onMove: (device: ListedDevice, point: Point, marker: SVGGElement) => void;
  onOpen: (device: ListedDevice) => void;
  /** A device to preview next to its marker (null: none); `pinned` for a tap. */
  onPreview: (device: ListedDevice | null, marker: SVGGElement | null, pinned: boolean) => void;
}

export const markerTransform = (x: number, y: number) => `translate(${x},${y})`;

/** How far an arrow key moves a marker, in screen pixels (with Shift: five times as far). */
const KEY_STEP = 8;
const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/** What a screen reader says of a marker: its code, its name (or its product's) and its status. */
export function markerName(device: ListedDevice): string {
  const name = device.name || device.product.name;
  const parts = [device.code, name === device.code ? null : name, device.status];
  return parts.filter(Boolean).join(', ');
}

const Marker = memo(function Marker({
  device,
  fill,
  showLabel,
  touch,
  glyph,
  helpId,
}: {
  device: ListedDevice;
  fill: string;
  showLabel: boolean;
  touch: boolean;
  glyph: boolean;
  /** The `desc` telling what the keys do. */
  helpId: string;
}) {
  const label = deviceLabel(device);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a marker inside an svg, where no <button> can stand
    <g
      className="plan-marker"
      data-device-id={device.id}
      transform={markerTransform(device.plan_x ?? 0, device.plan_y ?? 0)}
      role="button"
      tabIndex={0}
      aria-label={markerName(device)}
      aria-describedby={helpId}
    >
      <g className="plan-marker-body">
        {touch ? <circle className="plan-marker-hit" r={TOUCH_HIT_RADIUS} fill="transparent" /> : null}
        <circle className="plan-marker-disc" r={MARKER_RADIUS} fill={fill} />
        {glyph ? (
          <path
            d={MARKER_ICONS[markerIcon(device)]}
            transform="translate(-7.5,-7.5) scale(0.625)"
            fill="#fff"
            pointerEvents="none"
          />
        ) : null}
        {showLabel ? (
          <text className="plan-device-label" y={MARKER_RADIUS + 11} textAnchor="middle">
            {label}
          </text>
        ) : null}
      </g>
    </g>
  );
});

export const DeviceMarkers = memo(function DeviceMarkers({
  devices,
  colorOf,
  movable,
  showLabels,
  touch,
  onMove,
  onOpen,
  onPreview,
}: Props) {
  const { t } = useTranslation('plans');
  const helpId = useId();
  /** The marker being moved with the arrow keys, and where it stands now (layer coordinates). */
  const moving = useRef<{ device: ListedDevice; marker: SVGGElement; point: Point } | null>(null);
  const byId = new Map(devices.map((device) => [device.id, device]));
  const glyph = devices.length <= GLYPH_LIMIT;
  const markerOf = (target: EventTarget | null) => {
    const marker = (target as Element | null)?.closest?.('.plan-marker') as SVGGElement | null;
    const device = marker ? byId.get(Number(marker.dataset.deviceId)) : undefined;
    return marker && device ? { marker, device } : null;
  };

  const press = (event: ReactPointerEvent<SVGGElement>) => {
    const found = markerOf(event.target);
    if (!found || event.button !== 0) return;
    const { marker, device } = found;
    event.stopPropagation();
    const group = event.currentTarget;
    const start = { x: event.clientX, y: event.clientY };
    const pointerId = event.pointerId;
    const tap = event.pointerType !== 'mouse';
    let dragging = false;
    let last: Point | null = null;
    marker.setPointerCapture(pointerId);

    const move = (e: PointerEvent) => {
      if (e.pointerId !== pointerId || !movable) return;
      if (!dragging && Math.hypot(e.clientX - start.x, e.clientY - start.y) < CLICK_DISTANCE) return;
      if (!dragging) {
        dragging = true;
        marker.classList.add('dragging');
        onPreview(null, null, false);
      }
      last = layerPoint(e, group);
      marker.setAttribute('transform', markerTransform(last.x, last.y));
    };
    const end = (e: PointerEvent) => {
      if (e.pointerId !== pointerId) return;
      marker.removeEventListener('pointermove', move);
      marker.removeEventListener('pointerup', end);
      marker.removeEventListener('pointercancel', end);
      marker.classList.remove('dragging');
      if (e.type === 'pointercancel') {
        marker.setAttribute('transform', markerTransform(device.plan_x ?? 0, device.plan_y ?? 0));
        return;
      }
      if (dragging && last) onMove(device, last, marker);
      else if (!dragging && tap) onPreview(device, marker, true);
      else if (!dragging) onOpen(device);
    };
    marker.addEventListener('pointermove', move);
    marker.addEventListener('pointerup', end);
    marker.addEventListener('pointercancel', end);
  };

  const over = (event: ReactPointerEvent<SVGGElement>) => {
    if (event.pointerType !== 'mouse' || event.buttons) return;
    const found = markerOf(event.target);
    if (found) onPreview(found.device, found.marker, false);
  };
  const out = (event: ReactPointerEvent<SVGGElement>) => {
    if (event.pointerType !== 'mouse') return;
    if (markerOf(event.relatedTarget)) return;
    onPreview(null, null, false);
  };

  const putBack = () => {
    const current = moving.current;
    if (!current) return;
    moving.current = null;
    current.marker.classList.remove('dragging');
    current.marker.setAttribute(
      'transform',
      markerTransform(current.device.plan_x ?? 0, current.device.plan_y ?? 0),
    );
  };

  const key = (event: ReactKeyboardEvent<SVGGElement>) => {
    const found = markerOf(event.target);
    if (!found) return;
    const { marker, device } = found;
    const arrow = ARROWS[event.key];
    if (arrow && movable) {
      event.preventDefault();
      if (moving.current?.device.id !== device.id) {
        putBack();
        moving.current = { device, marker, point: { x: device.plan_x ?? 0, y: device.plan_y ?? 0 } };
        marker.classList.add('dragging');
        onPreview(null, null, false);
      }
      // Steps of the same size on screen whatever the zoom: screen pixels over the layer's scale.
      const scale = (marker.parentNode as SVGGElement | null)?.getScreenCTM()?.a || 1;
      const step = (KEY_STEP * (event.shiftKey ? 5 : 1)) / scale;
      const point = moving.current!.point;
      moving.current!.point = { x: point.x + arrow[0] * step, y: point.y + arrow[1] * step };
      marker.setAttribute('transform', markerTransform(moving.current!.point.x, moving.current!.point.y));
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      const current = moving.current;
      if (current?.device.id === device.id) {
        moving.current = null;
        marker.classList.remove('dragging');
        onMove(device, current.point, marker);
      } else onOpen(device);
    } else if (event.key === 'Escape' && moving.current) {
      event.preventDefault();
      event.stopPropagation();
      putBack();
    }
  };
  // Leaving a marker half-moved puts it back: only Enter saves a move.
  const blur = (event: ReactFocusEvent<SVGGElement>) => {
    if (moving.current && moving.current.marker === event.target) putBack();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the markers' own keys, delegated to their group (one handler for 20,000 markers)
    <g
      className="plan-markers"
      data-movable={movable}
      {...{ [NO_PAN_ATTRIBUTE]: true }}
      onPointerDown={press}
      onPointerOver={over}
      onPointerOut={out}
      onKeyDown={key}
      onBlur={blur}
    >
      <desc id={helpId}>{t(movable ? 'markers.keyboard_help' : 'markers.keyboard_open')}</desc>
      {devices.map((device) => (
        <Marker
          key={device.id}
          device={device}
          fill={colorOf(device.status)}
          showLabel={showLabels}
          touch={touch}
          glyph={glyph}
          helpId={helpId}
        />
      ))}
    </g>
  );
});
