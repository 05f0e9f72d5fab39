/**
 * New Tenant or Edit Tenant: the tenant's name, its Active switch and its storage quota (with the
 * space its files take). Switching a tenant off signs its users out at once (the switch says so).
 * The server's words are shown as they come.
 */
import { encodeMessage, optionalText, tenantUpdateSchema } from '@asbuilt/domain';
import {
  Box,
  Button,
  DialogActions,
  DialogContent,
  FormControlLabel,
  LinearProgress,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { type AdminTenantDto, type TenantInput, useAdminTenants, useSaveTenant } from '../../api/admin.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { formResolver } from '../../lib/forms.ts';
import { formatNumber } from '../../lib/numbers.ts';
import { toastSuccess } from '../../lib/toast.ts';

const tenantFormSchema = z.object({
  name: optionalText('name').refine((value) => value !== null, {
    message: encodeMessage('field_required', { field: 'name' }),
  }),
  tenant_status: z.boolean(),
  storage_quota_mb: tenantUpdateSchema.shape.storage_quota_mb,
});
interface TenantFormValues {
  name: string;
  tenant_status: boolean;
  /** Blank: the server's default. */
  storage_quota_mb: string;
}

const MB = 1024 * 1024;
/** Megabytes with at most one decimal, written the reader's way. */
const megabytes = (bytes: number) => formatNumber(Math.round((bytes / MB) * 10) / 10);

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
  // Every tenant carries the server's default quota; a new one reads it off the list.
  const tenants = useAdminTenants();
  const defaultQuota = tenant?.storage_default_quota_mb ?? tenants.data?.[0]?.storage_default_quota_mb;
  const { control, handleSubmit, watch, formState } = useForm<
    TenantFormValues,
    unknown,
    z.output<typeof tenantFormSchema>
  >({
    resolver: formResolver<TenantFormValues, typeof tenantFormSchema>(tenantFormSchema),
    mode: 'onTouched',
    defaultValues: {
      name: tenant?.name ?? '',
      tenant_status: tenant?.tenant_status ?? true,
      storage_quota_mb: tenant?.storage_quota_mb == null ? '' : String(tenant.storage_quota_mb),
    },
  });
  const active = watch('tenant_status');

  const submit = handleSubmit((values) => {
    const input: TenantInput & { id?: number } = tenant ? { id: tenant.id } : {};
    if (!tenant || values.name !== tenant.name) input.name = values.name ?? '';
    if (!tenant || values.tenant_status !== tenant.tenant_status) input.tenant_status = values.tenant_status;
    const quota = values.storage_quota_mb ?? null;
    if (tenant ? quota !== tenant.storage_quota_mb : quota !== null) input.storage_quota_mb = quota;
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
          {tenant ? <StorageUse tenant={tenant} /> : null}
          <FormTextField
            control={control}
            name="storage_quota_mb"
            label={t('tenants.dialog.quota')}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            helperText={
              defaultQuota === undefined
                ? undefined
                : t('tenants.dialog.quota_default', { quota: formatNumber(defaultQuota) })
            }
            sx={{ mt: 1 }}
          />
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

/** The space the tenant's files take against its quota, as a bar and in words. */
function StorageUse({ tenant }: { tenant: AdminTenantDto }) {
  const { t } = useTranslation('admin');
  const quotaMb = tenant.storage_quota_mb ?? tenant.storage_default_quota_mb;
  const share = Math.min(100, (tenant.storage_used_bytes / (quotaMb * MB)) * 100);
  const label = t('tenants.dialog.storage_used', {
    used: megabytes(tenant.storage_used_bytes),
    quota: formatNumber(quotaMb),
  });
  return (
    <Box sx={{ pt: 1 }}>
      <Typography variant="subtitle2" component="h3">
        {t('tenants.dialog.storage')}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={share}
        color={share >= 90 ? 'warning' : 'primary'}
        aria-label={label}
        sx={{ my: 1, height: 8, borderRadius: 4 }}
      />
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}
