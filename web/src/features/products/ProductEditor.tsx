/**
 * The product editor (create and update), used by the products pages and later by the device
 * card's "Open Product". A short form (picture, brand, model, short description, category) and a
 * long form with the tabs General, Specifications, Description and I/O. Library products are
 * shown read-only to tenant users. The admin variant adds the status and the tenant and uses
 * the admin path.
 */
import { canEditCatalogueItem, LIBRARY_TENANT_ID, type ProductDto } from '@asbuilt/domain';
import CloseIcon from '@mui/icons-material/Close';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useId, useState } from 'react';
import { type FieldErrors, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCreateProduct, useUpdateProduct } from '../../api/products.ts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { formatDate } from '../../lib/dates.ts';
import { useDialogSession } from '../../lib/dialogs.ts';
import { formResolver } from '../../lib/forms.ts';
import { toastErrorAs, toastSuccess } from '../../lib/toast.ts';
import { useCurrentUser } from '../../session/CurrentUser.tsx';
import { InterfacesEditor } from './InterfacesEditor.tsx';
import { ProductDatasheetField } from './ProductDatasheetField.tsx';
import { type ProductEditorTab, ProductEditorTabBar, ProductEditorTabPanel } from './ProductEditorTabs.tsx';
import { ProductGeneralFields } from './ProductGeneralFields.tsx';
import { ProductSpecificationFields } from './ProductSpecificationFields.tsx';
import {
  DESCRIPTION_FIELDS,
  GENERAL_FIELDS,
  type ProductEditorVariant,
  type ProductFormOutput,
  type ProductFormValues,
  productCreatePayload,
  productFormSchema,
  productToForm,
  productUpdatePayload,
  SPECIFICATION_FIELDS,
} from './productForm.ts';

type FormLength = 'short' | 'long';

export interface ProductEditorProps {
  open: boolean;
  onClose: () => void;
  /** Update this product; create a new one when absent. */
  product?: ProductDto | null;
  /** 'admin': status and tenant fields, admin path. */
  variant?: ProductEditorVariant;
  /** Tenant names (the tenant field of the admin variant, the tenant line of the title). */
  tenants?: { id: number; name: string }[];
  onSaved?: (product: ProductDto) => void;
  initialTab?: ProductEditorTab;
  /** A new product's first values (an AI draft), reviewed before saving. */
  draft?: Partial<ProductFormValues>;
}

export function ProductEditor(props: ProductEditorProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const session = useDialogSession(props.open);
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      aria-labelledby={titleId}
      maxWidth="md"
      fullScreen={fullScreen}
      slotProps={{
        // One height for every tab, so the dialog does not jump when switching.
        paper: { sx: { height: { sm: 'min(780px, calc(100% - 64px))' } } },
        transition: { onExited: session.onExited },
      }}
    >
      {session.mounted ? <ProductEditorForm key={session.key} {...props} titleId={titleId} /> : null}
    </Dialog>
  );
}

