/**
 * Drawing the selected location's polygon on the plan: a new one point by point, or the present
 * one edited; saved with the location. Delete or Backspace removes the selected point (a polygon
 * keeps 3); Escape cancels. Another floor ends the drawing.
 */
import { formatPolygon, type LocationDto, type Point, polygonPoints } from '@asbuilt/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useUpdateLocation } from '../../api/spatial.ts';
import { toastSuccess } from '../../lib/toast.ts';
import type { Drawing } from './PlanCanvas.tsx';

interface Options {
  siteId: number;
  floorId: number | null;
  selectedLocation: LocationDto | null;
  /** The polygon shows on the locations layer: it must be on. */
  showLocationsLayer: () => void;
}

export function usePolygonDrawing({ siteId, floorId, selectedLocation, showLocationsLayer }: Options) {
  const { t } = useTranslation('plans');
  const updateLocation = useUpdateLocation(siteId);
  const [drawing, setDrawing] = useState<Drawing | null>(null);
  const drawingRef = useRef(drawing);
  drawingRef.current = drawing;
  // biome-ignore lint/correctness/useExhaustiveDependencies: another floor ends the drawing
  useEffect(() => setDrawing(null), [floorId]);

  const noLocation = () => toast.error(t('draw.no_location_selected'));
  const startDraw = () => {
    if (!selectedLocation) return noLocation();
    showLocationsLayer();
    setDrawing({ mode: 'create', locationId: selectedLocation.id, points: [], selectedIndex: null });
  };
  const startEdit = () => {
    if (!selectedLocation) return noLocation();
    const points = polygonPoints(selectedLocation.polygon);
    if (points.length < 3) return;
    showLocationsLayer();
    setDrawing({ mode: 'edit', locationId: selectedLocation.id, points, selectedIndex: null });
  };
  const cancelDrawing = () => setDrawing(null);
  const saveDrawing = useCallback(() => {
    const current = drawingRef.current;
    if (!current) return;
    if (current.points.length < 3) {
      toast.error(t('draw.too_few_points'));
      return;
    }
    updateLocation.mutate(
      { id: current.locationId, polygon: formatPolygon(current.points) },
      {
        onSuccess: () => {
          toastSuccess(t('toast.location_updated'));
          setDrawing(null);
        },
      },
    );
  }, [t, updateLocation.mutate]);
  const onDrawingChange = useCallback((points: Point[]) => setDrawing((d) => (d ? { ...d, points } : d)), []);
  const onDrawingSelect = useCallback(
    (selectedIndex: number | null) => setDrawing((d) => (d ? { ...d, selectedIndex } : d)),
    [],
  );

  useEffect(() => {
    if (!drawing) return;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]')) return;
      const current = drawingRef.current;
      if (!current) return;
      if (event.key === 'Escape') {
        setDrawing(null);
        return;
      }
      if ((event.key === 'Delete' || event.key === 'Backspace') && current.selectedIndex !== null) {
        event.preventDefault();
        if (current.mode === 'edit' && current.points.length <= 3) {
          toast.info(t('draw.min_points'), { toastId: 'min-points' });
          return;
        }
        const points = current.points.filter((_, i) => i !== current.selectedIndex);
        setDrawing({ ...current, points, selectedIndex: null });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drawing, t]);

  return {
    drawing,
    startDraw,
    startEdit,
    cancelDrawing,
    saveDrawing,
    onDrawingChange,
    onDrawingSelect,
    saving: updateLocation.isPending,
  };
}
