/** The product editor's end of sale and end of support (issue 44), shown on every device of the product. */
import { Box } from '@mui/material';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/DateField.tsx';
import type { ProductFormControl } from '../products/productForm.ts';

export function ProductLifeFields({ control }: { control: ProductFormControl }) {
  const { t } = useTranslation('domain');
  return (
    <Box sx={{ display: 'grid', columnGap: 2, rowGap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      {(['end_of_sale', 'end_of_support'] as const).map((name) => (
        <Controller
          key={name}
          control={control}
          name={name}
          render={({ field, fieldState }) => (
            <DateField
              label={t(`field.${name}`)}
              value={field.value}
              onChange={field.onChange}
              error={fieldState.invalid}
              disabled={field.disabled}
              fullWidth
            />
          )}
        />
      ))}
    </Box>
  );
}