function ProductEditorForm({
  onClose,
  product,
  variant = 'tenant',
  tenants = [],
  onSaved,
  initialTab = 'general',
  titleId,
  draft,
}: ProductEditorProps & { titleId: string }) {
  const { t } = useTranslation(['products', 'components']);
  const user = useCurrentUser();
  const create = useCreateProduct(variant);
  const update = useUpdateProduct(variant);
  const editing = Boolean(product);
  const readOnly = product
    ? !canEditCatalogueItem({ tenantId: user.tenant_id, role: user.role }, product.tenant_id)
    : false;
  const [length, setLength] = useState<FormLength>(editing || draft ? 'long' : 'short');
  const [tab, setTab] = useState<ProductEditorTab>(initialTab);
  const [uploading, setUploading] = useState(false);

  const { control, handleSubmit, setValue, formState } = useForm<
    ProductFormValues,
    unknown,
    ProductFormOutput
  >({
    resolver: formResolver<ProductFormValues, typeof productFormSchema>(productFormSchema),
    mode: 'onTouched',
    defaultValues: { ...productToForm(product, variant === 'admin' ? user.tenant_id : null), ...draft },
    disabled: readOnly,
  });
  const interfaceCount = useWatch({ control, name: 'interfaces' })?.length ?? 0;

  const showErrors = (errors: FieldErrors<ProductFormValues>) => {
    const has = (fields: readonly string[]) => fields.some((field) => field in errors);
    if (has(GENERAL_FIELDS)) setTab('general');
    else if (has(SPECIFICATION_FIELDS)) {
      setLength('long');
      setTab('specifications');
    } else if (has(DESCRIPTION_FIELDS)) {
      setLength('long');
      setTab('description');
    }
  };

  const submit = handleSubmit((values) => {
    if (!product) {
      create.mutate(productCreatePayload(values, variant), {
        onSuccess: ({ product: saved }) => {
          toastSuccess(t('toast.created'));
          onSaved?.(saved);
          onClose();
        },
        onError: (error) => toastErrorAs(error, (detail) => t('toast.create_error', { detail })),
      });
      return;
    }
    const changes = productUpdatePayload(product, values, variant);
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    update.mutate(
      { id: product.id, ...changes },
      {
        onSuccess: ({ product: saved }) => {
          toastSuccess(t('toast.updated'));
          onSaved?.(saved);
          onClose();
        },
      },
    );
  }, showErrors);

  const tenantName = product ? tenants.find((tenant) => tenant.id === product.tenant_id)?.name : undefined;
  const title = product
    ? readOnly
      ? t('editor.title_view')
      : t('editor.title_edit')
    : t('editor.title_new');
  const saving = create.isPending || update.isPending;

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}
    >
      <DialogTitle id={titleId} sx={{ pr: 7, pb: 1 }}>
        {title}
        {product ? (
          <Typography variant="body2" color="text.secondary" component="div" sx={{ mt: 0.25 }}>
            #{product.id}
            {tenantName ? ` · ${tenantName}` : ''} ·{' '}
            {t('editor.updated', { date: formatDate(product.updated_at) })}
          </Typography>
        ) : null}
        <IconButton
          aria-label={t('components:action.close')}
          onClick={onClose}
          sx={{ position: 'absolute', right: 12, top: 12 }}
        >
          <CloseIcon />
        </IconButton>
      </DialogTitle>

      <Box sx={{ px: 3, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={length}
          onChange={(_event, next: FormLength | null) => next && setLength(next)}
          aria-label={t('editor.form_length')}
        >
          <ToggleButton value="short">{t('editor.short_form')}</ToggleButton>
          <ToggleButton value="long">{t('editor.long_form')}</ToggleButton>
        </ToggleButtonGroup>
        {readOnly ? (
          <Chip
            icon={<LockOutlinedIcon />}
            label={
              product?.tenant_id === LIBRARY_TENANT_ID ? t('editor.library_chip') : t('editor.read_only_chip')
            }
            size="small"
            variant="outlined"
          />
        ) : null}
      </Box>

      {length === 'long' ? (
        <ProductEditorTabBar id={titleId} tab={tab} onChange={setTab} interfaceCount={interfaceCount} />
      ) : null}

      <DialogContent sx={{ pt: 2.5 }}>
        {readOnly ? (
          <Alert severity="info" sx={{ mb: 2.5 }}>
            {product?.tenant_id === LIBRARY_TENANT_ID
              ? t('editor.library_notice')
              : t('editor.read_only_notice')}
          </Alert>
        ) : null}
        {length === 'short' ? (
          <ProductGeneralFields control={control} product={product} short onUploading={setUploading} />
        ) : (
          <>
            <ProductEditorTabPanel id={titleId} value="general" current={tab}>
              <ProductGeneralFields
                control={control}
                product={product}
                variant={variant}
                tenants={tenants}
                onUploading={setUploading}
              />
              <ProductDatasheetField product={product} readOnly={readOnly} />
            </ProductEditorTabPanel>
            <ProductEditorTabPanel id={titleId} value="specifications" current={tab}>
              <ProductSpecificationFields control={control} onRackOff={() => setValue('rack_units', '')} />
            </ProductEditorTabPanel>
            <ProductEditorTabPanel id={titleId} value="description" current={tab}>
              <Stack spacing={1}>
                <FormTextField
                  control={control}
                  name="description"
                  label={t('field.description')}
                  multiline
                  minRows={4}
                />
                <FormTextField
                  control={control}
                  name="features"
                  label={t('field.features')}
                  multiline
                  minRows={4}
                  helperText={t('field.features_help')}
                />
              </Stack>
            </ProductEditorTabPanel>
            <ProductEditorTabPanel id={titleId} value="io" current={tab}>
              <InterfacesEditor control={control} readOnly={readOnly} />
            </ProductEditorTabPanel>
          </>
        )}
        {length === 'short' && !readOnly ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('editor.long_form_hint')}
          </Typography>
        ) : null}
      </DialogContent>

      <DialogActions sx={{ px: 3, py: 2, borderTop: 1, borderColor: 'divider' }}>
        <Button onClick={onClose}>
          {readOnly ? t('components:action.close') : t('components:action.cancel')}
        </Button>
        {readOnly ? null : (
          <Button
            type="submit"
            variant="contained"
            loading={saving}
            disabled={uploading || (editing && !formState.isDirty)}
          >
            {editing ? t('components:action.save') : t('components:action.create')}
          </Button>
        )}
      </DialogActions>
    </Box>
  );
}
