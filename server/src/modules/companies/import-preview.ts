/** How each column of Companies.xlsx reads its old value for the dry run's old → new. */
import { ownCell, type PreviewCells, yesNoCell } from '../../platform/spreadsheet/preview.ts';
import type { CompanyRow } from './present.ts';

export const COMPANY_CELLS: PreviewCells<string, CompanyRow> = {
  name: ownCell('name'),
  code: ownCell('code'),
  company_type: ownCell('company_type'),
  customer: yesNoCell('customer'),
  brand: yesNoCell('brand'),
  supplier: yesNoCell('supplier'),
  contractor: yesNoCell('contractor'),
  tenant_id: ownCell('tenant_id'),
};
