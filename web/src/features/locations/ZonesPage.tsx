/** /site/{id}/zones: floors and their zones, the zone card with the floorplan (no tabs). */
import { SpatialPage } from './SpatialPage.tsx';

export function ZonesPage() {
  return <SpatialPage kind="zone" />;
}
