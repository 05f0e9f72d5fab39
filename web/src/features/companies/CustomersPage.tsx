/**
 * /tenant/customers: the tenant's companies flagged as customer (the customers of its sites),
 * with a create/edit dialog and a delete confirmation.
 */
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { Button, IconButton, Stack, Tooltip } from '@mui/material';
import { useDeferredValue, useMemo, useState } from 'react';
import { type CompanyDto, useCompaniesIndex, useDeleteCompany } from '../../api/companies.ts';
import { usePageTitle } from '../../app/PageTitle.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { createDataTableColumns, DataTable, type DataTableColumn } from '../../components/DataTable.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SearchField } from '../../components/SearchField.tsx';
import { formatDate } from '../../lib/dates.ts';
import { toastSuccess } from '../../lib/toast.ts';
import { CatalogueNav } from '../tenant/CatalogueNav.tsx';
import { CompanyDialog } from './CompanyDialog.tsx';

const col = createDataTableColumns<CompanyDto>();

export function CustomersPage() {
  usePageTitle('Customers');
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
    const tenantName = new Map((tenants ?? []).map((t) => [t.id, t.name]));
    return col.columns([
      col.accessor('id', { header: 'ID', meta: { width: 72, grow: 0, card: 'hidden' } }),
      col.accessor('name', { header: 'Name', meta: { width: 240, grow: 3, card: 'title' } }),
      col.accessor((c) => tenantName.get(c.tenant_id) ?? `#${c.tenant_id}`, {
        id: 'tenant',
        header: 'Tenant',
        meta: { width: 170, grow: 1 },
      }),
      col.accessor('created_at', {
        header: 'Created at',
        sortFn: 'basic',
        meta: { searchable: false, width: 116, grow: 0 },
        cell: ({ getValue }) => formatDate(getValue()),
      }),
      col.accessor('updated_at', {
        header: 'Updated at',
        sortFn: 'basic',
        meta: { searchable: false, width: 116, grow: 0 },
        cell: ({ getValue }) => formatDate(getValue()),
      }),
      col.display({
        id: 'actions',
        header: 'Actions',
        enableSorting: false,
        enableHiding: false,
        meta: { width: 104, grow: 0, align: 'right', label: 'Actions', card: 'actions' },
        cell: ({ row }) => (
          <Stack direction="row">
            <Tooltip title="Edit">
              <IconButton
                size="small"
                aria-label={`Edit ${row.original.name}`}
                onClick={() => setDialog({ open: true, company: row.original })}
              >
                <EditOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title="Delete">
              <IconButton
                size="small"
                color="error"
                aria-label={`Delete ${row.original.name}`}
                onClick={() => setDeleting(row.original)}
              >
                <DeleteOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Stack>
        ),
      }),
    ]);
  }, [tenants]);

  return (
    <>
      <PageHeader
        title="Customers"
        subtitle={
          index.data ? `${customers.length} ${customers.length === 1 ? 'customer' : 'customers'}` : undefined
        }
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setDialog({ open: true, company: null })}
          >
            New Customer
          </Button>
        }
      />
      <CatalogueNav />
      <Stack direction="row" sx={{ mb: 2 }}>
        <SearchField value={search} onChange={setSearch} label="Search customers" />
      </Stack>
      {index.isError ? (
        <ErrorState error={index.error} onRetry={() => index.refetch()} />
      ) : (
        <DataTable
          label="Customers"
          data={customers}
          columns={columns}
          getRowId={(company) => String(company.id)}
          search={query}
          initialSorting={[{ id: 'name', desc: false }]}
          loading={index.isPending}
          onRowClick={(company) => setDialog({ open: true, company })}
          maxHeight="calc(100dvh - 300px)"
          emptyMessage={
            customers.length === 0 ? 'No customers yet.' : `No customer matches "${search.trim()}".`
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
        title={`Delete ${deleting?.name ?? 'customer'}?`}
        message="Deleted items cannot be retrieved."
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => toastSuccess('Customer Deleted'),
            onSettled: () => setDeleting(null),
          })
        }
      />
    </>
  );
}
