/**
 * /tenant/customers: the tenant's companies flagged as customer (the customers of its sites),
 * with a create/edit dialog and a delete confirmation.
 */
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { Button, IconButton, Stack, Tooltip } from '@mui/material';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CompanyDto, useCompaniesIndex, useDeleteCompany } from '../../api/companies.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { createDataTableColumns, DataTable, type DataTableColumn } from '../../components/DataTable.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SearchField } from '../../components/SearchField.tsx';
import { usePageTitle } from '../../layout/PageTitle.tsx';
import { formatDate } from '../../lib/dates.ts';
import { formatNumber } from '../../lib/numbers.ts';
import { toastSuccess } from '../../lib/toast.ts';
import { CatalogueNav } from '../tenant/CatalogueNav.tsx';
import { CompanyDialog } from './CompanyDialog.tsx';

const col = createDataTableColumns<CompanyDto>();

export function CustomersPage() {
  const { t } = useTranslation(['companies', 'components']);
  usePageTitle(t('customers.title'));
  const index = useCompaniesIndex('tenant');
  const remove = useDeleteCompany();
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim());
  const [dialog, setDialog] = useState<{ open: boolean; company: CompanyDto | null }>({
    open: false,
    company: null,
  });
  const [deleting, setDeleting] = useState<CompanyDto | null>(null);

  const all = index.data?.companies;
  const customers = useMemo(() => (all ?? []).filter((company) => company.customer), [all]);
  const tenants = index.data?.tenants;

  const columns = useMemo<DataTableColumn<CompanyDto>[]>(() => {
    const tenantName = new Map((tenants ?? []).map((tenant) => [tenant.id, tenant.name]));
    return col.columns([
      col.accessor('id', { header: t('column.id'), meta: { width: 72, grow: 0, card: 'hidden' } }),
      col.accessor('name', { header: t('column.name'), meta: { width: 240, grow: 3, card: 'title' } }),
      col.accessor((c) => tenantName.get(c.tenant_id) ?? `#${c.tenant_id}`, {
        id: 'tenant',
        header: t('column.tenant'),
        meta: { width: 170, grow: 1 },
      }),
      col.accessor('created_at', {
        header: t('column.created_at'),
        sortFn: 'basic',
        meta: { searchable: false, width: 116, grow: 0 },
        cell: ({ getValue }) => formatDate(getValue()),
      }),
      col.accessor('updated_at', {
        header: t('column.updated_at'),
        sortFn: 'basic',
        meta: { searchable: false, width: 116, grow: 0 },
        cell: ({ getValue }) => formatDate(getValue()),
      }),
      col.display({
        id: 'actions',
        header: t('column.actions'),
        enableSorting: false,
        enableHiding: false,
        meta: { width: 104, grow: 0, align: 'right', label: t('column.actions'), card: 'actions' },
        cell: ({ row }) => (
          <Stack direction="row">
            <Tooltip title={t('components:action.edit')}>
              <IconButton
                size="small"
                aria-label={t('customers.edit', { name: row.original.name })}
                onClick={() => setDialog({ open: true, company: row.original })}
              >
                <EditOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('components:action.delete')}>
              <IconButton
                size="small"
                color="error"
                aria-label={t('customers.delete', { name: row.original.name })}
                onClick={() => setDeleting(row.original)}
              >
                <DeleteOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Stack>
        ),
      }),
    ]);
  }, [tenants, t]);

  return (
    <>
      <PageHeader
        title={t('customers.title')}
        subtitle={
          index.data
            ? t('customers.count', { count: customers.length, number: formatNumber(customers.length) })
            : undefined
        }
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setDialog({ open: true, company: null })}
          >
            {t('dialog.new.customer')}
          </Button>
        }
      />
      <CatalogueNav />
      <Stack direction="row" sx={{ mb: 2 }}>
        <SearchField value={search} onChange={setSearch} label={t('customers.search')} />
      </Stack>
      {index.isError ? (
        <ErrorState error={index.error} onRetry={() => index.refetch()} />
      ) : (
        <DataTable
          label={t('customers.title')}
          data={customers}
          columns={columns}
          getRowId={(company) => String(company.id)}
          search={query}
          initialSorting={[{ id: 'name', desc: false }]}
          loading={index.isPending}
          onRowClick={(company) => setDialog({ open: true, company })}
          maxHeight="calc(100dvh - 300px)"
          emptyMessage={
            customers.length === 0 ? t('customers.empty') : t('customers.no_match', { search: search.trim() })
          }
        />
      )}
      <CompanyDialog
        open={dialog.open}
        company={dialog.company}
        fixedType="Customer"
        onClose={() => setDialog((current) => ({ ...current, open: false }))}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? t('dialog.confirm_delete', { name: deleting.name }) : t('customers.confirm_delete')}
        message={t('dialog.confirm_message')}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => toastSuccess(t('dialog.deleted.customer')),
            onSettled: () => setDeleting(null),
          })
        }
      />
    </>
  );
}
