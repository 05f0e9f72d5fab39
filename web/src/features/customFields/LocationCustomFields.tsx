/** The location form's custom fields (issue 43), each saved in place. */
import type { LocationDto } from '@asbuilt/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldsFor } from '../../api/customFields.ts';
import { useUpdateLocation } from '../../api/spatial.ts';
import { toastSuccess } from '../../lib/toast.ts';
import { CustomFieldsDetails } from './CustomFieldsDetails.tsx';

export function LocationCustomFields({ siteId, location }: { siteId: number; location: LocationDto }) {
  const { t } = useTranslation('customFields');
  const fields = useFieldsFor('locations', siteId);
  const update = useUpdateLocation(siteId);
  // The dialog keeps the location it opened with: the values shown follow each save.
  const [values, setValues] = useState(location.custom_fields);
  return (
    <CustomFieldsDetails
      fields={fields}
      values={values}
      canEdit
      onSave={async (fieldId, text) => {
        const answer = await update.mutateAsync({
          id: location.id,
          custom_fields: { [fieldId]: text === '' ? null : text },
        });
        setValues((answer as { location: LocationDto }).location.custom_fields);
        toastSuccess(t('details.saved'));
      }}
    />
  );
}
