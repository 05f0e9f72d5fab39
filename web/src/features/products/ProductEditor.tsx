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
  Badge,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  InputAdornment,
  MenuItem,
  Stack,
  Switch,
  Tab,
  Tabs,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { type ReactNode, useId, useState } from 'react';
import { type Control, Controller, type FieldErrors, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCreateProduct, useUpdateProduct } from '../../api/products.ts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { ImageUploader } from '../../components/ImageUploader.tsx';
import { formatDate } from '../../lib/dates.ts';
import { useDialogSession } from '../../lib/dialogs.ts';
import { formResolver } from '../../lib/forms.ts';
import { translateMessage } from '../../lib/messages.ts';
import { toastErrorAs, toastSuccess } from '../../lib/toast.ts';
import { useCurrentUser } from '../../session/CurrentUser.tsx';
import { CompanySelect } from '../companies/CompanySelect.tsx';
import { InterfacesEditor } from './InterfacesEditor.tsx';
import { ProcatSelect } from './ProcatSelect.tsx';
import {
  DESCRIPTION_FIELDS,
  GENERAL_FIELDS,
  isProductRequiredMessage,
  type ProductEditorVariant,
  type ProductFormOutput,
  type ProductFormValues,
  productCreatePayload,
  productFormSchema,
  productToForm,
  productUpdatePayload,
  SPECIFICATION_FIELDS,
} from './productForm.ts';

export type ProductEditorTab = 'general' | 'specifications' | 'description' | 'io';
type FormLength = 'short' | 'long';

const TABS: readonly ProductEditorTab[] = ['general', 'specifications', 'description', 'io'];

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
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));

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
        <Tabs
          value={tab}
          onChange={(_event, next: ProductEditorTab) => setTab(next)}
          variant="scrollable"
          scrollButtons={false}
          aria-label={t('editor.sections')}
          sx={{
            px: { xs: 1, sm: 2 },
            mt: 1,
            borderBottom: 1,
            borderColor: 'divider',
            '& .MuiTab-root': { minWidth: { xs: 0, sm: 90 }, px: { xs: 1.5, sm: 2 } },
          }}
        >
          {TABS.map((value) => {
            // On a phone the four tabs fit side by side with a shorter name.
            const label =
              phone && value === 'specifications' ? t('tabs.specifications_short') : t(`tabs.${value}`);
            return (
              <Tab
                key={value}
                value={value}
                id={`${titleId}-tab-${value}`}
                aria-controls={`${titleId}-panel-${value}`}
                label={
                  value === 'io' && interfaceCount > 0 ? (
                    <Badge badgeContent={interfaceCount} color="primary" sx={{ pr: 1.5 }}>
                      {label}
                    </Badge>
                  ) : (
                    label
                  )
                }
              />
            );
          })}
        </Tabs>
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
          <GeneralFields control={control} product={product} short onUploading={setUploading} />
        ) : (
          <>
            <TabPanel id={titleId} value="general" current={tab}>
              <GeneralFields
                control={control}
                product={product}
                variant={variant}
                tenants={tenants}
                onUploading={setUploading}
              />
            </TabPanel>
            <TabPanel id={titleId} value="specifications" current={tab}>
              <SpecificationFields control={control} onRackOff={() => setValue('rack_units', '')} />
            </TabPanel>
            <TabPanel id={titleId} value="description" current={tab}>
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
            </TabPanel>
            <TabPanel id={titleId} value="io" current={tab}>
              <InterfacesEditor control={control} readOnly={readOnly} />
            </TabPanel>
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

function TabPanel({
  id,
  value,
  current,
  children,
}: {
  id: string;
  value: ProductEditorTab;
  current: ProductEditorTab;
  children: ReactNode;
}) {
  // Panels stay mounted (hidden), so a field keeps its state while another tab is open.
  return (
    <Box
      role="tabpanel"
      id={`${id}-panel-${value}`}
      aria-labelledby={`${id}-tab-${value}`}
      hidden={value !== current}
    >
      {children}
    </Box>
  );
}

type FormControl = Control<ProductFormValues, unknown, ProductFormOutput>;

const unit = (text: string) => ({
  input: { endAdornment: <InputAdornment position="end">{text}</InputAdornment> },
  htmlInput: { inputMode: 'decimal' as const },
});

function GeneralFields({
  control,
  product,
  short = false,
  variant = 'tenant',
  tenants = [],
  onUploading,
}: {
  control: FormControl;
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

function SpecificationFields({ control, onRackOff }: { control: FormControl; onRackOff: () => void }) {
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
    </Stack>
  );
}
