/**
 * Placing devices on the plan from the dashboard: moving a marker, or dragging a device from the
 * list of devices to place (with a mouse at once, with a finger after a long press). The marker
 * moves at once on screen and goes back if the server refuses; a drop off the plan image is
 * refused before any call. When a drop changes the device's floor, location or zone, a toast says
 * where it now is and offers Undo, which puts back its floor, location, zone and position.
 */
import type { DeviceDto, ListedDevice, Point, SiteDetail } from '@asbuilt/domain';
import { Button, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { type PointerEvent as ReactPointerEvent, type RefObject, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { api } from '../../api/client.ts';
import { afterDeviceChange, storeDevices } from '../../api/devices.ts';
import { siteKeys } from '../../api/sites.ts';
import { toastError, toastSuccess } from '../../lib/toast.ts';
import type { PlanCanvasHandle } from './PlanCanvas.tsx';
import { CLICK_DISTANCE } from './planView.ts';

/** How long a finger rests on a listed device before it can be dragged. */
export const LONG_PRESS_MS = 450;
const round = (n: number) => Math.round(n * 100) / 100;

export interface ListDrag {
  device: ListedDevice;
  over: boolean;
  x: number;
  y: number;
}

interface Options {
  siteId: number;
  site: Pick<SiteDetail, 'floors' | 'zones'>;
  canEdit: boolean;
  floorId: number | null;
  canvasRef: RefObject<PlanCanvasHandle | null>;
  openCard: (id: number) => void;
  /** A long press started a drag from the phone's drawer: the plan must show. */
  onTouchDrag: () => void;
}

type Place = Pick<ListedDevice, 'floor_id' | 'location_id' | 'zone_id'>;
const samePlace = (a: Place, b: Place) =>
  a.floor_id === b.floor_id && a.location_id === b.location_id && a.zone_id === b.zone_id;

export function useDevicePlacement({
  siteId,
  site,
  canEdit,
  floorId,
  canvasRef,
  openCard,
  onTouchDrag,
}: Options) {
  const { t } = useTranslation('plans');
  const queryClient = useQueryClient();

  const placeName = useCallback(
    (device: Place) => {
      const floor = site.floors.find((f) => f.id === device.floor_id);
      const location = floor?.locations.find((l) => l.id === device.location_id);
      const zone = site.zones.find((z) => z.id === device.zone_id);
      const parts = [location ? location.name : t('drop.no_location')];
      if (zone) parts.push(t('drop.zone', { zone: zone.name }));
      return parts.join(' · ');
    },
    [site, t],
  );

  const send = useCallback(
    async (body: Record<string, unknown>) => {
      const { device } = await api.put<{ device: DeviceDto }>('/site/devices', body);
      afterDeviceChange(queryClient, siteId, [device], { counts: true });
      return device;
    },
    [queryClient, siteId],
  );

  const undo = useCallback(
    (before: ListedDevice) => {
      const place = {
        id: before.id,
        floor_id: before.floor_id,
        location_id: before.location_id,
        zone_id: before.zone_id,
      };
      const body =
        before.on_plan && before.plan_x !== null && before.plan_y !== null
          ? { ...place, on_plan: true, plan_x: before.plan_x, plan_y: before.plan_y }
          : { ...place, on_plan: false };
      send(body).then(
        () => toastSuccess(t('drop.undone')),
        (error: unknown) => toastError(error),
      );
    },
    [send, t],
  );

  const announce = useCallback(
    (before: ListedDevice, after: DeviceDto) => {
      if (samePlace(before, after)) return;
      const name = after.code || after.name || after.product.name;
      toast.info(
        ({ closeToast }) => (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid="placement-toast">
            <Typography variant="body2" sx={{ flex: 1 }}>
              {t('drop.moved', { device: name, place: placeName(after) })}
            </Typography>
            <Button
              size="small"
              color="inherit"
              onClick={() => {
                closeToast();
                undo(before);
              }}
            >
              {t('drop.undo')}
            </Button>
          </Stack>
        ),
        { toastId: `placement-${after.id}`, autoClose: 8000 },
      );
    },
    [placeName, t, undo],
  );

  const moveDevice = useCallback(
    (device: ListedDevice, point: Point, target: number) => {
      const x = round(point.x);
      const y = round(point.y);
      const key = siteKeys.devices(siteId);
      void queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<ListedDevice[]>(key, (list) =>
        list?.map((d) =>
          d.id === device.id ? { ...d, on_plan: true, plan_x: x, plan_y: y, floor_id: target } : d,
        ),
      );
      send({
        id: device.id,
        plan_x: x,
        plan_y: y,
        on_plan: true,
        ...(device.floor_id === target ? {} : { floor_id: target }),
      }).then(
        (after) => announce(device, after),
        (error: unknown) => {
          // Refused: back where it was.
          storeDevices(queryClient, siteId, [device]);
          toastError(error);
        },
      );
    },
    [announce, queryClient, send, siteId],
  );

  const refuseDrop = useCallback(() => {
    toast.warning(t('drop.outside_plan'), { toastId: 'drop-outside-plan' });
  }, [t]);

  const onMoveDevice = useCallback(
    (device: ListedDevice, point: Point) => {
      if (floorId !== null) moveDevice(device, point, floorId);
    },
    [moveDevice, floorId],
  );

  // Dragging a device from the list of devices to place onto the plan.
  const ghostRef = useRef<HTMLDivElement>(null);
  const [listDrag, setListDrag] = useState<ListDrag | null>(null);
  const pressUnplaced = useCallback(
    (device: ListedDevice, event: ReactPointerEvent<HTMLElement>) => {
      if (event.button !== 0) return;
      const element = event.currentTarget;
      const start = { x: event.clientX, y: event.clientY };
      const pointerId = event.pointerId;
      const movable = canEdit && floorId !== null;
      // A finger scrolls the list; it drags only after resting LONG_PRESS_MS on the device.
      const touch = event.pointerType === 'touch';
      let armed = !touch;
      let dragging = false;
      let over = false;
      let timer = 0;
      element.setPointerCapture(pointerId);
      const holdStill = (e: TouchEvent) => {
        if (armed && e.cancelable) e.preventDefault();
      };
      if (touch && movable) {
        element.addEventListener('touchmove', holdStill, { passive: false });
        timer = window.setTimeout(() => {
          armed = true;
          navigator.vibrate?.(20);
          onTouchDrag();
          setListDrag({ device, over: false, x: start.x, y: start.y });
          dragging = true;
        }, LONG_PRESS_MS);
      }
      const move = (e: PointerEvent) => {
        if (e.pointerId !== pointerId || !movable) return;
        const far = Math.hypot(e.clientX - start.x, e.clientY - start.y) >= CLICK_DISTANCE;
        if (!armed) {
          if (far) window.clearTimeout(timer);
          return;
        }
        if (!dragging && !far) return;
        const point = canvasRef.current?.dropPoint(e.clientX, e.clientY) ?? null;
        const inside = point !== null && point !== 'outside';
        if (!dragging || inside !== over) {
          dragging = true;
          over = inside;
          setListDrag({ device, over, x: e.clientX, y: e.clientY });
        }
        if (ghostRef.current)
          ghostRef.current.style.transform = `translate(${e.clientX + 12}px, ${e.clientY + 12}px)`;
      };
      const end = (e: PointerEvent) => {
        if (e.pointerId !== pointerId) return;
        window.clearTimeout(timer);
        element.removeEventListener('pointermove', move);
        element.removeEventListener('pointerup', end);
        element.removeEventListener('pointercancel', end);
        element.removeEventListener('touchmove', holdStill);
        setListDrag(null);
        if (e.type === 'pointercancel') return;
        if (!dragging) {
          openCard(device.id);
          return;
        }
        const point = canvasRef.current?.dropPoint(e.clientX, e.clientY) ?? null;
        if (point === 'outside') refuseDrop();
        else if (point && floorId !== null) moveDevice(device, point, floorId);
      };
      element.addEventListener('pointermove', move);
      element.addEventListener('pointerup', end);
      element.addEventListener('pointercancel', end);
    },
    [canEdit, canvasRef, floorId, moveDevice, onTouchDrag, openCard, refuseDrop],
  );

  return { onMoveDevice, refuseDrop, pressUnplaced, listDrag, ghostRef };
}
