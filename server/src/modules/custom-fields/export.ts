/**
 * Custom field columns of a device spreadsheet (issue 43): one column per device field of the
 * tenant, headed by the field's name (what the import reads back), after the device's own.
 */
import { type CustomFieldValues, customFieldText } from '@asbuilt/domain';
import type { DbOrTx } from '../../db/client.ts';
import { tenantFieldRows } from './definitions.ts';

export async function exportedCustomFields(db: DbOrTx, tenantId: number) {
  const fields = await tenantFieldRows(db, tenantId, 'devices');
  return {
    headers: fields.map((field) => field.name),
    cells: (values: CustomFieldValues): Array<string | number | null> =>
      fields.map((field) => {
        const value = values[String(field.id)];
        if (value === undefined) return null;
        return typeof value === 'boolean' ? customFieldText(value, { yes: 'yes', no: 'no' }) : value;
      }),
  };
}
