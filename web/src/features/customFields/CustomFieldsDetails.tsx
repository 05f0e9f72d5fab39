/**
 * The custom fields of one object (a device's "Details", a site's, a location's), each edited in
 * place like the object's own properties. Each save sends that one value; the server checks it.
 */
import type { CustomFieldDto, CustomFieldValues } from '@asbuilt/domain';
import { Box, Link, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { InlineEdit } from '../../components/InlineEdit.tsx';
import { editorText, fieldDisplay, fieldEditor, fieldLabel } from './fieldValues.ts';

export function CustomFieldsDetails({
  fields,
  values,
  canEdit,
  onSave,
  title,
}: {
  fields: CustomFieldDto[];
  values: CustomFieldValues;
  canEdit: boolean;
  /** Saves one value ('' clears it); a rejection keeps the editor open with the server's reasons. */
  onSave: (fieldId: number, text: string) => Promise<unknown>;
  title?: string;
}) {
  const { t, i18n } = useTranslation(['customFields']);
  if (fields.length === 0) return null;
  const heading = title ?? t('details.title');
  const words = { yes: t('value.yes'), no: t('value.no') };
  return (
    <Box component="section" aria-label={heading} sx={{ mt: 3 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {heading}
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '160px minmax(0, 1fr)' },
          columnGap: 2,
          rowGap: { xs: 0.25, sm: 1 },
          alignItems: 'center',
          m: 0,
        }}
      >
        {fields.map((field) => {
          const label = fieldLabel(field, i18n.language);
          const value = values[String(field.id)];
          const editor = fieldEditor(field, words);
          const text = fieldDisplay(field, value, words);
          const display =
            field.type === 'url' && typeof value === 'string' ? (
              <Link
                href={value}
                target="_blank"
                rel="noopener noreferrer"
                onClick={(e) => e.stopPropagation()}
              >
                {value}
              </Link>
            ) : (
              text || undefined
            );
          return (
            <Box key={field.id} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary" sx={{ pt: { xs: 1, sm: 0 } }}>
                {label}
                {field.required ? ' *' : ''}
              </Typography>
              <Box
                component="dd"
                sx={{ m: 0, minWidth: 0, minHeight: 32, display: 'flex', alignItems: 'center' }}
              >
                <InlineEdit
                  label={label}
                  value={editorText(value)}
                  display={display}
                  type={editor.type}
                  options={editor.options}
                  disabled={!canEdit}
                  onSave={(next) => onSave(field.id, next)}
                  variant="body2"
                />
              </Box>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
