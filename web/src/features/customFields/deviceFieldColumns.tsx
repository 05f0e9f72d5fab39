/**
 * The devices page's optional columns of custom fields (issue 43), keyed `cf_<field id>` as the
 * visible-columns call saves them: numbers and dates sort by value, the rest by the shown text.
 */
import { type CustomFieldDto, customFieldColumnKey, type ListedDevice } from '@asbuilt/domain';
import { Link } from '@mui/material';
import { createDataTableColumns, type DataTableColumn } from '../../components/DataTable.tsx';
import type { CustomFieldFilterOption } from '../devices/DeviceFilterDialog.tsx';
import type { DeviceRow } from '../devices/deviceRows.ts';
import { fieldDisplay, fieldLabel, type YesNo } from './fieldValues.ts';

const col = createDataTableColumns<DeviceRow>();

export function customFieldColumns(
  fields: readonly CustomFieldDto[],
  words: YesNo,
  language: string,
): DataTableColumn<DeviceRow>[] {
  return fields.map((field) => {
    const id = customFieldColumnKey(field.id);
    const key = String(field.id);
    const label = fieldLabel(field, language);
    const meta = { label, width: field.type === 'boolean' ? 100 : 140 };
    if (field.type === 'number' || field.type === 'date') {
      return col.accessor((row) => row.device.custom_fields?.[key] ?? undefined, {
        id,
        header: label,
        sortFn: 'basic',
        meta,
        cell: ({ getValue }) => fieldDisplay(field, getValue() as string | number | undefined, words),
      });
    }
    const text = (row: DeviceRow) => fieldDisplay(field, row.device.custom_fields?.[key], words) || undefined;
    if (field.type !== 'url') return col.accessor(text, { id, header: label, sortFn: 'text', meta });
    return col.accessor(text, {
      id,
      header: label,
      sortFn: 'text',
      meta,
      cell: ({ getValue }) => {
        const url = getValue() as string | undefined;
        return url ? (
          <Link href={url} target="_blank" rel="noopener noreferrer" onClick={(e) => e.stopPropagation()}>
            {url}
          </Link>
        ) : null;
      },
    });
  });
}

/** The filter dialog's lists: each field with the values the site's devices hold, in order. */
export function customFieldFilterOptions(
  fields: readonly CustomFieldDto[],
  devices: readonly ListedDevice[],
  words: YesNo,
  language: string,
): CustomFieldFilterOption[] {
  return fields.map((field) => {
    const key = String(field.id);
    const seen = new Map<string, string>();
    for (const device of devices) {
      const value = device.custom_fields?.[key];
      if (value !== undefined && !seen.has(String(value)))
        seen.set(String(value), fieldDisplay(field, value, words));
    }
    const options = [...seen].map(([value, label]) => ({ value, label }));
    options.sort((a, b) => a.label.localeCompare(b.label, language, { numeric: true }));
    return { id: field.id, label: fieldLabel(field, language), options };
  });
}
