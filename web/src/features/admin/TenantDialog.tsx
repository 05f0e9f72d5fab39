/**
 * New Tenant or Edit Tenant: the tenant's name and its Active switch. Switching a tenant off signs
 * its users out at once (the switch says so). The server's words are shown as they come.
 */
import { encodeMessage, optionalText } from '@asbuilt/domain';
import {
  Button,
  DialogActions,
  DialogContent,
  FormControlLabel,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { type AdminTenantDto, type TenantInput, useSaveTenant } from '../../api/admin.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { formResolver } from '../../lib/forms.ts';
import { toastSuccess } from '../../lib/toast.ts';

const tenantFormSchema = z.object({
  name: optionalText('name').refine((value) => value !== null, {
    message: encodeMessage('field_required', { field: 'name' }),
  }),
  tenant_status: z.boolean(),
});
interface TenantFormValues {
  name: string;
  tenant_status: boolean;
}

export function TenantDialog({
  open,
  tenant,
  onClose,
}: {
  open: boolean;
  /** Edit this tenant; create one when null. */
  tenant: AdminTenantDto | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={tenant ? t('tenants.dialog.edit') : t('tenants.dialog.new')}
    >
      {(key) => <TenantForm key={key} tenant={tenant} onClose={onClose} />}
    </FormDialog>
  );
}

function TenantForm({ tenant, onClose }: { tenant: AdminTenantDto | null; onClose: () => void }) {
  const { t } = useTranslation(['admin', 'components']);
  const save = useSaveTenant();
  const { control, handleSubmit, watch, formState } = useForm<
    TenantFormValues,
    unknown,
    z.output<typeof tenantFormSchema>
  >({
    resolver: formResolver<TenantFormValues, typeof tenantFormSchema>(tenantFormSchema),
    mode: 'onTouched',
    defaultValues: { name: tenant?.name ?? '', tenant_status: tenant?.tenant_status ?? true },
  });
  const active = watch('tenant_status');

  const submit = handleSubmit((values) => {
    const input: TenantInput & { id?: number } = tenant ? { id: tenant.id } : {};
    if (!tenant || values.name !== tenant.name) input.name = values.name ?? '';
    if (!tenant || values.tenant_status !== tenant.tenant_status) input.tenant_status = values.tenant_status;
    save.mutate(input, {
      onSuccess: () => {
        toastSuccess(t('tenants.toast.saved'));
        onClose();
      },
    });
  });

  return (
    <form noValidate onSubmit={submit}>
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={1} sx={{ pt: 1 }}>
          <FormTextField control={control} name="name" label={t('tenants.dialog.name')} required autoFocus />
          <Controller
            control={control}
            name="tenant_status"
            render={({ field }) => (
              <FormControlLabel
                label={field.value ? t('tenants.active') : t('tenants.inactive')}
                control={
                  <Switch
                    checked={field.value}
                    onChange={(event) => field.onChange(event.target.checked)}
                    slotProps={{ input: { 'aria-label': t('tenants.dialog.active') } }}
                  />
                }
              />
            )}
          />
          {tenant?.tenant_status && !active ? (
            <Typography variant="body2" color="warning.main">
              {t('tenants.dialog.sign_out_warning', { count: tenant.user_count })}
            </Typography>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
        <Button onClick={onClose}>{t('components:action.cancel')}</Button>
        <Button
          type="submit"
          variant="contained"
          loading={save.isPending}
          disabled={Boolean(tenant) && !formState.isDirty}
        >
          {tenant ? t('components:action.save') : t('components:action.create')}
        </Button>
      </DialogActions>
    </form>
  );
}
