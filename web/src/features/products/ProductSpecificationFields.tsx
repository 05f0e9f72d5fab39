/** The product editor's Specifications tab: rack mounting, power, dimensions and weight. */
import { Box, FormControlLabel, InputAdornment, Stack, Switch } from '@mui/material';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../components/FormTextField.tsx';
import { ProductLifeFields } from '../tasks/ProductLifeFields.tsx';
import type { ProductFormControl } from './productForm.ts';

const unit = (text: string) => ({
  input: { endAdornment: <InputAdornment position="end">{text}</InputAdornment> },
  htmlInput: { inputMode: 'decimal' as const },
});

export function ProductSpecificationFields({
  control,
  onRackOff,
}: {
  control: ProductFormControl;
  onRackOff: () => void;
}) {
  const { t } = useTranslation('products');
  const rackMounted = useWatch({ control, name: 'rack_mounted' });
  const grid = {
    display: 'grid',
    columnGap: 2,
    gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' },
  } as const;
  return (
    <Stack spacing={1}>
      <Box sx={{ ...grid, alignItems: 'start' }}>
        <Controller
          control={control}
          name="rack_mounted"
          render={({ field }) => (
            <FormControlLabel
              sx={{ height: 56 }}
              label={t('field.rack_mounted')}
              control={
                <Switch
                  checked={field.value}
                  onChange={(event) => {
                    field.onChange(event.target.checked);
                    if (!event.target.checked) onRackOff();
                  }}
                  disabled={field.disabled}
                />
              }
            />
          )}
        />
        <FormTextField
          control={control}
          name="rack_units"
          label={t('field.rack_units')}
          type="number"
          disabled={!rackMounted}
          slotProps={unit('U')}
        />
        <FormTextField
          control={control}
          name="power"
          label={t('field.power')}
          type="number"
          slotProps={unit('W')}
        />
      </Box>
      <Box sx={grid}>
        <FormTextField
          control={control}
          name="height"
          label={t('field.height')}
          type="number"
          slotProps={unit('mm')}
        />
        <FormTextField
          control={control}
          name="width"
          label={t('field.width')}
          type="number"
          slotProps={unit('mm')}
        />
        <FormTextField
          control={control}
          name="depth"
          label={t('field.depth')}
          type="number"
          slotProps={unit('mm')}
        />
      </Box>
      <Box sx={grid}>
        <FormTextField
          control={control}
          name="weight"
          label={t('field.weight')}
          type="number"
          slotProps={unit('g')}
        />
      </Box>
      <ProductLifeFields control={control} />
    </Stack>
  );
}
