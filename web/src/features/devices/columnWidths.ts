/**
 * The devices table's column widths, as each user dragged them. Kept in the browser's storage,
 * per user (not per site: the columns are the same on every site), and not on the server: a
 * width fits a screen, and the saved headers (POST /api/site/headers) stay the column keys.
 */
import { isDeviceColumnKey } from '@asbuilt/domain';
import { useCallback, useState } from 'react';
import { useCurrentUser } from '../../session/CurrentUser.tsx';

const storageKey = (userId: number) => `asbuilt.deviceColumnWidths.${userId}`;

function read(userId: number): Record<string, number> {
  try {
    const saved = JSON.parse(localStorage.getItem(storageKey(userId)) ?? 'null') as unknown;
    if (!saved || typeof saved !== 'object') return {};
    return Object.fromEntries(
      Object.entries(saved).filter(
        ([key, width]) => isDeviceColumnKey(key) && typeof width === 'number' && Number.isFinite(width),
      ),
    );
  } catch {
    return {};
  }
}

export function useDeviceColumnWidths(): [Record<string, number>, (next: Record<string, number>) => void] {
  const { id } = useCurrentUser();
  const [widths, setWidths] = useState(() => read(id));
  const change = useCallback(
    (next: Record<string, number>) => {
      setWidths(next);
      try {
        localStorage.setItem(storageKey(id), JSON.stringify(next));
      } catch {
        // storage blocked: the widths last until the page is reloaded
      }
    },
    [id],
  );
  return [widths, change];
}
