/**
 * The New Site form (role 3+): Name and Customer required, an image, the status, GPS, country and
 * address. Success toasts "Site {name} Created" and the site list shows the new card first.
 */
import { COUNTRIES, encodeMessage, optionalText, type SiteDetail } from '@asbuilt/domain';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { type SiteCreatePayload, useCreateSite } from '../../api/sites.ts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { ImageUploader } from '../../components/ImageUploader.tsx';
import { useDialogSession } from '../../lib/dialogs.ts';
import { formResolver } from '../../lib/forms.ts';
import { toastSuccess } from '../../lib/toast.ts';

const siteFormSchema = z.object({
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

interface SiteFormValues {
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
type SiteFormOutput = z.output<typeof siteFormSchema>;

export function NewSiteDialog({
  open,
  onClose,
  customers,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  customers: { id: number; name: string }[];
  onCreated?: (site: SiteDetail) => void;
}) {
  const { t } = useTranslation('sites');
  const titleId = useId();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const session = useDialogSession(open);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullScreen={fullScreen}
      slotProps={{ transition: { onExited: session.onExited } }}
    >
      <DialogTitle id={titleId}>{t('form.title')}</DialogTitle>
      {session.mounted ? (
        <SiteForm key={session.key} onClose={onClose} customers={customers} onCreated={onCreated} />
      ) : null}
    </Dialog>
  );
}

function SiteForm({
  onClose,
  customers,
  onCreated,
}: {
  onClose: () => void;
  customers: { id: number; name: string }[];
  onCreated?: (site: SiteDetail) => void;
}) {
  const { t } = useTranslation(['sites', 'domain', 'components']);
  const create = useCreateSite();
  const [uploading, setUploading] = useState(false);
  const { control, handleSubmit } = useForm<SiteFormValues, unknown, SiteFormOutput>({
    resolver: formResolver<SiteFormValues, typeof siteFormSchema>(siteFormSchema),
    mode: 'onTouched',
    defaultValues: {
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
    },
  });

  const submit = handleSubmit((values) => {
    // Only what is filled in travels.
    const input: SiteCreatePayload = {
      name: values.name as string,
      customer_id: values.customer_id,
      site_status: values.site_status,
    };
    if (values.image) input.image = values.image;
    if (values.country) input.country = values.country;
    for (const key of ['gps', 'zip', 'city', 'street', 'street_number'] as const) {
      const value = values[key];
      if (value) input[key] = value;
    }
    create.mutate(input, {
      onSuccess: ({ site }) => {
        toastSuccess(t('form.created', { name: site.name }));
        onCreated?.(site);
        onClose();
      },
    });
  });

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={1} sx={{ pt: 1 }}>
          <Controller
            control={control}
            name="image"
            render={({ field }) => (
              <Box sx={{ mb: 2 }}>
                <ImageUploader
                  value={field.value}
                  onChange={field.onChange}
                  folder="sites"
                  label={t('form.image')}
                  size={96}
                  onBusyChange={setUploading}
                />
              </Box>
            )}
          />
          <FormTextField control={control} name="name" label={t('form.name')} required autoFocus />
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
            <FormTextField
              control={control}
              name="zip"
              label={t('form.zip')}
              sx={{ maxWidth: { sm: 140 } }}
            />
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
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose}>{t('components:action.cancel')}</Button>
        <Button type="submit" variant="contained" loading={create.isPending} disabled={uploading}>
          {t('components:action.create')}
        </Button>
      </DialogActions>
    </Box>
  );
}
