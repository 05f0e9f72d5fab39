/**
 * Custom field columns of a device import (issue 43): a column headed by a device field's name
 * (any case), or one the wizard mapped to the field (sent under the field's name), fills that
 * field. Each value is checked by the field's rules, a new device takes the defaults and must have
 * every required field, and each problem names its row and column as the sheet heads it.
 */
import type { DeviceImportRow, Message } from '@asbuilt/domain';
import type { DbOrTx } from '../../db/client.ts';
import type { SiteRow } from '../../platform/policy.ts';
import type { ImportBook } from '../devices/import-book.ts';
import type { ImportPlan } from '../devices/import-rows.ts';
import { customFieldChecker } from './values.ts';

export async function planCustomFieldImport(
  tx: DbOrTx,
  site: SiteRow,
  rows: DeviceImportRow[],
  plan: ImportPlan,
  book: ImportBook,
  /** The sheet's column of a field sent by name, when the wizard mapped one of another name. */
  columns: Record<string, string> = {},
): Promise<Message[]> {
  const checker = await customFieldChecker(tx, site.tenant_id, 'devices');
  if (checker.fields.length === 0) return rows.flatMap((r) => unknownColumns(r, new Map()));
  const byName = new Map(checker.fields.map((field) => [field.name.trim().toLowerCase(), field]));
  const creates = new Map(plan.creates.map((c) => [c.row, c]));
  const updates = new Map(plan.updates.map((u) => [u.row, u]));
  const problems: Message[] = [];
  for (const row of rows) {
    const sent: Record<string, string> = {};
    const headerOf = new Map<string, string>();
    for (const [header, value] of Object.entries(row.custom_fields ?? {})) {
      const field = byName.get(header.trim().toLowerCase());
      if (!field) continue;
      sent[String(field.id)] = value;
      headerOf.set(field.name, columns[header] ?? header);
    }
    problems.push(...unknownColumns(row, byName));
    const placed = (message: Message) => {
      const name = typeof message.params?.name === 'string' ? message.params.name : '';
      return {
        code: 'import_problem' as const,
        params: {
          ...message.params,
          row: row.row,
          column: headerOf.get(name) ?? name,
          problem: message.code,
        },
      };
    };
    const create = creates.get(row.row);
    if (create) {
      const result = await checker.check({}, sent, { creating: true, productId: create.values.product_id });
      problems.push(...result.problems.map(placed));
      create.values.custom_fields = result.values;
      continue;
    }
    if (Object.keys(sent).length === 0) continue;
    const update = updates.get(row.row);
    // A row whose own cells change nothing may still change its custom fields.
    const unchanged =
      !update && plan.unchanged.includes(row.row) ? book.devices.get(Number(row.values.id)) : undefined;
    const device = update?.device ?? unchanged;
    if (!device) continue;
    const result = await checker.check(device.custom_fields, sent, { productId: device.product_id });
    problems.push(...result.problems.map(placed));
    if (!result.changed) continue;
    if (update) update.set.custom_fields = result.values;
    else {
      plan.unchanged = plan.unchanged.filter((r) => r !== row.row);
      plan.updates.push({
        row: row.row,
        device,
        set: { custom_fields: result.values },
        action: 'updated',
        note: 'Device updated (Custom fields) (import)',
        productName: device.productName,
      });
    }
  }
  return problems;
}

/** A custom field column whose header names no device field of the tenant. */
function unknownColumns(row: DeviceImportRow, byName: Map<string, unknown>): Message[] {
  return Object.keys(row.custom_fields ?? {})
    .filter((header) => !byName.has(header.trim().toLowerCase()))
    .map((header) => ({
      code: 'import_problem' as const,
      params: { row: row.row, column: header, problem: 'custom_field_unknown', id: header },
    }));
}
