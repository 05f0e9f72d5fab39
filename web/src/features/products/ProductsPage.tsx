/**
 * /tenant/products: the library's products and the tenant's own, in one virtualised table with
 * search. New Product and a row click open the product editor; Model and Short Description can be
 * edited in place. Library products are read-only for tenant users (a lock, and the editor opens
 * read-only).
 */
import { canEditCatalogueItem, LIBRARY_TENANT_ID, type ProductField } from '@asbuilt/domain';
import AddIcon from '@mui/icons-material/Add';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Avatar, Box, Button, Chip, Stack, Tooltip } from '@mui/material';
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CataloguePath,
  type ProductDto,
  productKeys,
  useInlineEditProduct,
  useProductsIndex,
} from '../../api/products.ts';
import {
  ColumnVisibilityMenu,
  createDataTableColumns,
  DataTable,
  type DataTableColumn,
} from '../../components/DataTable.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { InlineEdit } from '../../components/InlineEdit.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SearchField } from '../../components/SearchField.tsx';
import { useLayoutPrefs } from '../../layout/LayoutPrefs.tsx';
import { usePageTitle } from '../../layout/PageTitle.tsx';
import { formatDate } from '../../lib/dates.ts';
import { formatNumber } from '../../lib/numbers.ts';
import { toastSuccess } from '../../lib/toast.ts';
import { useLinkedItem } from '../../lib/useLinkedItem.ts';
import { useCurrentUser } from '../../session/CurrentUser.tsx';
import { SheetMenu } from '../imports/SheetMenu.tsx';
import { CatalogueNav } from '../tenant/CatalogueNav.tsx';
import { AiProductDialog } from './AiProductDialog.tsx';
import { ProductEditor } from './ProductEditor.tsx';
import { draftToForm, type ProductFormValues } from './productForm.ts';

const col = createDataTableColumns<ProductDto>();

function ProductImage({ product }: { product: ProductDto }) {
  const [failed, setFailed] = useState(false);
  return (
    <Avatar
      variant="rounded"
      src={product.image && !failed ? product.image : undefined}
      alt=""
      slotProps={{ img: { loading: 'lazy', onError: () => setFailed(true), sx: { objectFit: 'contain' } } }}
      sx={{ width: 40, height: 40, bgcolor: 'grey.100', color: 'text.disabled' }}
    >
      <ImageOutlinedIcon fontSize="small" />
    </Avatar>
  );
}

