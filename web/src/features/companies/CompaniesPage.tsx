/**
 * /tenant/companies: the tenant's companies, filtered by role (all, customers, brands, suppliers,
 * contractors) and searchable. A row click edits the company in a dialog that also deletes it.
 * /admin/companies (`scope` admin): every tenant's companies, with their tenant.
 */
import AddIcon from '@mui/icons-material/Add';
import { Button, Chip, Stack } from '@mui/material';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CataloguePath, type CompanyDto, companyKeys, useCompaniesIndex } from '../../api/companies.ts';
import { createDataTableColumns, DataTable, type DataTableColumn } from '../../components/DataTable.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SearchField } from '../../components/SearchField.tsx';
import { usePageTitle } from '../../layout/PageTitle.tsx';
import { formatDate } from '../../lib/dates.ts';
import { formatNumber } from '../../lib/numbers.ts';
import { SheetMenu } from '../imports/SheetMenu.tsx';
import { CatalogueNav } from '../tenant/CatalogueNav.tsx';
import { CompanyDialog } from './CompanyDialog.tsx';

export const COMPANY_FILTERS = ['all', 'customer', 'brand', 'supplier', 'contractor'] as const;
export type CompanyFilter = (typeof COMPANY_FILTERS)[number];

const ROLES = [
  { key: 'customer', type: 'Customer', color: 'info' },
  { key: 'brand', type: 'Brand', color: 'secondary' },
  { key: 'supplier', type: 'Supplier', color: 'primary' },
  { key: 'contractor', type: 'Contractor', color: 'warning' },
] as const;

const col = createDataTableColumns<CompanyDto>();

export function CompaniesPage({ scope = 'tenant' }: { scope?: CataloguePath }) {
  const { t } = useTranslation(['companies', 'domain']);
  usePageTitle(t('page.title'));
  const index = useCompaniesIndex(scope);
  const admin = scope === 'admin';
  const tenants = index.data?.tenants;
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
  const tenantNames = useMemo(() => new Map((tenants ?? []).map((x) => [x.id, x.name])), [tenants]);

  const columns = useMemo<DataTableColumn<CompanyDto>[]>(() => {
    const roles = (company: CompanyDto) => ROLES.filter((role) => company[role.key]);
    const roleName = (role: (typeof ROLES)[number]) => t(`domain:company_type.${role.type}`);
    return col.columns([
      col.accessor('id', { header: t('column.id'), meta: { width: 72, grow: 0, card: 'hidden' } }),
      col.accessor('name', { header: t('column.name'), meta: { width: 220, grow: 3, card: 'title' } }),
      col.accessor((c) => c.code ?? undefined, {
        id: 'code',
        header: t('column.code'),
        meta: { width: 110 },
      }),
      col.accessor((c) => roles(c).map(roleName).join(', '), {
        id: 'roles',
        header: t('column.type'),
        meta: { width: 220, grow: 2 },
        cell: ({ row }) => (
          <Stack direction="row" spacing={0.5} sx={{ overflow: 'hidden' }}>
            {roles(row.original).map((role) => (
              <Chip
                key={role.key}
                label={roleName(role)}
                size="small"
                color={role.color}
                variant="outlined"
              />
            ))}
          </Stack>
        ),
      }),
      ...(admin
        ? [
            col.accessor((c) => tenantNames.get(c.tenant_id) ?? String(c.tenant_id), {
              id: 'tenant',
              header: t('column.tenant'),
              meta: { width: 160, grow: 1 },
            }),
          ]
        : []),
      col.accessor('created_at', {
        header: t('column.created'),
        sortFn: 'basic',
        meta: { searchable: false, width: 112, grow: 0, card: 'hidden' },
        cell: ({ getValue }) => formatDate(getValue()),
      }),
      col.accessor('updated_at', {
        header: t('column.updated'),
        sortFn: 'basic',
        meta: { searchable: false, width: 112, grow: 0 },
        cell: ({ getValue }) => formatDate(getValue()),
      }),
    ]);
  }, [t, admin, tenantNames]);

  return (
    <>
      <PageHeader
        title={t('page.title')}
        subtitle={index.data ? t('page.count', { count: total, number: formatNumber(total) }) : undefined}
        actions={
          <>
            {admin ? (
              <SheetMenu
                path="/admin/companies"
                refresh={companyKeys.all}
                fileName="Companies.xlsx"
                words={{
                  import: t('sheet.import'),
                  export: t('sheet.export'),
                  uploaded: t('sheet.uploaded'),
                  exportFailed: t('sheet.export_failed'),
                }}
              />
            ) : null}
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setDialog({ open: true, company: null })}
            >
              {t('dialog.new.company')}
            </Button>
          </>
        }
      />
      {admin ? null : <CatalogueNav />}
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={1.5}
        sx={{ mb: 2, alignItems: { md: 'center' }, justifyContent: 'space-between' }}
      >
        <Stack direction="row" role="group" aria-label={t('page.filter')} sx={{ flexWrap: 'wrap', gap: 1 }}>
          {COMPANY_FILTERS.map((option) => {
            const selected = filter === option;
            return (
              <Chip
                key={option}
                label={t(`filter.${option}`)}
                clickable
                aria-pressed={selected}
                color={selected ? 'primary' : 'default'}
                variant={selected ? 'filled' : 'outlined'}
                onClick={() => setFilter(option)}
                sx={{ bgcolor: selected ? undefined : 'background.paper', fontWeight: 600 }}
              />
            );
          })}
        </Stack>
        <SearchField value={search} onChange={setSearch} label={t('page.search')} />
      </Stack>
      {index.isError ? (
        <ErrorState error={index.error} onRetry={() => index.refetch()} />
      ) : (
        <DataTable
          label={t('page.title')}
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
              ? t('page.empty')
              : query
                ? t('page.no_match', { search: search.trim() })
                : t('page.no_kind')
          }
        />
      )}
      <CompanyDialog
        open={dialog.open}
        company={dialog.company}
        onClose={() => setDialog((current) => ({ ...current, open: false }))}
        {...(admin ? { path: scope, tenants: tenants ?? [] } : {})}
      />
    </>
  );
}
