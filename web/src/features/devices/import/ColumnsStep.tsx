/**
 * Step 1 of the device import: each column of the file and the field it fills, guessed from its
 * header (the export's own headers match exactly) and changed here; a field takes one column.
 * The tenant's device custom fields follow the device's own (issue 43).
 */
import { type CustomFieldDto, DEVICE_IMPORT_FIELDS, type SheetContent } from '@asbuilt/domain';
import {
  ListSubheader,
  MenuItem,
  Select,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { TableCaption } from '../../../components/TableCaption.tsx';
import { fieldLabel } from '../../customFields/fieldValues.ts';
import { customTarget, type ImportMapping, type ImportTarget } from '../../customFields/importColumns.ts';

export type ColumnMapping = ImportMapping;

const SKIP = '';

export function ColumnsStep({
  content,
  mapping,
  customFields,
  onChange,
}: {
  content: SheetContent;
  mapping: ColumnMapping;
  customFields: readonly CustomFieldDto[];
  onChange: (next: ColumnMapping) => void;
}) {
  const { t, i18n } = useTranslation(['devices', 'customFields']);
  const taken = new Set(Object.values(mapping).filter(Boolean));
  const example = (header: string) => content.rows.find((row) => row.values[header])?.values[header] ?? '';
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 1.5 }}>
        {t('import.columns_hint')}
      </Typography>
      <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1, maxHeight: '55dvh' }}>
        <Table size="small" stickyHeader>
          <TableCaption>{t('import.step_columns')}</TableCaption>
          <TableHead>
            <TableRow>
              <TableCell>{t('import.file_column')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('import.example')}</TableCell>
              <TableCell>{t('import.field_label')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {content.headers.map((header) => (
              <TableRow key={header}>
                <TableCell sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{header}</TableCell>
                <TableCell
                  sx={{
                    display: { xs: 'none', sm: 'table-cell' },
                    color: 'text.secondary',
                    maxWidth: 220,
                    overflow: 'hidden',
                    textOverflow: 'ellipsis',
                    whiteSpace: 'nowrap',
                  }}
                >
                  {example(header)}
                </TableCell>
                <TableCell sx={{ minWidth: 180 }}>
                  <Select
                    size="small"
                    fullWidth
                    value={mapping[header] ?? SKIP}
                    displayEmpty
                    inputProps={{ 'aria-label': t('import.field_for', { column: header }) }}
                    onChange={(event) =>
                      onChange({ ...mapping, [header]: (event.target.value as ImportTarget) || null })
                    }
                  >
                    <MenuItem value={SKIP}>
                      <em>{t('import.skip')}</em>
                    </MenuItem>
                    {DEVICE_IMPORT_FIELDS.map(({ key }) => (
                      <MenuItem key={key} value={key} disabled={taken.has(key) && mapping[header] !== key}>
                        {t(`import.field.${key}`)}
                      </MenuItem>
                    ))}
                    {customFields.length > 0 ? (
                      <ListSubheader>{t('customFields:page.title')}</ListSubheader>
                    ) : null}
                    {customFields.map((field) => {
                      const key = customTarget(field);
                      return (
                        <MenuItem key={key} value={key} disabled={taken.has(key) && mapping[header] !== key}>
                          {fieldLabel(field, i18n.language)}
                        </MenuItem>
                      );
                    })}
                  </Select>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
