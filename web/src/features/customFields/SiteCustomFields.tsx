/** The site form's custom fields (issue 43), each saved in place like the device card's. */
import { useTranslation } from 'react-i18next';
import { useFieldsFor } from '../../api/customFields.ts';
import { useUpdateSiteSettings } from '../../api/spatial.ts';
import { toastSuccess } from '../../lib/toast.ts';
import { useSite } from '../sites/SiteContext.tsx';
import { CustomFieldsDetails } from './CustomFieldsDetails.tsx';

export function SiteCustomFields({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('customFields');
  const { site, siteId } = useSite();
  const fields = useFieldsFor('sites', siteId);
  const save = useUpdateSiteSettings(siteId);
  return (
    <CustomFieldsDetails
      fields={fields}
      values={site.custom_fields}
      canEdit={canEdit}
      onSave={async (fieldId, text) => {
        await save.mutateAsync({ custom_fields: { [fieldId]: text === '' ? null : text } });
        toastSuccess(t('details.saved'));
      }}
    />
  );
}
