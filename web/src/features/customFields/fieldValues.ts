/** How a custom field's value is shown and edited on the screens (issue 43). */
import {
  type CustomFieldDto,
  type CustomFieldValue,
  customFieldLabel,
  customFieldText,
} from '@asbuilt/domain';
import type { InlineEditOption } from '../../components/InlineEdit.tsx';
import { formatDate } from '../../lib/dates.ts';

/** The words a yes/no value shows (`customFields:value.*` in the reader's language). */
export interface YesNo {
  yes: string;
  no: string;
}

/** The field's name in the reader's language. */
export const fieldLabel = (field: CustomFieldDto, language: string) => customFieldLabel(field, language);

/** The value as a cell or a card shows it: dates as the app writes them, yes/no in words. */
export function fieldDisplay(
  field: CustomFieldDto,
  value: CustomFieldValue | undefined,
  words: YesNo,
): string {
  if (value === undefined || value === null) return '';
  if (field.type === 'date' && typeof value === 'string') return formatDate(value);
  return customFieldText(value, words);
}

/** The inline editor that fits the type. */
export function fieldEditor(
  field: CustomFieldDto,
  words: YesNo,
): { type: 'text' | 'number' | 'date' | 'select'; options?: InlineEditOption[] } {
  switch (field.type) {
    case 'date':
      return { type: 'date' };
    case 'number':
      return { type: 'text' };
    case 'boolean':
      return {
        type: 'select',
        options: [
          { value: 'true', label: words.yes },
          { value: 'false', label: words.no },
        ],
      };
    case 'choice':
      return { type: 'select', options: field.options.map((option) => ({ value: option, label: option })) };
    default:
      return { type: 'text' };
  }
}

/** The text an editor starts from. */
export const editorText = (value: CustomFieldValue | undefined) =>
  value === undefined || value === null ? null : String(value);
