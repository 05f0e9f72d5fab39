/**
 * Create or edit a company: name and code (both required), and its roles (customer, brand,
 * supplier, contractor) unless the caller fixes the type (the customers page; a brand or supplier
 * created from the product form). Editing offers Delete behind a confirmation. The Super Admin's
 * variant (`path` admin) also picks the company's tenant.
 */
import {
  type CompanyDto,
  type CompanyType,
  encodeMessage,
  type FieldKey,
  optionalText,
} from '@asbuilt/domain';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import {
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  FormLabel,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isConflict } from '../../api/client.ts';
import {
  type CataloguePath,
  type CompanyInput,
  useCreateCompany,
  useDeleteCompany,
  useUpdateCompany,
} from '../../api/companies.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { useDialogSession } from '../../lib/dialogs.ts';
import { formResolver } from '../../lib/forms.ts';
import { translateCode } from '../../lib/messages.ts';
import { toastFailure, toastNotice, toastSuccess } from '../../lib/toast.ts';

const FLAGS = [
  { key: 'customer', type: 'Customer' },
  { key: 'brand', type: 'Brand' },
  { key: 'supplier', type: 'Supplier' },
  { key: 'contractor', type: 'Contractor' },
] as const;
type Flag = (typeof FLAGS)[number]['key'];
/** What the dialog calls the record: its fixed type, or a company. */
type Noun = Flag | 'company';
const FLAG_OF_TYPE: Record<CompanyType, Flag> = {
  Customer: 'customer',
  Brand: 'brand',
  Supplier: 'supplier',
  Contractor: 'contractor',
};

/** The domain's text field (trimmed, '' means none), required here: name and code (spec). */
const requiredField = (field: FieldKey) =>
  optionalText(field).refine((value) => value !== null, {
    message: encodeMessage('field_required', { field }),
  });

const companyFormSchema = z.object({
  name: requiredField('name'),
  code: requiredField('code'),
  customer: z.boolean(),
  brand: z.boolean(),
  supplier: z.boolean(),
  contractor: z.boolean(),
  tenant_id: z.number().nullable(),
});
interface CompanyFormValues {
  name: string;
  code: string;
  customer: boolean;
  brand: boolean;
  supplier: boolean;
  contractor: boolean;
  /** The admin form's tenant; null elsewhere (the server takes the user's own). */
  tenant_id: number | null;
}
type CompanyFormOutput = z.output<typeof companyFormSchema>;

/**
 * The spec's 'Please fill in all required fields' (with the fields, as the server words it) when
 * a save is tried without a name or a code; the fields show their own message as well.
 */
function requiredFieldsToast(errors: Partial<Record<keyof CompanyFormValues, unknown>>) {
  const [field, field2] = (['name', 'code'] as const).filter((key) => errors[key]);
  if (!field) return;
  const code = field2 ? 'required_fields_missing_pair' : 'required_fields_missing';
  toastNotice(translateCode(code, field2 ? { field, field2 } : { field }, code));
}

export interface CompanyDialogProps {
  open: boolean;
  onClose: () => void;
  /** Edit this company; create one when absent. */
  company?: CompanyDto | null;
  /** The company's type is fixed and its role boxes are hidden (customers, inline brand/supplier). */
  fixedType?: CompanyType;
  initialName?: string;
  onSaved?: (company: CompanyDto) => void;
  /** Created from another form (the product editor): failures say 'Failed to create company.'. */
  inline?: boolean;
  /** The calls' path: the tenant's own companies, or the administration's (with `tenants`). */
  path?: CataloguePath;
  /** The tenants the admin form offers. */
  tenants?: { id: number; name: string }[];
}

export function CompanyDialog(props: CompanyDialogProps) {
  const { open, onClose, company, fixedType } = props;
  const { t } = useTranslation('companies');
  const titleId = useId();
  const noun: Noun = fixedType ? FLAG_OF_TYPE[fixedType] : 'company';
  // A fresh form per opening: the values start from the company (or the typed name).
  const session = useDialogSession(open);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      slotProps={{ transition: { onExited: session.onExited } }}
    >
      <DialogTitle id={titleId}>{company ? t(`dialog.edit.${noun}`) : t(`dialog.new.${noun}`)}</DialogTitle>
      {session.mounted ? <CompanyForm key={session.key} {...props} noun={noun} /> : null}
    </Dialog>
  );
}

