/**
 * /admin/procats: every product category of every tenant (Main Category, Sub-Category 1 and 2,
 * Tenant, Passive), searchable; New Category, a row click edits, a delete button per row (refused
 * while products use the category).
 */
import type { ProcatDto } from '@asbuilt/domain';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { Button, IconButton, Stack, Tooltip } from '@mui/material';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminProcats, useDeleteProcat } from '../../api/procats.ts';
import { createDataTableColumns, DataTable, type DataTableColumn } from '../../components/DataTable.tsx';
import { DeleteConfirm } from '../../components/DeleteConfirm.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SearchField } from '../../components/SearchField.tsx';
import { usePageTitle } from '../../layout/PageTitle.tsx';
import { formatDate } from '../../lib/dates.ts';
import { formatNumber } from '../../lib/numbers.ts';
import { ProcatDialog } from './ProcatDialog.tsx';

const col = createDataTableColumns<ProcatDto>();

export function ProcatsPage() {
  const { t } = useTranslation('procats');
  usePageTitle(t('title'));
  const index = useAdminProcats();
  const remove = useDeleteProcat();
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim());
  const [dialog, setDialog] = useState<{ open: boolean; procat: ProcatDto | null }>({
    open: false,
    procat: null,
  });
  const [deleting, setDeleting] = useState<ProcatDto | null>(null);
  const procats = index.data?.procats ?? [];
  const tenants = index.data?.tenants ?? [];
  const tenantNames = useMemo(() => new Map(tenants.map((x) => [x.id, x.name])), [tenants]);

  const columns = useMemo<DataTableColumn<ProcatDto>[]>(
    () =>
      col.columns([
        col.accessor('id', { header: t('column.id'), meta: { width: 72, grow: 0, card: 'hidden' } }),
        col.accessor('main', { header: t('field.main'), meta: { width: 200, grow: 2, card: 'title' } }),
        col.accessor((p) => p.sub1 ?? undefined, {
          id: 'sub1',
          header: t('field.sub1'),
          meta: { width: 180 },
        }),
        col.accessor((p) => p.sub2 ?? undefined, {
          id: 'sub2',
          header: t('field.sub2'),
          meta: { width: 180 },
        }),
        col.accessor((p) => tenantNames.get(p.tenant_id) ?? String(p.tenant_id), {
          id: 'tenant',
          header: t('field.tenant'),
          meta: { width: 160 },
        }),
        col.accessor((p) => (p.passive ? t('column.passive_yes') : undefined), {
          id: 'passive',
          header: t('field.passive'),
          meta: { width: 96, grow: 0 },
        }),
        col.accessor('updated_at', {
          header: t('column.updated'),
          sortFn: 'basic',
          meta: { searchable: false, width: 112, grow: 0, card: 'hidden' },
          cell: ({ getValue }) => formatDate(getValue()),
        }),
        col.display({
          id: 'actions',
          header: t('column.actions'),
          meta: { width: 72, grow: 0 },
          cell: ({ row }) => (
            <Tooltip title={t('delete', { name: row.original.name })}>
              <IconButton
                aria-label={t('delete', { name: row.original.name })}
                onClick={(event) => {
                  event.stopPropagation();
                  setDeleting(row.original);
                }}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          ),
        }),
      ]),
    [t, tenantNames],
  );

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={
          index.data ? t('count', { count: procats.length, number: formatNumber(procats.length) }) : undefined
        }
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setDialog({ open: true, procat: null })}
          >
            {t('dialog.new')}
          </Button>
        }
      />
      <Stack direction="row" sx={{ mb: 2 }}>
        <SearchField value={search} onChange={setSearch} label={t('search')} />
      </Stack>
      {index.isError ? (
        <ErrorState error={index.error} onRetry={() => index.refetch()} />
      ) : (
        <DataTable
          label={t('title')}
          data={procats}
          columns={columns}
          getRowId={(procat) => String(procat.id)}
          search={query}
          initialSorting={[{ id: 'main', desc: false }]}
          loading={index.isPending}
          onRowClick={(procat) => setDialog({ open: true, procat })}
          maxHeight="calc(100dvh - 280px)"
          emptyMessage={query ? t('no_match', { search: search.trim() }) : t('empty')}
        />
      )}
      <ProcatDialog
        open={dialog.open}
        procat={dialog.procat}
        procats={procats}
        tenants={tenants}
        onClose={() => setDialog((current) => ({ ...current, open: false }))}
      />
      <DeleteConfirm
        item={deleting}
        title={(procat) => t('confirm_delete', { name: procat.name })}
        done={() => t('toast.deleted')}
        remove={(procat) => remove.mutateAsync(procat.id)}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
