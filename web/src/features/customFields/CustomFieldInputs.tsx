/**
 * The custom fields of an object being created (the New Site form, a new location): one input per
 * field, in the fields' order, starting from each field's default. The values travel with the
 * create call; the server checks them and its problems show under their field (createErrors.ts).
 */
import type { CustomFieldDto } from '@asbuilt/domain';
import { Box, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/DateField.tsx';
import { fieldLabel } from './fieldValues.ts';

/** What each input holds, by field id, as text ('' for none). */
export type CustomFieldTexts = Record<string, string>;

/** The inputs' first values: each field's default, as text. */
export function initialTexts(fields: readonly CustomFieldDto[]): CustomFieldTexts {
  return Object.fromEntries(
    fields.map((field) => [String(field.id), field.default === null ? '' : String(field.default)]),
  );
}

/** The `custom_fields` of a create call: the filled-in values only (the server fills defaults). */
export function filledTexts(fields: readonly CustomFieldDto[], texts: CustomFieldTexts) {
  const out: Record<string, string> = {};
  for (const field of fields) {
    const text = (texts[String(field.id)] ?? '').trim();
    if (text !== '') out[String(field.id)] = text;
  }
  return out;
}

export function CustomFieldInputs({
  fields,
  values,
  errors,
  onChange,
  disabled,
}: {
  fields: readonly CustomFieldDto[];
  values: CustomFieldTexts;
  /** A message per field id (the server's, or a required field left empty). */
  errors: Record<string, string>;
  onChange: (fieldId: number, text: string) => void;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation('customFields');
  if (fields.length === 0) return null;
  const heading = t('details.title');
  return (
    <Box component="section" aria-label={heading} sx={{ mt: 2 }} data-testid="custom-field-inputs">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {heading}
      </Typography>
      <Stack spacing={1.5}>
        {fields.map((field) => {
          const key = String(field.id);
          const label = fieldLabel(field, i18n.language);
          const error = errors[key];
          const common = {
            label,
            required: field.required,
            value: values[key] ?? '',
            error: Boolean(error),
            helperText: error ?? (field.type === 'url' ? t('create.url_help') : undefined),
            disabled,
            fullWidth: true,
            onChange: (event: { target: { value: string } }) => onChange(field.id, event.target.value),
          };
          if (field.type === 'boolean' || field.type === 'choice') {
            const options =
              field.type === 'boolean'
                ? [
                    { value: 'true', label: t('value.yes') },
                    { value: 'false', label: t('value.no') },
                  ]
                : field.options.map((option) => ({ value: option, label: option }));
            return (
              <TextField key={key} select {...common}>
                <MenuItem value="">
                  <em>{t('create.none')}</em>
                </MenuItem>
                {options.map((option) => (
                  <MenuItem key={option.value} value={option.value}>
                    {option.label}
                  </MenuItem>
                ))}
              </TextField>
            );
          }
          // The app's date field: DD/MM/YYYY whatever the browser's language, as every other date.
          if (field.type === 'date')
            return (
              <DateField
                key={key}
                label={label}
                required={field.required}
                value={common.value}
                error={Boolean(error)}
                helperText={error}
                disabled={disabled}
                fullWidth
                onChange={(value) => onChange(field.id, value)}
              />
            );
          return (
            <TextField
              key={key}
              {...common}
              type={field.type === 'url' ? 'url' : 'text'}
              slotProps={{ htmlInput: field.type === 'number' ? { inputMode: 'decimal' } : undefined }}
            />
          );
        })}
      </Stack>
    </Box>
  );
}
