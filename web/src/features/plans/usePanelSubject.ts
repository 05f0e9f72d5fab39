/**
 * What the location panel shows: the selected zone (while zones show), else the selected location,
 * else the floor; each with its count of devices (archived ones left out).
 */
import {
  type FloorDto,
  type ListedDevice,
  LOCATION_TYPES,
  type LocationDto,
  type LocationType,
  type ZoneDto,
} from '@asbuilt/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PanelSubject } from './LocationPanel.tsx';
import { type FloorDevices, LAYER_INDEX, type LayerVisibility } from './planView.ts';

const LOCATION_TYPE_SET: ReadonlySet<string> = new Set(LOCATION_TYPES);

interface Options {
  devices: readonly ListedDevice[];
  floor: FloorDto | null;
  selectedLocation: LocationDto | null;
  selectedZone: ZoneDto | null;
  visibility: LayerVisibility;
  onFloor: FloorDevices;
}

export function usePanelSubject({
  devices,
  floor,
  selectedLocation,
  selectedZone,
  visibility,
  onFloor,
}: Options): PanelSubject | null {
  const { t } = useTranslation(['plans', 'domain']);
  const counts = useMemo(() => {
    const byLocation = new Map<number, number>();
    const byZone = new Map<number, number>();
    for (const device of devices) {
      if (device.archived) continue;
      if (device.location_id !== null)
        byLocation.set(device.location_id, (byLocation.get(device.location_id) ?? 0) + 1);
      if (device.zone_id !== null) byZone.set(device.zone_id, (byZone.get(device.zone_id) ?? 0) + 1);
    }
    return { byLocation, byZone };
  }, [devices]);
  const typeText = (type: string | null) =>
    !type
      ? undefined
      : LOCATION_TYPE_SET.has(type)
        ? t(`domain:location_type.${type as LocationType}`)
        : type;
  const zonesShown = visibility[LAYER_INDEX.zones];
  return selectedZone && zonesShown
    ? {
        kind: 'zone',
        id: selectedZone.id,
        name: selectedZone.name,
        code: selectedZone.code,
        devices: counts.byZone.get(selectedZone.id) ?? 0,
      }
    : selectedLocation
      ? {
          kind: 'location',
          id: selectedLocation.id,
          name: selectedLocation.name,
          code: selectedLocation.code,
          type: typeText(selectedLocation.location_type),
          devices: counts.byLocation.get(selectedLocation.id) ?? 0,
          linked: selectedLocation.linked,
        }
      : floor
        ? {
            kind: 'floor',
            id: floor.id,
            name: floor.name,
            code: floor.code,
            devices: onFloor.onFloor,
            locations: floor.locations.length,
            linked: floor.linked,
            placed: onFloor.onFloor - onFloor.unplaced.filter((d) => d.floor_id === floor.id).length,
          }
        : null;
}
