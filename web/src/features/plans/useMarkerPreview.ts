/**
 * The card beside a marker (MarkerPreview): shown while a mouse hovers the marker or the card,
 * pinned by a tap. Its place is the marker's disc in the canvas box's pixels.
 */
import type { ListedDevice } from '@asbuilt/domain';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import type { PreviewState } from './MarkerPreview.tsx';

export function useMarkerPreview(boxRef: RefObject<HTMLDivElement | null>) {
  const [preview, setPreview] = useState<(PreviewState & { width: number }) | null>(null);
  const holdPreview = useRef(false);
  const hideTimer = useRef(0);
  const onPreview = useCallback(
    (device: ListedDevice | null, marker: SVGGElement | null, pinned: boolean) => {
      window.clearTimeout(hideTimer.current);
      if (!device || !marker) {
        hideTimer.current = window.setTimeout(() => {
          if (!holdPreview.current) setPreview((p) => (p?.pinned ? p : null));
        }, 200);
        return;
      }
      const box = boxRef.current?.getBoundingClientRect();
      const disc = (marker.querySelector('.plan-marker-disc') ?? marker).getBoundingClientRect();
      if (!box) return;
      setPreview((p) =>
        p && p.device === device && p.pinned === pinned
          ? p
          : {
              device,
              pinned,
              width: box.width,
              at: {
                left: disc.left - box.left,
                right: disc.right - box.left,
                top: disc.top - box.top,
                bottom: disc.bottom - box.top,
              },
            },
      );
    },
    [boxRef],
  );
  const closePreview = useCallback(() => {
    holdPreview.current = false;
    setPreview(null);
  }, []);
  const onHoldPreview = useCallback(
    (hold: boolean) => {
      holdPreview.current = hold;
      if (!hold) onPreview(null, null, false);
    },
    [onPreview],
  );
  useEffect(() => () => window.clearTimeout(hideTimer.current), []);
  return { preview, onPreview, closePreview, onHoldPreview };
}
