/**
 * The state of a create form's custom fields (CustomFieldInputs): the texts, a required field left
 * empty caught before sending, and the server's refusals placed under the field they name.
 */
import { type CustomFieldTarget, customFieldApplies } from '@asbuilt/domain';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { useFieldsFor } from '../../api/customFields.ts';
import { translateCode } from '../../lib/messages.ts';
import { type CustomFieldTexts, filledTexts, initialTexts } from './CustomFieldInputs.tsx';
import { fieldLabel } from './fieldValues.ts';

/** `procatId`: a new device's product category, which decides the device fields that apply. */
export function useCustomFieldInputs(target: CustomFieldTarget, siteId?: number, procatId?: number | null) {
  const { i18n } = useTranslation();
  const all = useFieldsFor(target, siteId);
  const fields = useMemo(
    () => all.filter((field) => customFieldApplies(field, target, procatId)),
    [all, target, procatId],
  );
  const [values, setValues] = useState<CustomFieldTexts>(() => initialTexts(fields));
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The definitions may arrive after the form opened: each new field starts from its default.
  useEffect(() => {
    setValues((current) => ({ ...initialTexts(fields), ...current }));
  }, [fields]);

  const onChange = useCallback((fieldId: number, text: string) => {
    const key = String(fieldId);
    setValues((current) => ({ ...current, [key]: text }));
    setErrors((current) => {
      if (!(key in current)) return current;
      const { [key]: _gone, ...rest } = current;
      return rest;
    });
  }, []);

  return useMemo(
    () => ({
      fields,
      values,
      errors,
      onChange,
      /** The values to send; undefined (nothing sent) when no field is filled. */
      payload: () => {
        const filled = filledTexts(fields, values);
        return Object.keys(filled).length > 0 ? filled : undefined;
      },
      /** Marks each required field left empty (it has no default to fall back on); false if any. */
      check: () => {
        const missing: Record<string, string> = {};
        for (const field of fields) {
          if (!field.required || field.default !== null) continue;
          if ((values[String(field.id)] ?? '').trim() !== '') continue;
          const name = fieldLabel(field, i18n.language);
          missing[String(field.id)] = translateCode('custom_field_required', { name }, `${name} is required`);
        }
        setErrors(missing);
        return Object.keys(missing).length === 0;
      },
      /**
       * Puts each of the server's custom field problems under its field (they name it by its
       * name); true when the answer held any.
       */
      showServerErrors: (error: unknown) => {
        if (!(error instanceof ApiError)) return false;
        const byName = new Map(fields.map((field) => [field.name, String(field.id)]));
        const placed: Record<string, string> = {};
        for (const issue of error.issues) {
          if (!('code' in issue) || !issue.code.startsWith('custom_field_')) continue;
          const key = byName.get(String(issue.params?.name ?? ''));
          if (key && !(key in placed)) placed[key] = translateCode(issue.code, issue.params, issue.message);
        }
        setErrors(placed);
        return Object.keys(placed).length > 0;
      },
    }),
    [fields, values, errors, onChange, i18n.language],
  );
}
