/**
 * The chip that follows the pointer while a device is dragged from the list of devices to place;
 * highlighted over the plan. useDevicePlacement moves it through its ref between renders.
 */
import type { RefObject } from 'react';
import { DragGhost } from '../../components/DragGhost.tsx';
import { deviceLabel } from './planView.ts';
import type { ListDrag } from './useDevicePlacement.tsx';

export function ListDragGhost({
  drag,
  ghostRef,
}: {
  drag: ListDrag;
  ghostRef: RefObject<HTMLDivElement | null>;
}) {
  return (
    <DragGhost
      x={drag.x}
      y={drag.y}
      label={deviceLabel(drag.device)}
      color={drag.over ? 'primary' : 'default'}
      ghostRef={ghostRef}
    />
  );
}