/** /tenant/products, or /admin/products (`scope` admin): every tenant's products, with their status. */
export function ProductsPage({ scope = 'tenant' }: { scope?: CataloguePath }) {
  const { t } = useTranslation('products');
  usePageTitle(t('page.title'));
  const user = useCurrentUser();
  const { mobile } = useLayoutPrefs();
  const index = useProductsIndex(scope);
  const admin = scope === 'admin';
  const inline = useInlineEditProduct();
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim());
  const [shown, setShown] = useState<number | null>(null);
  const [visibility, setVisibility] = useState<Record<string, boolean>>({});
  const [editor, setEditor] = useState<{
    open: boolean;
    product: ProductDto | null;
    draft?: Partial<ProductFormValues>;
  }>({
    open: false,
    product: null,
  });
  const [generating, setGenerating] = useState(false);
  const [linked, clearLinked] = useLinkedItem('product');
  // A search result's link opens that product's editor once the catalogue is loaded.
  useEffect(() => {
    const product = linked ? index.data?.products.find((item) => item.id === linked) : undefined;
    if (product) setEditor({ open: true, product });
  }, [linked, index.data]);

  const tenants = index.data?.tenants;
  const canEdit = useCallback(
    (product: ProductDto) =>
      canEditCatalogueItem({ tenantId: user.tenant_id, role: user.role }, product.tenant_id),
    [user.tenant_id, user.role],
  );

  const columns = useMemo<DataTableColumn<ProductDto>[]>(() => {
    const tenantName = new Map((tenants ?? []).map((tenant) => [tenant.id, tenant.name]));
    const saveInline = (product: ProductDto, property: ProductField) => async (value: string) => {
      await inline.mutateAsync({ id: product.id, property, value: value === '' ? null : value });
      toastSuccess(t('toast.updated'));
    };
    return col.columns([
      col.accessor('id', {
        header: t('column.id'),
        meta: { width: 64, grow: 0, card: 'hidden' },
      }),
      col.display({
        id: 'image',
        header: t('column.image'),
        enableSorting: false,
        enableHiding: true,
        meta: { width: 68, grow: 0, card: 'media' },
        cell: ({ row }) => <ProductImage product={row.original} />,
      }),
      col.accessor((p) => p.brand?.name ?? undefined, {
        id: 'brand',
        header: t('column.brand'),
        meta: { width: 124 },
      }),
      col.accessor((p) => p.product_model ?? undefined, {
        id: 'product_model',
        header: t('column.model'),
        meta: { width: 150 },
        cell: ({ row }) => (
          <InlineEdit
            label={t('field.model')}
            value={row.original.product_model}
            disabled={!canEdit(row.original)}
            onSave={saveInline(row.original, 'product_model')}
          />
        ),
      }),
      col.accessor('name', {
        header: t('column.description'),
        meta: { width: 210, grow: 3, card: 'title' },
        cell: ({ row }) => (
          <InlineEdit
            label={t('field.short_description')}
            value={row.original.name}
            disabled={!canEdit(row.original)}
            onSave={saveInline(row.original, 'name')}
          />
        ),
      }),
      col.accessor((p) => p.procat?.name ?? undefined, {
        id: 'category',
        header: t('column.category'),
        meta: { width: 150, grow: 1 },
      }),
      col.accessor((p) => tenantName.get(p.tenant_id) ?? `#${p.tenant_id}`, {
        id: 'tenant',
        header: t('column.tenant'),
        meta: { width: 140 },
        cell: ({ row, getValue }) =>
          row.original.tenant_id === LIBRARY_TENANT_ID && !canEdit(row.original) ? (
            <Tooltip title={t('list.library_read_only')}>
              <Box
                component="span"
                sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}
              >
                <LockOutlinedIcon
                  sx={{ fontSize: 16, color: 'text.secondary' }}
                  titleAccess={t('list.read_only')}
                />
                <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
                  {getValue()}
                </Box>
              </Box>
            </Tooltip>
          ) : (
            getValue()
          ),
      }),
      ...(admin
        ? [
            col.accessor((p) => (p.product_status ? t('field.in_production') : t('field.discontinued')), {
              id: 'status',
              header: t('column.status'),
              meta: { width: 140, grow: 0 },
              cell: ({ row, getValue }) => (
                <Chip
                  size="small"
                  label={getValue()}
                  color={row.original.product_status ? 'success' : 'default'}
                  variant="outlined"
                />
              ),
            }),
          ]
        : []),
      col.accessor('created_at', {
        header: t('column.created'),
        sortFn: 'basic',
        meta: { searchable: false, width: 106, grow: 0, card: 'hidden' },
        cell: ({ getValue }) => formatDate(getValue()),
      }),
      col.accessor('updated_at', {
        header: t('column.updated'),
        sortFn: 'basic',
        meta: { searchable: false, width: 106, grow: 0 },
        cell: ({ getValue }) => formatDate(getValue()),
      }),
    ]);
    // `t` changes with the language, so the headers follow a change of language at once.
  }, [tenants, canEdit, inline.mutateAsync, t, admin]);

  const products = index.data?.products ?? EMPTY;
  const total = products.length;
  const subtitle = index.data
    ? query && shown !== null
      ? t('page.shown', { count: total, shown: formatNumber(shown), total: formatNumber(total) })
      : t('page.count', { count: total, total: formatNumber(total) })
    : undefined;

  return (
    <>
      <PageHeader
        title={t('page.title')}
        subtitle={subtitle}
        actions={
          <>
            {admin ? (
              <SheetMenu
                path="/admin/products"
                refresh={productKeys.all}
                fileName="Products.xlsx"
                words={{
                  import: t('sheet.import'),
                  export: t('sheet.export'),
                  uploaded: t('sheet.uploaded'),
                  exportFailed: t('sheet.export_failed'),
                }}
              />
            ) : null}
            {admin ? (
              <Button variant="outlined" startIcon={<AutoAwesomeIcon />} onClick={() => setGenerating(true)}>
                {t('ai.open')}
              </Button>
            ) : null}
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setEditor({ open: true, product: null })}
            >
              {t('page.new')}
            </Button>
          </>
        }
      />
      {admin ? null : <CatalogueNav />}
      <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: 'center' }}>
        <SearchField value={search} onChange={setSearch} label={t('page.search')} width={320} />
        {mobile ? null : (
          <Box sx={{ ml: 'auto' }}>
            <ColumnVisibilityMenu columns={columns} value={visibility} onChange={setVisibility} />
          </Box>
        )}
      </Stack>
      {index.isError ? (
        <ErrorState error={index.error} onRetry={() => index.refetch()} />
      ) : (
        <DataTable
          label={t('page.title')}
          data={products}
          columns={columns}
          getRowId={(product) => String(product.id)}
          search={query}
          initialSorting={[{ id: 'id', desc: true }]}
          columnVisibility={visibility}
          onColumnVisibilityChange={setVisibility}
          loading={index.isPending}
          onRowClick={(product) => setEditor({ open: true, product })}
          onFilteredCountChange={setShown}
          maxHeight="calc(100dvh - 300px)"
          emptyMessage={total === 0 ? t('page.empty') : t('page.no_match', { search: search.trim() })}
        />
      )}
      <ProductEditor
        open={editor.open}
        product={editor.product}
        tenants={tenants}
        variant={scope}
        {...(editor.draft ? { draft: editor.draft } : {})}
        onClose={() => {
          clearLinked();
          setEditor((current) => ({ ...current, open: false }));
        }}
      />
      {admin ? (
        <AiProductDialog
          open={generating}
          onClose={() => setGenerating(false)}
          onDraft={(draft) => {
            setGenerating(false);
            setEditor({ open: true, product: null, draft: draftToForm(draft) });
          }}
        />
      ) : null}
    </>
  );
}

const EMPTY: ProductDto[] = [];
