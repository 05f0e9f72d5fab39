/**
 * The parts of the locations, zones and floorplan pages drawn on demand (the dialogs that add and
 * edit floors, locations, zones and layers, with their checks; a card's files and vault tabs),
 * loaded after the page's first paint (see components/shownLater.tsx): the pages import them from
 * here, not from their own files.
 */
import { drawnLater, shownLater } from '../../components/shownLater.tsx';
import type { SpatialDialogProps } from './spatialTargets.ts';

const SpatialDialogLater = shownLater(() => import('./SpatialDialog.tsx').then((m) => m.SpatialDialog));

/** The dialog shows while it has a target (it keeps the last one on screen while it closes). */
export function SpatialDialog(props: Omit<SpatialDialogProps, 'open'>) {
  return <SpatialDialogLater {...props} open={props.target !== null} />;
}
export const SpatialDeleteDialog = shownLater(() =>
  import('./SpatialDelete.tsx').then((m) => m.SpatialDeleteDialog),
);
export const AttachmentsView = drawnLater(() =>
  import('../attachments/AttachmentsView.tsx').then((m) => m.AttachmentsView),
);
export const SecretsView = drawnLater(() => import('../vault/SecretsView.tsx').then((m) => m.SecretsView));
