/**
 * The New Site form (role 3+): Name and Customer required, an image, the status, GPS, country and
 * address. Success toasts "Site {name} Created" and the site list shows the new card first. A
 * missing customer is created on the spot (the customers' dialog) and chosen.
 */
import type { SiteDetail } from '@asbuilt/domain';
import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { type FormEvent, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type SiteCreatePayload, useCreateSite } from '../../api/sites.ts';
import { useDialogSession } from '../../lib/dialogs.ts';
import { formResolver } from '../../lib/forms.ts';
import { toastSuccess } from '../../lib/toast.ts';
import { CompanyDialog } from '../companies/CompanyDialog.tsx';
import { CustomFieldInputs } from '../customFields/CustomFieldInputs.tsx';
import { useCustomFieldInputs } from '../customFields/useCustomFieldInputs.ts';
import {
  EMPTY_SITE_FORM,
  SITE_TEXT_FIELDS,
  SiteFormFields,
  type SiteFormOutput,
  type SiteFormValues,
  siteFormSchema,
} from './SiteFormFields.tsx';

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
  const { t } = useTranslation(['sites', 'components', 'companies']);
  const create = useCreateSite();
  const [uploading, setUploading] = useState(false);
  const [addingCustomer, setAddingCustomer] = useState(false);
  const { control, handleSubmit, setValue } = useForm<SiteFormValues, unknown, SiteFormOutput>({
    resolver: formResolver<SiteFormValues, typeof siteFormSchema>(siteFormSchema),
    mode: 'onTouched',
    defaultValues: EMPTY_SITE_FORM,
  });
  // The tenant's site fields (issue 43): a required one without a default must be filled here.
  const custom = useCustomFieldInputs('sites');

  const submitForm = handleSubmit((values) => {
    if (!custom.check()) return;
    // Only what is filled in travels.
    const input: SiteCreatePayload = {
      name: values.name as string,
      customer_id: values.customer_id,
      site_status: values.site_status,
    };
    if (values.image) input.image = values.image;
    if (values.country) input.country = values.country;
    for (const key of SITE_TEXT_FIELDS) {
      const value = values[key];
      if (value) input[key] = value;
    }
    const customFields = custom.payload();
    if (customFields) input.custom_fields = customFields;
    create.mutate(input, {
      onSuccess: ({ site }) => {
        toastSuccess(t('form.created', { name: site.name }));
        onCreated?.(site);
        onClose();
      },
      onError: (error) => custom.showServerErrors(error),
    });
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    // Both sets of fields show their problems at once.
    custom.check();
    return submitForm(event);
  };

  // The customer's dialog sits beside the form: React carries its submit up the component tree.
  return (
    <>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogContent sx={{ pt: 1 }}>
          <Box sx={{ pt: 1 }}>
            <SiteFormFields
              control={control}
              customers={customers}
              onUploadingChange={setUploading}
              autoFocus
              customerAction={
                <Button size="small" startIcon={<AddIcon />} onClick={() => setAddingCustomer(true)}>
                  {t('companies:dialog.new.customer')}
                </Button>
              }
            />
            <CustomFieldInputs
              fields={custom.fields}
              values={custom.values}
              errors={custom.errors}
              onChange={custom.onChange}
            />
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose}>{t('components:action.cancel')}</Button>
          <Button type="submit" variant="contained" loading={create.isPending} disabled={uploading}>
            {t('components:action.create')}
          </Button>
        </DialogActions>
      </Box>
      <CompanyDialog
        open={addingCustomer}
        fixedType="Customer"
        inline
        onClose={() => setAddingCustomer(false)}
        // The customer list (the site index) already holds it: api/companies.ts stores it there.
        onSaved={(company) =>
          setValue('customer_id', String(company.id), { shouldValidate: true, shouldDirty: true })
        }
      />
    </>
  );
}
