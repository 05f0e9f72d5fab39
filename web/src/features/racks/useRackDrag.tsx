/**
 * Dragging a device onto a U of a rack's face, from the list of devices to place or from another
 * U; back onto the list takes it out. Pointer events, so a mouse drags at once and a finger after
 * resting LONG_PRESS_MS on the device (before that it scrolls, as on the floorplan). What lies
 * under the pointer is read from the page: a face carries `data-rack-face`, `data-rack-id` and
 * `data-rack-height`; the list carries `data-rack-out`.
 */
import type { RackFace } from '@asbuilt/domain';
import { type PointerEvent as ReactPointerEvent, useCallback, useRef, useState } from 'react';
import { LONG_PRESS_MS } from '../plans/useDevicePlacement.tsx';
import { type DropTarget, unitAt } from './rackLayout.ts';

/** How far a mouse moves before a press becomes a drag (a click below it). */
const DRAG_DISTANCE = 4;
/** A click that follows a drag's release is the drag's, not a choice. */
const CLICK_AFTER_DRAG_MS = 400;
/** Near the window's top or bottom edge the page scrolls under a drag (a rack taller than a phone). */
const EDGE_PX = 48;
const EDGE_STEP_PX = 12;

/** How far to scroll for a pointer at `y`: up near the top, down near the bottom, else 0. */
function edgeScroll(y: number): number {
  if (y < EDGE_PX) return -EDGE_STEP_PX;
  if (y > window.innerHeight - EDGE_PX) return EDGE_STEP_PX;
  return 0;
}

export interface DragItem {
  deviceId: number;
  units: number;
  label: string;
  /** Where it was picked up: the list, or a rack (then a drop on the list takes it out). */
  from: 'list' | 'rack';
}

export interface RackDrag extends DragItem {
  target: DropTarget | null;
  x: number;
  y: number;
}

const sameTarget = (a: DropTarget | null, b: DropTarget | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a !== 'out' &&
    b !== 'out' &&
    a.rackId === b.rackId &&
    a.face === b.face &&
    a.u === b.u);

/** The face and U, or the list, under a point of the window. */
function targetAt(x: number, y: number): DropTarget | null {
  const element = document.elementFromPoint(x, y);
  const face = element?.closest<HTMLElement>('[data-rack-face]');
  if (face) {
    const height = Number(face.dataset.rackHeight);
    const rect = face.getBoundingClientRect();
    if (!height || rect.height <= 0) return null;
    return {
      rackId: Number(face.dataset.rackId),
      face: face.dataset.rackFace as RackFace,
      u: unitAt(rect.bottom - y, rect.height / height, height),
    };
  }
  return element?.closest('[data-rack-out]') ? 'out' : null;
}

export function useRackDrag(canEdit: boolean, onDrop: (item: DragItem, target: DropTarget) => void) {
  const ghostRef = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<RackDrag | null>(null);
  const endedAt = useRef(0);

  const press = useCallback(
    (item: DragItem, event: ReactPointerEvent<HTMLElement>) => {
      if (!canEdit || event.button !== 0) return;
      const element = event.currentTarget;
      const pointerId = event.pointerId;
      const start = { x: event.clientX, y: event.clientY };
      const touch = event.pointerType === 'touch';
      let armed = !touch;
      let dragging = false;
      let target: DropTarget | null = null;
      let timer = 0;
      let frame = 0;
      let last = start;
      const show = (x: number, y: number) => {
        last = { x, y };
        const next = targetAt(x, y);
        if (!dragging || !sameTarget(next, target)) {
          dragging = true;
          target = next;
          setDrag({ ...item, target, x, y });
        }
        if (ghostRef.current) ghostRef.current.style.transform = `translate(${x + 12}px, ${y + 12}px)`;
        if (!frame && edgeScroll(y) !== 0) frame = requestAnimationFrame(scroll);
      };
      // While the pointer rests near an edge the page keeps scrolling, and the U under it changes.
      const scroll = () => {
        frame = 0;
        const step = edgeScroll(last.y);
        if (!dragging || step === 0) return;
        window.scrollBy(0, step);
        show(last.x, last.y);
      };
      const holdStill = (e: TouchEvent) => {
        if (armed && e.cancelable) e.preventDefault();
      };
      element.setPointerCapture?.(pointerId);
      if (touch) {
        element.addEventListener('touchmove', holdStill, { passive: false });
        timer = window.setTimeout(() => {
          armed = true;
          navigator.vibrate?.(20);
          show(start.x, start.y);
        }, LONG_PRESS_MS);
      }
      const move = (e: PointerEvent) => {
        if (e.pointerId !== pointerId) return;
        const far = Math.hypot(e.clientX - start.x, e.clientY - start.y) >= DRAG_DISTANCE;
        if (!armed) {
          if (far) window.clearTimeout(timer);
          return;
        }
        if (dragging || far) show(e.clientX, e.clientY);
      };
      const end = (e: PointerEvent) => {
        if (e.pointerId !== pointerId) return;
        window.clearTimeout(timer);
        cancelAnimationFrame(frame);
        element.removeEventListener('pointermove', move);
        element.removeEventListener('pointerup', end);
        element.removeEventListener('pointercancel', end);
        element.removeEventListener('touchmove', holdStill);
        if (!dragging) return;
        dragging = false;
        endedAt.current = performance.now();
        setDrag(null);
        if (e.type === 'pointercancel') return;
        const dropped = targetAt(e.clientX, e.clientY);
        if (dropped) onDrop(item, dropped);
      };
      element.addEventListener('pointermove', move);
      element.addEventListener('pointerup', end);
      element.addEventListener('pointercancel', end);
    },
    [canEdit, onDrop],
  );

  /** Whether a click is the tail of a drag just released (and so no choice). */
  const afterDrag = useCallback(() => performance.now() - endedAt.current < CLICK_AFTER_DRAG_MS, []);

  return { drag, press, afterDrag, ghostRef };
}
