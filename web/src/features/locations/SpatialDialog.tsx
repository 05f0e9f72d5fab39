/**
 * The one add/edit dialog of the site's spatial objects: a floor (name, code), a location (name,
 * code, location type, floor), a zone (name, code, floor) or a layer (name, code), and their
 * deletion (SpatialDelete).
 *
 * Three screens use it, each with the words and manners it always had (`variant`):
 * - `locations` (Locations and Zones pages): Add/Edit Floor|Location|Zone, Save enabled once
 *   something changed, Delete inside the dialog (confirm, then "Move and Delete").
 * - `config` (Floors and Zones & layers tabs): New/Edit Zone|Layer, Add/Edit Floor, full screen on
 *   phones, floors named with their code, an unchanged form just closes; a zone or a layer is
 *   deleted from the list (SpatialDeleteDialog), a floor inside the dialog.
 * - `plans` (floorplan dashboard): Add/Edit floor|location, one Save button enabled once the
 *   required fields are filled, no Delete.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog.tsx';
import { SpatialForm } from './SpatialForm.tsx';
import { editedOf, type Kind, type SpatialDialogProps, type SpatialVariant } from './spatialTargets.ts';

export type { DialogTarget, SavedObject, SpatialDialogProps, SpatialVariant } from './spatialTargets.ts';

function useTitle(variant: SpatialVariant) {
  const { t } = useTranslation(['locations', 'config', 'plans']);
  return (kind: Kind, editing: boolean): string => {
    if (variant === 'plans') {
      if (kind === 'location') return editing ? t('plans:tree.edit_location') : t('plans:tree.add_location');
      return editing ? t('plans:tree.edit_floor') : t('plans:tree.add_floor');
    }
    if (variant === 'config' && kind !== 'floor') {
      if (kind === 'layer') return editing ? t('config:layers.edit_title') : t('config:layers.new');
      return editing ? t('config:zones.edit_title') : t('config:zones.new');
    }
    if (kind === 'layer') return '';
    return editing ? t(`locations:dialog.edit.${kind}`) : t(`locations:dialog.new.${kind}`);
  };
}

export function SpatialDialog(props: SpatialDialogProps) {
  const { target, onClose, variant } = props;
  const title = useTitle(variant);
  const [busy, setBusy] = useState(false);
  // The last target stays while the dialog fades out.
  const [shown, setShown] = useState(target);
  if (target && target !== shown) setShown(target);
  const current = target ?? shown;
  return (
    <FormDialog
      open={props.open && current !== null}
      onClose={variant === 'plans' && busy ? undefined : onClose}
      title={current ? title(current.kind, Boolean(editedOf(current))) : null}
      fullScreenOnPhone={variant === 'config'}
    >
      {(key) => (current ? <SpatialForm key={key} {...props} target={current} onBusy={setBusy} /> : null)}
    </FormDialog>
  );
}
