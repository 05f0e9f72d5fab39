import type { ProcatDto } from '@asbuilt/domain';
import type { procats } from '../../db/schema.ts';

export type ProcatRow = typeof procats.$inferSelect;

export function presentProcat(row: ProcatRow): ProcatDto {
  return {
    id: row.id,
    tenant_id: row.tenant_id,
    name: row.name,
    main: row.main,
    sub1: row.sub1,
    sub2: row.sub2,
    sub3: row.sub3,
    passive: row.passive,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
