/**
 * The chip that follows the pointer while a device is dragged; green over a U where it fits, red
 * over one where it does not. useRackDrag moves it through its ref between renders.
 */
import type { RefObject } from 'react';
import { DragGhost } from '../../components/DragGhost.tsx';
import type { RackDrag } from './useRackDrag.tsx';

export function RackDragGhost({
  drag,
  fits,
  ghostRef,
}: {
  drag: RackDrag;
  /** Over a face: whether it may land there; elsewhere undefined. */
  fits: boolean | undefined;
  ghostRef: RefObject<HTMLDivElement | null>;
}) {
  return (
    <DragGhost
      x={drag.x}
      y={drag.y}
      label={drag.label}
      color={fits === undefined ? 'default' : fits ? 'success' : 'error'}
      ghostRef={ghostRef}
    />
  );
}
