/**
 * Custom field values in the device calls: one device (create, update) or many at once (a bulk
 * change), checked by the domain's rules and written in one statement whatever the count.
 */
import { type CustomFieldValues, type CustomFieldValuesInput, type Message, message } from '@asbuilt/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { DeviceRow } from '../devices/present.ts';
import { customFieldChecker } from './values.ts';

export interface DeviceValuesUpdate {
  device: DeviceRow;
  productName: string;
  values: CustomFieldValues;
}

/**
 * The bulk change's values for each device (the same values sent, each device keeping its other
 * ones): the devices whose values change, or one problem per device and value naming the device.
 */
export async function bulkDeviceValues(
  tx: DbOrTx,
  tenantId: number,
  rows: Array<{ device: DeviceRow; productName: string }>,
  sent: CustomFieldValuesInput | undefined,
  label: (device: DeviceRow, productName: string) => string,
): Promise<{ updates: DeviceValuesUpdate[]; problems: Message[] }> {
  const updates: DeviceValuesUpdate[] = [];
  const problems: Message[] = [];
  if (!sent) return { updates, problems };
  const checker = await customFieldChecker(tx, tenantId, 'devices');
  for (const { device, productName } of rows) {
    const result = await checker.check(device.custom_fields, sent, { productId: device.product_id });
    for (const problem of result.problems) {
      problems.push(
        message('device_problem', {
          ...problem.params,
          device: label(device, productName),
          problem: problem.code,
        }),
      );
    }
    if (result.changed) updates.push({ device, productName, values: result.values });
  }
  return { updates, problems };
}

/** Writes each listed object's whole values, in one statement. */
export async function writeObjectValues(
  tx: DbOrTx,
  table: 'devices' | 'sites' | 'locations',
  updates: Array<{ id: number; values: CustomFieldValues }>,
): Promise<void> {
  if (updates.length === 0) return;
  await tx.execute(
    sql`update ${sql.raw(table)} o set custom_fields = v.values
      from (select (e ->> 'id')::int as id, e -> 'values' as values from jsonb_array_elements(${JSON.stringify(updates)}::jsonb) e) v
      where o.id = v.id`,
  );
}
