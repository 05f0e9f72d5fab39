/**
 * The devices page's custom field columns (issue 43): the columns, which of them show (saved with
 * the other visible columns as `cf_<id>`; hidden until picked, never on phone cards), and the
 * filter dialog's lists.
 */
import {
  customFieldColumnKey,
  isCustomFieldColumnKey,
  type ListedDevice,
  visibleDeviceHeaders,
} from '@asbuilt/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldsFor } from '../../api/customFields.ts';
import { customFieldColumns, customFieldFilterOptions } from './deviceFieldColumns.tsx';

export function useDeviceCustomFieldColumns(
  siteId: number,
  savedHeaders: readonly string[] | undefined,
  devices: readonly ListedDevice[],
) {
  const { t, i18n } = useTranslation('customFields');
  const fields = useFieldsFor('devices', siteId);
  const language = i18n.language;
  const yes = t('value.yes');
  const no = t('value.no');
  const words = useMemo(() => ({ yes, no }), [yes, no]);
  const columns = useMemo(() => customFieldColumns(fields, words, language), [fields, words, language]);
  return useMemo(() => {
    const keys = fields.map((field) => customFieldColumnKey(field.id));
    const saved = new Set<string>(visibleDeviceHeaders(savedHeaders));
    return {
      keys,
      columns,
      /** Whether `next` (the columns menu's choice) shows the column `key`. */
      shown: (next: Record<string, boolean>, key: string) =>
        isCustomFieldColumnKey(key)
          ? key in next
            ? next[key] === true
            : saved.has(key)
          : next[key] !== false,
      /** `base` with the custom field columns: as chosen or saved on a desktop, hidden on a phone. */
      visibility: (base: Record<string, boolean>, desktop: boolean) => {
        const out = { ...base };
        for (const key of keys) out[key] = desktop && (key in base ? base[key] === true : saved.has(key));
        return out;
      },
      filterOptions: () => customFieldFilterOptions(fields, devices, words, language),
    };
  }, [fields, columns, savedHeaders, devices, words, language]);
}