function CompanyForm({
  onClose,
  company,
  fixedType,
  initialName,
  onSaved,
  inline = false,
  noun,
  path = 'tenant',
  tenants,
}: CompanyDialogProps & { noun: Noun }) {
  const { t } = useTranslation(['companies', 'domain', 'components']);
  const create = useCreateCompany({ path, silent: inline });
  const update = useUpdateCompany({ path });
  const remove = useDeleteCompany({ path });
  const [confirming, setConfirming] = useState(false);
  // The version the form was filled from, whatever the list behind it reloads meanwhile.
  const [seen] = useState(company?.updated_at);
  const { control, handleSubmit, formState } = useForm<CompanyFormValues, unknown, CompanyFormOutput>({
    resolver: formResolver<CompanyFormValues, typeof companyFormSchema>(companyFormSchema),
    mode: 'onTouched',
    defaultValues: {
      name: company?.name ?? initialName ?? '',
      code: company?.code ?? '',
      customer: company?.customer ?? fixedType === 'Customer',
      brand: company?.brand ?? fixedType === 'Brand',
      supplier: company?.supplier ?? fixedType === 'Supplier',
      contractor: company?.contractor ?? fixedType === 'Contractor',
      tenant_id: tenants ? (company?.tenant_id ?? tenants[0]?.id ?? null) : null,
    },
  });

  const submit = handleSubmit((values) => {
    const flags = Object.fromEntries(FLAGS.map(({ key }) => [key, values[key]])) as Record<Flag, boolean>;
    if (company) {
      const input: CompanyInput & { id: number } = { id: company.id };
      if (values.name !== company.name) input.name = values.name;
      if (values.code !== (company.code ?? '')) input.code = values.code;
      for (const { key } of FLAGS) if (flags[key] !== company[key]) input[key] = flags[key];
      if (values.tenant_id !== null && values.tenant_id !== company.tenant_id)
        input.tenant_id = values.tenant_id;
      if (Object.keys(input).length === 1) {
        onClose();
        return;
      }
      // Sent back as read: a change made meanwhile is refused, and the form closes on the newer list.
      update.mutate(
        { ...input, updated_at: seen },
        {
          onSuccess: ({ company: saved }) => {
            toastSuccess(t(`dialog.updated.${noun}`));
            onSaved?.(saved);
            onClose();
          },
          onError: (error) => isConflict(error) && onClose(),
        },
      );
      return;
    }
    const input: CompanyInput = { name: values.name, code: values.code };
    if (values.tenant_id !== null) input.tenant_id = values.tenant_id;
    if (fixedType) {
      input.company_type = fixedType;
      input[FLAG_OF_TYPE[fixedType]] = true;
    } else {
      for (const { key } of FLAGS) if (flags[key]) input[key] = true;
    }
    create.mutate(input, {
      onSuccess: ({ company: saved }) => {
        toastSuccess(t(`dialog.created.${noun}`));
        onSaved?.(saved);
        onClose();
      },
      onError: inline ? (error) => toastFailure(t('dialog.create_failed'), error) : undefined,
    });
  }, requiredFieldsToast);

  return (
    <>
      <form
        noValidate
        onSubmit={(event) => {
          // This form may sit (through a portal) inside the product form: keep the submit here.
          event.stopPropagation();
          void submit(event);
        }}
      >
        <DialogContent sx={{ pt: 1 }}>
          <Stack spacing={1} sx={{ pt: 1 }}>
            <FormTextField
              control={control}
              name="name"
              label={t('dialog.name')}
              required
              autoFocus={!initialName}
            />
            <FormTextField
              control={control}
              name="code"
              label={t('dialog.code')}
              required
              autoFocus={Boolean(initialName)}
            />
            {tenants ? (
              <Controller
                control={control}
                name="tenant_id"
                render={({ field }) => (
                  <TextField
                    select
                    label={t('column.tenant')}
                    value={field.value ?? ''}
                    onChange={(event) => field.onChange(Number(event.target.value))}
                    onBlur={field.onBlur}
                    required
                  >
                    {tenants.map((tenant) => (
                      <MenuItem key={tenant.id} value={tenant.id}>
                        {tenant.name}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            ) : null}
            {fixedType ? null : (
              <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
                <FormLabel component="legend" sx={{ mb: 0.5 }}>
                  {t('dialog.roles')}
                </FormLabel>
                <FormGroup row sx={{ columnGap: 1 }}>
                  {FLAGS.map(({ key, type }) => (
                    <Controller
                      key={key}
                      control={control}
                      name={key}
                      render={({ field }) => (
                        <FormControlLabel
                          label={t(`domain:company_type.${type}`)}
                          control={
                            <Checkbox
                              checked={field.value}
                              onChange={(event) => field.onChange(event.target.checked)}
                            />
                          }
                        />
                      )}
                    />
                  ))}
                </FormGroup>
              </Box>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
          {company ? (
            <Button
              color="error"
              startIcon={<DeleteOutlinedIcon />}
              onClick={() => setConfirming(true)}
              sx={{ mr: 'auto' }}
            >
              {t('components:action.delete')}
            </Button>
          ) : null}
          <Button onClick={onClose}>{t('components:action.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            loading={create.isPending || update.isPending}
            disabled={Boolean(company) && !formState.isDirty}
          >
            {company ? t('components:action.save') : t('components:action.create')}
          </Button>
        </DialogActions>
      </form>
      {company ? (
        <ConfirmDialog
          open={confirming}
          title={t('dialog.confirm_delete', { name: company.name })}
          message={t('dialog.confirm_message')}
          loading={remove.isPending}
          onClose={() => setConfirming(false)}
          onConfirm={() =>
            remove.mutate(company.id, {
              onSuccess: () => {
                toastSuccess(t(`dialog.deleted.${noun}`));
                setConfirming(false);
                onClose();
              },
              onSettled: () => setConfirming(false),
            })
          }
        />
      ) : null}
    </>
  );
}
