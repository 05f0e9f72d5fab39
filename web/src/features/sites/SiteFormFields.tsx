/**
 * The site form's fields, shared by the New Site dialog and the Site config tab of the Config
 * page: image, Name and Customer (required), the status, GPS, address and country.
 */
import { COUNTRIES, encodeMessage, optionalText, type SiteDetail } from '@asbuilt/domain';
import { Box, FormControlLabel, MenuItem, Stack, Switch, TextField } from '@mui/material';
import type { ReactNode } from 'react';
import { type Control, Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormTextField } from '../../components/FormTextField.tsx';
import { ImageUploader } from '../../components/ImageUploader.tsx';

export const siteFormSchema = z.object({
  name: optionalText('name').refine((value) => value !== null, {
    message: encodeMessage('field_required', { field: 'name' }),
  }),
  customer_id: z
    .string()
    .refine((value) => value !== '', { message: encodeMessage('field_required', { field: 'customer' }) })
    .transform(Number),
  image: z.string().nullable(),
  site_status: z.boolean(),
  gps: optionalText('gps'),
  country: z.string(),
  zip: optionalText('zip'),
  city: optionalText('city'),
  street: optionalText('street'),
  street_number: optionalText('street_number'),
});

export interface SiteFormValues {
  name: string;
  customer_id: string;
  image: string | null;
  site_status: boolean;
  gps: string;
  country: string;
  zip: string;
  city: string;
  street: string;
  street_number: string;
}
export type SiteFormOutput = z.output<typeof siteFormSchema>;
export type SiteFormControl = Control<SiteFormValues, unknown, SiteFormOutput>;

/** The fields that hold plain text, as the form and the API name them. */
export const SITE_TEXT_FIELDS = ['gps', 'zip', 'city', 'street', 'street_number'] as const;

export const EMPTY_SITE_FORM: SiteFormValues = {
  name: '',
  customer_id: '',
  image: null,
  site_status: true,
  gps: '',
  country: '',
  zip: '',
  city: '',
  street: '',
  street_number: '',
};

/** The form's values for an existing site (its image as the stored key). */
export function siteFormValues(site: SiteDetail): SiteFormValues {
  return {
    name: site.name,
    customer_id: site.customer_id === null ? '' : String(site.customer_id),
    image: site.image_key,
    site_status: site.site_status,
    gps: site.gps ?? '',
    country: site.country ?? '',
    zip: site.zip ?? '',
    city: site.city ?? '',
    street: site.street ?? '',
    street_number: site.street_number ?? '',
  };
}

export interface SiteFormFieldsProps {
  control: SiteFormControl;
  customers: { id: number; name: string }[];
  /** Reports an image upload in progress, so the form waits before saving. */
  onUploadingChange: (busy: boolean) => void;
  /** The signed URL of the saved image (an existing site). */
  imagePreviewUrl?: string | null;
  /** The site, for an existing site's image upload. */
  siteId?: number;
  autoFocus?: boolean;
  /** Shown under the customer field: the New Site form's inline New Customer. */
  customerAction?: ReactNode;
}

export function SiteFormFields({
  control,
  customers,
  onUploadingChange,
  imagePreviewUrl,
  siteId,
  autoFocus = false,
  customerAction,
}: SiteFormFieldsProps) {
  const { t } = useTranslation(['sites', 'domain']);
  return (
    <Stack spacing={1}>
      <Controller
        control={control}
        name="image"
        render={({ field }) => (
          <Box sx={{ mb: 2 }}>
            <ImageUploader
              value={field.value}
              previewUrl={imagePreviewUrl}
              onChange={field.onChange}
              folder="sites"
              siteId={siteId}
              label={t('form.image')}
              size={96}
              onBusyChange={onUploadingChange}
            />
          </Box>
        )}
      />
      <FormTextField control={control} name="name" label={t('form.name')} required autoFocus={autoFocus} />
      <FormTextField control={control} name="customer_id" label={t('form.customer')} required select>
        {customers.length === 0 ? (
          <MenuItem value="" disabled>
            {t('form.no_customers')}
          </MenuItem>
        ) : (
          customers.map((customer) => (
            <MenuItem key={customer.id} value={String(customer.id)}>
              {customer.name}
            </MenuItem>
          ))
        )}
      </FormTextField>
      {customerAction ? <Box sx={{ mt: -1.5, mb: 1 }}>{customerAction}</Box> : null}
      <Controller
        control={control}
        name="site_status"
        render={({ field }) => (
          <FormControlLabel
            sx={{ mb: 1 }}
            control={
              <Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />
            }
            label={t('form.active')}
          />
        )}
      />
      <FormTextField control={control} name="gps" label={t('form.gps')} placeholder="50.8466,4.3649" />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 2 }}>
        <FormTextField control={control} name="street" label={t('form.street')} />
        <FormTextField
          control={control}
          name="street_number"
          label={t('form.number')}
          sx={{ maxWidth: { sm: 140 } }}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 2 }}>
        <FormTextField control={control} name="zip" label={t('form.zip')} sx={{ maxWidth: { sm: 140 } }} />
        <FormTextField control={control} name="city" label={t('form.city')} />
      </Stack>
      <Controller
        control={control}
        name="country"
        render={({ field }) => (
          <TextField select label={t('form.country')} {...field} helperText=" ">
            <MenuItem value="">
              <em>{t('form.no_country')}</em>
            </MenuItem>
            {COUNTRIES.map((country) => (
              <MenuItem key={country} value={country}>
                {t(`domain:country.${country}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
    </Stack>
  );
}
