/**
 * The floor, location and zone the dashboard shows. It opens on `?floor=` or `?location=` (else
 * the first floor) and keeps both parameters in the address as the selection changes; a location
 * or zone that is not on the shown floor counts as none.
 */
import type { FloorDto } from '@asbuilt/domain';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

export interface Selection {
  floorId: number | null;
  locationId: number | null;
}

/** The floor (and location) to open: `?floor=` or `?location=`, else the first floor. */
function initialSelection(floors: FloorDto[], params: URLSearchParams): Selection {
  const locationParam = Number(params.get('location'));
  for (const floor of floors) {
    const location = floor.locations.find((l) => l.id === locationParam);
    if (location) return { floorId: floor.id, locationId: location.id };
  }
  const floorParam = Number(params.get('floor'));
  const floor = floors.find((f) => f.id === floorParam) ?? floors[0];
  return { floorId: floor?.id ?? null, locationId: null };
}

export function usePlanSelection(floors: FloorDto[]) {
  const [searchParams, setSearchParams] = useSearchParams();
  const [selection, setSelection] = useState<Selection>(() => initialSelection(floors, searchParams));
  const floor = floors.find((f) => f.id === selection.floorId) ?? floors[0] ?? null;
  const locationId = floor?.locations.some((l) => l.id === selection.locationId)
    ? selection.locationId
    : null;
  const [zoneId, setZoneId] = useState<number | null>(null);
  const selectedLocation = floor?.locations.find((l) => l.id === locationId) ?? null;
  const selectedZone = floor?.zones.find((z) => z.id === zoneId) ?? null;

  const shownFloorId = floor?.id ?? null;
  useEffect(() => {
    if (shownFloorId === null) return;
    setSearchParams(
      (params) => {
        params.set('floor', String(shownFloorId));
        if (locationId === null) params.delete('location');
        else params.set('location', String(locationId));
        return params;
      },
      { replace: true },
    );
  }, [shownFloorId, locationId, setSearchParams]);

  return { floor, locationId, zoneId, setZoneId, selectedLocation, selectedZone, setSelection };
}
