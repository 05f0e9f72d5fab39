/**
 * /tenant/companies: the tenant's companies, filtered by role (all, customers, brands, suppliers,
 * contractors) and searchable. A row click edits the company in a dialog that also deletes it.
 */
import AddIcon from '@mui/icons-material/Add';
import { Button, Chip, Stack } from '@mui/material';
import { useDeferredValue, useMemo, useState } from 'react';
import { type CompanyDto, useCompaniesIndex } from '../../api/companies.ts';
import { usePageTitle } from '../../app/PageTitle.tsx';
import { createDataTableColumns, DataTable, type DataTableColumn } from '../../components/DataTable.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SearchField } from '../../components/SearchField.tsx';
import { formatDate } from '../../lib/dates.ts';
import { CatalogueNav } from '../tenant/CatalogueNav.tsx';
import { CompanyDialog } from './CompanyDialog.tsx';

export const COMPANY_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'customer', label: 'Customers' },
  { value: 'brand', label: 'Brands' },
  { value: 'supplier', label: 'Suppliers' },
  { value: 'contractor', label: 'Contractors' },
] as const;
export type CompanyFilter = (typeof COMPANY_FILTERS)[number]['value'];

const ROLES = [
  { key: 'customer', label: 'Customer', color: 'info' },
  { key: 'brand', label: 'Brand', color: 'secondary' },
  { key: 'supplier', label: 'Supplier', color: 'primary' },
  { key: 'contractor', label: 'Contractor', color: 'warning' },
] as const;

export const companyRoles = (company: CompanyDto) =>
  ROLES.filter((role) => company[role.key]).map((role) => role.label);

const col = createDataTableColumns<CompanyDto>();
const columns: DataTableColumn<CompanyDto>[] = col.columns([
  col.accessor('id', { header: 'ID', meta: { width: 72, grow: 0, card: 'hidden' } }),
  col.accessor('name', { header: 'Name', meta: { width: 220, grow: 3, card: 'title' } }),
  col.accessor((c) => c.code ?? undefined, { id: 'code', header: 'Code', meta: { width: 110 } }),
  col.accessor((c) => companyRoles(c).join(', '), {
    id: 'roles',
    header: 'Type',
    meta: { width: 220, grow: 2 },
    cell: ({ row }) => (
      <Stack direction="row" spacing={0.5} sx={{ overflow: 'hidden' }}>
        {ROLES.filter((role) => row.original[role.key]).map((role) => (
          <Chip key={role.key} label={role.label} size="small" color={role.color} variant="outlined" />
        ))}
      </Stack>
    ),
  }),
  col.accessor('created_at', {
    header: 'Created',
    sortFn: 'basic',
    meta: { searchable: false, width: 112, grow: 0, card: 'hidden' },
    cell: ({ getValue }) => formatDate(getValue()),
  }),
  col.accessor('updated_at', {
    header: 'Updated',
    sortFn: 'basic',
    meta: { searchable: false, width: 112, grow: 0 },
    cell: ({ getValue }) => formatDate(getValue()),
  }),
]);

export function CompaniesPage() {
  usePageTitle('Companies');
  const index = useCompaniesIndex('tenant');
  const [filter, setFilter] = useState<CompanyFilter>('all');
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim());
  const [dialog, setDialog] = useState<{ open: boolean; company: CompanyDto | null }>({
    open: false,
    company: null,
  });

  const all = index.data?.companies;
  const companies = useMemo(
    () => (all ?? []).filter((company) => filter === 'all' || company[filter]),
    [all, filter],
  );
  const total = all?.length ?? 0;

  return (
    <>
      <PageHeader
        title="Companies"
        subtitle={index.data ? `${total} ${total === 1 ? 'company' : 'companies'}` : undefined}
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setDialog({ open: true, company: null })}
          >
            New Company
          </Button>
        }
      />
      <CatalogueNav />
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={1.5}
        sx={{ mb: 2, alignItems: { md: 'center' }, justifyContent: 'space-between' }}
      >
        <Stack direction="row" role="group" aria-label="Filter companies" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {COMPANY_FILTERS.map((option) => {
            const selected = filter === option.value;
            return (
              <Chip
                key={option.value}
                label={option.label}
                clickable
                aria-pressed={selected}
                color={selected ? 'primary' : 'default'}
                variant={selected ? 'filled' : 'outlined'}
                onClick={() => setFilter(option.value)}
                sx={{ bgcolor: selected ? undefined : 'background.paper', fontWeight: 600 }}
              />
            );
          })}
        </Stack>
        <SearchField value={search} onChange={setSearch} label="Search companies" />
      </Stack>
      {index.isError ? (
        <ErrorState error={index.error} onRetry={() => index.refetch()} />
      ) : (
        <DataTable
          label="Companies"
          data={companies}
          columns={columns}
          getRowId={(company) => String(company.id)}
          search={query}
          initialSorting={[{ id: 'name', desc: false }]}
          loading={index.isPending}
          onRowClick={(company) => setDialog({ open: true, company })}
          maxHeight="calc(100dvh - 320px)"
          emptyMessage={
            total === 0
              ? 'No companies yet.'
              : query
                ? `No company matches "${search.trim()}".`
                : 'No company of this kind.'
          }
        />
      )}
      <CompanyDialog
        open={dialog.open}
        company={dialog.company}
        onClose={() => setDialog((current) => ({ ...current, open: false }))}
      />
    </>
  );
}
