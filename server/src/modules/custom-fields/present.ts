import type { CustomFieldDto } from '@asbuilt/domain';
import type { CustomFieldRow } from '../../db/schema.ts';

export function presentCustomField(row: CustomFieldRow, valueCount: number): CustomFieldDto {
  return {
    id: row.id,
    tenant_id: row.tenant_id,
    name: row.name,
    labels: row.labels,
    type: row.type,
    applies_to: row.applies_to,
    procat_ids: row.procat_ids,
    required: row.required,
    default: row.default ?? null,
    options: row.options,
    position: row.position,
    value_count: valueCount,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
