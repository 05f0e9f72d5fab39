/**
 * The floor's devices on the plan: one circle per device, coloured by its status, in the locations
 * layer's coordinates. Markers are memoised per device object (a move re-renders one marker), and
 * one pointer handler on the group serves them all: a press that moves drags the marker (its
 * position is set on the element while dragging, React renders nothing), a press that does not
 * is a click.
 */
import type { ListedDevice, Point } from '@asbuilt/domain';
import { memo, type PointerEvent as ReactPointerEvent } from 'react';
import { layerPoint } from './PlanSvg.tsx';
import { CLICK_DISTANCE, deviceLabel } from './planView.ts';
import { NO_PAN_ATTRIBUTE } from './usePanZoom.ts';

interface Props {
  devices: ListedDevice[];
  radius: number;
  colorOf: (status: string | null) => string;
  /** Markers may be dragged (Contributor and above). */
  movable: boolean;
  onMove: (device: ListedDevice, point: Point) => void;
  onOpen: (device: ListedDevice) => void;
}

const Marker = memo(function Marker({
  device,
  radius,
  fill,
}: {
  device: ListedDevice;
  radius: number;
  fill: string;
}) {
  return (
    <circle
      className="plan-marker"
      data-device-id={device.id}
      cx={device.plan_x ?? 0}
      cy={device.plan_y ?? 0}
      r={radius}
      fill={fill}
    >
      <title>{deviceLabel(device)}</title>
    </circle>
  );
});

export const DeviceMarkers = memo(function DeviceMarkers({
  devices,
  radius,
  colorOf,
  movable,
  onMove,
  onOpen,
}: Props) {
  const byId = new Map(devices.map((device) => [device.id, device]));

  const press = (event: ReactPointerEvent<SVGGElement>) => {
    const target = event.target as Element;
    const marker = target.closest('.plan-marker') as SVGCircleElement | null;
    const device = marker ? byId.get(Number(marker.dataset.deviceId)) : undefined;
    if (!marker || !device || event.button !== 0) return;
    event.stopPropagation();
    const group = event.currentTarget;
    const start = { x: event.clientX, y: event.clientY };
    const pointerId = event.pointerId;
    let dragging = false;
    let last: Point | null = null;
    marker.setPointerCapture(pointerId);

    const move = (e: PointerEvent) => {
      if (e.pointerId !== pointerId || !movable) return;
      if (!dragging && Math.hypot(e.clientX - start.x, e.clientY - start.y) < CLICK_DISTANCE) return;
      if (!dragging) {
        dragging = true;
        marker.classList.add('dragging');
      }
      last = layerPoint(e, group);
      marker.setAttribute('cx', String(last.x));
      marker.setAttribute('cy', String(last.y));
    };
    const end = (e: PointerEvent) => {
      if (e.pointerId !== pointerId) return;
      marker.removeEventListener('pointermove', move);
      marker.removeEventListener('pointerup', end);
      marker.removeEventListener('pointercancel', end);
      marker.classList.remove('dragging');
      if (e.type === 'pointercancel') {
        marker.setAttribute('cx', String(device.plan_x ?? 0));
        marker.setAttribute('cy', String(device.plan_y ?? 0));
        return;
      }
      if (dragging && last) onMove(device, last);
      else if (!dragging) onOpen(device);
    };
    marker.addEventListener('pointermove', move);
    marker.addEventListener('pointerup', end);
    marker.addEventListener('pointercancel', end);
  };

  return (
    <g
      className="plan-markers"
      data-movable={movable}
      strokeWidth={radius / 4}
      {...{ [NO_PAN_ATTRIBUTE]: true }}
      onPointerDown={press}
    >
      {devices.map((device) => (
        <Marker key={device.id} device={device} radius={radius} fill={colorOf(device.status)} />
      ))}
    </g>
  );
});
