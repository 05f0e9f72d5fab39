import type { CompanyDto } from '@asbuilt/domain';
import type { companies } from '../../db/schema.ts';

export type CompanyRow = typeof companies.$inferSelect;

export function presentCompany(row: CompanyRow): CompanyDto {
  return {
    id: row.id,
    tenant_id: row.tenant_id,
    name: row.name,
    code: row.code,
    company_type: row.company_type,
    customer: row.customer,
    brand: row.brand,
    supplier: row.supplier,
    contractor: row.contractor,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
