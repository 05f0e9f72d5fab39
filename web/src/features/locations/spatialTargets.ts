/**
 * What the spatial dialogs work on (SpatialDialog, SpatialForm, SpatialDelete): the object to add
 * or edit, the screen that asks (`variant`), and what a save hands back.
 */
import type { FloorDto, LayerDto, LocationDto, ZoneDto } from '@asbuilt/domain';

export type DialogTarget =
  | { kind: 'floor'; floor?: FloorDto }
  | { kind: 'location'; floorId: number | null; location?: LocationDto }
  | { kind: 'zone'; floorId: number | null; zone?: ZoneDto }
  | { kind: 'layer'; layer?: LayerDto };

export type Kind = DialogTarget['kind'];
/** The kinds a device is placed on, deleted from the edit dialog. */
export type PlacedTarget = Exclude<DialogTarget, { kind: 'layer' }>;
export type PlacedKind = PlacedTarget['kind'];

/** The object a save created or changed. */
export type SavedObject =
  | { type: 'floor'; item: FloorDto }
  | { type: 'location'; item: LocationDto }
  | { type: 'zone'; item: ZoneDto }
  | { type: 'layer'; item: LayerDto };

export type SpatialVariant = 'locations' | 'config' | 'plans';

export interface SpatialDialogProps {
  siteId: number;
  /** The floors a location or a zone may be on. */
  floors?: FloorDto[];
  /** Whether it shows (loadedLater.tsx: while it has a target); the last target stays on screen while it closes. */
  open: boolean;
  target: DialogTarget | null;
  variant: SpatialVariant;
  onClose: () => void;
  onSaved?: (saved: SavedObject) => void;
  /** With it, editing a floor, location or zone offers Delete. */
  onDeleted?: (target: { type: PlacedKind; id: number }) => void;
}

export function editedOf(
  target: DialogTarget,
): { id: number; name: string; code: string | null } | undefined {
  if (target.kind === 'floor') return target.floor;
  if (target.kind === 'location') return target.location;
  if (target.kind === 'zone') return target.zone;
  return target.layer;
}

/** The floor a location or zone form starts on, as the form's select holds it ('' for none). */
export function initialFloor(target: DialogTarget, floors: FloorDto[], variant: SpatialVariant): string {
  const fallback =
    variant === 'plans'
      ? floors[0]?.id
      : variant === 'config' && floors.length === 1
        ? floors[0]!.id
        : undefined;
  let floor: number | null | undefined = null;
  if (target.kind === 'location') floor = target.location?.floor_id ?? target.floorId ?? fallback;
  else if (target.kind === 'zone') {
    floor = target.zone ? target.zone.floor_id : target.floorId;
    if (variant === 'config') floor = floor || fallback;
    else if (!target.zone) floor = floor ?? fallback;
  }
  return floor === null || floor === undefined ? '' : String(floor);
}
