/**
 * What the Locations and Zones pages show on the right, kept in the address so a reload (or a
 * link from another page) opens the same card: `?floor=ID`, `?location=ID` or `?zone=ID`, and on
 * the Locations page `&tab=floorplan|devices|files|vault`. Nothing (or an id that is gone) selects
 * the first floor.
 */
import type { FloorDto, LocationDto, SiteDetail, ZoneDto } from '@asbuilt/domain';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type ChildKind = 'location' | 'zone';
export type SelectionType = 'floor' | ChildKind;

export interface SelectionRef {
  type: SelectionType;
  id: number;
}

export const CARD_TABS = ['floorplan', 'devices', 'files', 'vault'] as const;
export type CardTab = (typeof CARD_TABS)[number];

export interface Resolved<C> {
  /** The selected floor, or the floor of the selected child (null for a zone without a floor). */
  floor: FloorDto | null;
  /** The selected location or zone; null when a floor is selected. */
  child: C | null;
  ref: SelectionRef | null;
}

function childrenOf(site: SiteDetail, kind: ChildKind): Array<LocationDto | ZoneDto> {
  return kind === 'location' ? site.floors.flatMap((floor) => floor.locations) : site.zones;
}

export function useSpatialSelection<C extends LocationDto | ZoneDto>(site: SiteDetail, kind: ChildKind) {
  const [params, setParams] = useSearchParams();
  const childParam = Number(params.get(kind));
  const floorParam = Number(params.get('floor'));
  const tabParam = params.get('tab');
  const tab: CardTab = CARD_TABS.includes(tabParam as CardTab) ? (tabParam as CardTab) : 'floorplan';

  const resolved = useMemo<Resolved<C>>(() => {
    const floors = new Map(site.floors.map((floor) => [floor.id, floor]));
    const child = childParam ? childrenOf(site, kind).find((c) => c.id === childParam) : undefined;
    if (child) {
      return {
        floor: child.floor_id === null ? null : (floors.get(child.floor_id) ?? null),
        child: child as C,
        ref: { type: kind, id: child.id },
      };
    }
    const floor = (floorParam ? floors.get(floorParam) : undefined) ?? site.floors[0] ?? null;
    return { floor, child: null, ref: floor ? { type: 'floor', id: floor.id } : null };
  }, [site, kind, childParam, floorParam]);

  const select = useCallback(
    (ref: SelectionRef | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('floor');
          next.delete(kind);
          if (ref) next.set(ref.type, String(ref.id));
          return next;
        },
        { replace: true },
      ),
    [setParams, kind],
  );

  const setTab = useCallback(
    (value: CardTab) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value === 'floorplan') next.delete('tab');
          else next.set('tab', value);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  return { ...resolved, select, tab, setTab };
}
