/**
 * Drawing the selected location's or zone's polygon on the floorplan tab (spatial-and-admin.md
 * section 4): each click on the plan adds a point, closing on the first point saves the polygon,
 * Undo removes the last point, turning drawing off (or Escape) discards the points, cleared after
 * 300 ms so they fade out (section 9). Another floor ends the drawing.
 */
import { formatPolygon, POLYGON_MIN_POINTS, type Point } from '@asbuilt/domain';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateLocation, useUpdateZone } from '../../api/spatial.ts';
import { toastNotice, toastSuccess } from '../../lib/toast.ts';
import { layerPoint } from '../plans/PlanSvg.tsx';
import type { ChildKind } from './selection.ts';

/** Drawing points are cleared this long after drawing is turned off (section 9). */
export const CLEAR_POINTS_DELAY = 300;

interface Options {
  siteId: number;
  kind: ChildKind;
  floorId: number;
  /** The location or zone a closed polygon is saved to. */
  selectedId: number | null;
  /** False while the floor has nothing to draw: clicks on the plan then add no point. */
  canPlace: boolean;
  layerRef: RefObject<SVGGElement | null>;
}

export function usePolygonDrawing({ siteId, kind, floorId, selectedId, canPlace, layerRef }: Options) {
  const { t } = useTranslation('locations');
  const [drawing, setDrawing] = useState(false);
  const [points, setPoints] = useState<Point[]>([]);
  const clearTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const updateLocation = useUpdateLocation(siteId);
  const updateZone = useUpdateZone(siteId);
  const saving = updateLocation.isPending || updateZone.isPending;

  const stop = useCallback(() => {
    setDrawing(false);
    clearTimeout(clearTimer.current);
    clearTimer.current = setTimeout(() => setPoints([]), CLEAR_POINTS_DELAY);
  }, []);
  const start = () => {
    clearTimeout(clearTimer.current);
    setPoints([]);
    setDrawing(true);
  };
  useEffect(() => () => clearTimeout(clearTimer.current), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on a new floor only
  useEffect(() => {
    clearTimeout(clearTimer.current);
    setDrawing(false);
    setPoints([]);
  }, [floorId]);

  useEffect(() => {
    if (!drawing) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') stop();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drawing, stop]);

  const addPoint = (event: { clientX: number; clientY: number }) => {
    if (!drawing || !canPlace || saving || !layerRef.current) return;
    const point = layerPoint(event, layerRef.current);
    setPoints((current) => [...current, point]);
  };

  const undo = () => setPoints((current) => current.slice(0, -1));

  const close = () => {
    if (!drawing || saving) return;
    if (points.length < POLYGON_MIN_POINTS) {
      toastNotice(t('draw.need_points', { min: POLYGON_MIN_POINTS }), 'warning');
      return;
    }
    if (selectedId === null) {
      toastNotice(kind === 'location' ? t('draw.no_location') : t('draw.no_zone'));
      return;
    }
    const polygon = formatPolygon(points);
    const onSuccess = () => {
      toastSuccess(kind === 'location' ? t('toast.location_updated') : t('toast.zone_updated'));
      stop();
    };
    if (kind === 'location') updateLocation.mutate({ id: selectedId, polygon }, { onSuccess });
    else updateZone.mutate({ id: selectedId, polygon }, { onSuccess });
  };

  return { drawing, points, saving, start, stop, addPoint, undo, close };
}
