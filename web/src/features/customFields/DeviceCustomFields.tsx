/** The device card's "Details" (issue 43): the custom fields that apply to the device's category. */
import { customFieldApplies } from '@asbuilt/domain';
import { useTranslation } from 'react-i18next';
import { useFieldsFor } from '../../api/customFields.ts';
import { useUpdateDevice } from '../../api/devices.ts';
import { toastSuccess } from '../../lib/toast.ts';
import type { DeviceRow } from '../devices/deviceRows.ts';
import { useSite } from '../sites/SiteContext.tsx';
import { CustomFieldsDetails } from './CustomFieldsDetails.tsx';

export function DeviceCustomFields({ row, canEdit }: { row: DeviceRow; canEdit: boolean }) {
  const { t } = useTranslation('customFields');
  const { siteId } = useSite();
  const update = useUpdateDevice(siteId);
  const { device } = row;
  const fields = useFieldsFor('devices', siteId).filter((field) =>
    customFieldApplies(field, 'devices', device.product.procat?.id ?? null),
  );
  return (
    <CustomFieldsDetails
      fields={fields}
      values={device.custom_fields}
      canEdit={canEdit}
      onSave={async (fieldId, text) => {
        await update.mutateAsync({
          id: device.id,
          changes: { custom_fields: { [fieldId]: text === '' ? null : text } },
          updated_at: device.updated_at,
        });
        toastSuccess(t('details.saved'));
      }}
    />
  );
}
