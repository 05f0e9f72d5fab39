/**
 * The product editor's General fields: picture, brand, model, short description and category
 * (the short form), then supplier, link and codes, and in the admin variant tenant and status.
 */
import type { ProductDto } from '@asbuilt/domain';
import { Box, FormControlLabel, MenuItem, Stack, Switch, TextField } from '@mui/material';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../components/FormTextField.tsx';
import { ImageUploader } from '../../components/ImageUploader.tsx';
import { translateMessage } from '../../lib/messages.ts';
import { CompanySelect } from '../companies/CompanySelect.tsx';
import { ProcatSelect } from './ProcatSelect.tsx';
import {
  isProductRequiredMessage,
  type ProductEditorVariant,
  type ProductFormControl,
} from './productForm.ts';

export function ProductGeneralFields({
  control,
  product,
  short = false,
  variant = 'tenant',
  tenants = [],
  onUploading,
}: {
  control: ProductFormControl;
  product?: ProductDto | null | undefined;
  short?: boolean;
  variant?: ProductEditorVariant;
  tenants?: { id: number; name: string }[];
  onUploading: (busy: boolean) => void;
}) {
  const { t } = useTranslation(['products']);
  // The form's own required messages are keys of this catalogue; the domain's are codes.
  const fieldMessage = (text: string | undefined) =>
    isProductRequiredMessage(text) ? t(text) : translateMessage(text);
  const pairSx = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;
  return (
    <Stack spacing={1}>
      <Controller
        control={control}
        name="image"
        render={({ field }) => (
          <Box sx={{ pb: 2 }}>
            <ImageUploader
              folder="products"
              label={t('field.image')}
              value={field.value}
              previewUrl={product && field.value === product.image_key ? product.image : null}
              onChange={field.onChange}
              disabled={field.disabled}
              onBusyChange={onUploading}
            />
          </Box>
        )}
      />
      <Box sx={pairSx}>
        <Controller
          control={control}
          name="brand_id"
          render={({ field, fieldState }) => (
            <CompanySelect
              label={t('field.brand')}
              kind="Brand"
              required
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              fallback={product?.brand}
              disabled={field.disabled}
              error={Boolean(fieldState.error)}
              helperText={fieldMessage(fieldState.error?.message)}
            />
          )}
        />
        <Controller
          control={control}
          name="product_model"
          render={({ field, fieldState }) => (
            <TextField
              label={t('field.model')}
              required
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              disabled={field.disabled}
              error={Boolean(fieldState.error)}
              // A blank line is kept for the message so the form never jumps under the pointer.
              helperText={fieldMessage(fieldState.error?.message) ?? ' '}
            />
          )}
        />
      </Box>
      <FormTextField control={control} name="name" label={t('field.short_description')} required />
      <Controller
        control={control}
        name="procat_id"
        render={({ field, fieldState }) => (
          <ProcatSelect
            required
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            fallback={product?.procat}
            disabled={field.disabled}
            error={Boolean(fieldState.error)}
            helperText={fieldMessage(fieldState.error?.message)}
          />
        )}
      />
      {short ? null : (
        <>
          <Controller
            control={control}
            name="preferred_supplier_id"
            render={({ field }) => (
              <CompanySelect
                label={t('field.preferred_supplier')}
                kind="Supplier"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                disabled={field.disabled}
              />
            )}
          />
          <FormTextField control={control} name="product_url" label={t('field.product_url')} type="url" />
          <Box sx={{ ...pairSx, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
            <FormTextField control={control} name="sku" label={t('field.sku')} />
            <FormTextField control={control} name="upc" label={t('field.upc')} />
            <FormTextField control={control} name="ean" label={t('field.ean')} />
          </Box>
          {variant === 'admin' ? (
            <Box sx={pairSx}>
              <Controller
                control={control}
                name="tenant_id"
                render={({ field }) => (
                  <TextField
                    select
                    label={t('field.tenant')}
                    value={field.value ?? ''}
                    onChange={(event) => field.onChange(Number(event.target.value))}
                    disabled={field.disabled}
                    helperText=" "
                  >
                    {tenants.map((tenant) => (
                      <MenuItem key={tenant.id} value={tenant.id}>
                        {tenant.name}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <Controller
                control={control}
                name="product_status"
                render={({ field }) => (
                  <FormControlLabel
                    label={field.value ? t('field.in_production') : t('field.discontinued')}
                    control={
                      <Switch
                        checked={field.value}
                        onChange={(event) => field.onChange(event.target.checked)}
                        disabled={field.disabled}
                      />
                    }
                  />
                )}
              />
            </Box>
          ) : null}
        </>
      )}
    </Stack>
  );
}
