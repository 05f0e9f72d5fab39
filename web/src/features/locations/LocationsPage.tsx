/** /site/{id}/locations: floors and their locations, the location card with its tabs. */
import { SpatialPage } from './SpatialPage.tsx';

export function LocationsPage() {
  return <SpatialPage kind="location" />;
}
