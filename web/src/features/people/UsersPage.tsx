/**
 * /tenant/users (roles 2 and above): the tenant's people, sortable and searchable; New User; a
 * row opens the user card. `scope="admin"` (/admin/users) lists every tenant's users with their
 * tenant and offers roles 1 to 5. At phone width the rows become cards.
 */
import { canManageUserOfRole, type UserDto } from '@asbuilt/domain';
import AddIcon from '@mui/icons-material/Add';
import CheckIcon from '@mui/icons-material/Check';
import DeleteIcon from '@mui/icons-material/Delete';
import LoginIcon from '@mui/icons-material/Login';
import { Alert, Button, IconButton, Stack, Tooltip } from '@mui/material';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminTenants } from '../../api/admin.ts';
import { useLoginAsEnabled, useMe } from '../../api/auth.ts';
import { ApiError } from '../../api/client.ts';
import { type UserScope, useDeleteUser, useUsers } from '../../api/users.ts';
import { createDataTableColumns, DataTable, type DataTableColumn } from '../../components/DataTable.tsx';
import { DeleteConfirm } from '../../components/DeleteConfirm.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SearchField } from '../../components/SearchField.tsx';
import { usePageTitle } from '../../layout/PageTitle.tsx';
import { formatDate } from '../../lib/dates.ts';
import { UserCardDialog } from './UserCardDialog.tsx';

const col = createDataTableColumns<UserDto>();

/** Login as (admin): /loginas in a new tab with the user's id and name. */
function openLoginAs(user: UserDto) {
  const name = `${user.fname} ${user.lname}`.trim() || user.email;
  window.open(`/loginas?${new URLSearchParams({ id: String(user.id), name })}`, '_blank', 'noopener');
}

export function UsersPage({ scope = 'tenant' }: { scope?: UserScope }) {
  const { t } = useTranslation(['people', 'domain', 'admin']);
  usePageTitle(t('title'));
  const users = useUsers(scope);
  const me = useMe();
  const meId = me.data?.id;
  // A user above one's role is not deleted (the server refuses it too).
  const myRole = me.data?.role ?? 0;
  // Off without a master password on the server (and in a login-as session): no button then.
  const loginAs = useLoginAsEnabled(scope === 'admin').data === true && scope === 'admin';
  const remove = useDeleteUser(scope);
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim());
  const [card, setCard] = useState<{ open: boolean; userId: number | null }>({ open: false, userId: null });
  const [deleting, setDeleting] = useState<UserDto | null>(null);

  // The admin form offers every tenant, a new one without users included.
  const adminTenants = useAdminTenants(scope === 'admin');
  const tenants = useMemo(() => {
    const byId = new Map((users.data ?? []).map((u) => [u.tenant_id, u.tenant_name ?? String(u.tenant_id)]));
    for (const tenant of adminTenants.data ?? []) byId.set(tenant.id, tenant.name);
    return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
  }, [users.data, adminTenants.data]);

  const columns = useMemo<DataTableColumn<UserDto>[]>(
    () =>
      col.columns([
        col.accessor('id', {
          header: t('column.id'),
          sortFn: 'basic',
          meta: { width: 56, grow: 0, card: 'hidden' },
        }),
        col.accessor('email', {
          header: t('column.email'),
          meta: { width: 190, grow: 3, card: 'title' },
        }),
        col.accessor('fname', { header: t('column.fname'), meta: { width: 110, grow: 1 } }),
        col.accessor('lname', { header: t('column.lname'), meta: { width: 110, grow: 1 } }),
        col.accessor((u) => t(`domain:role.${u.role as 1 | 2 | 3 | 4 | 5}`), {
          id: 'role',
          header: t('column.role'),
          meta: { width: 130, grow: 1 },
        }),
        ...(scope === 'admin'
          ? [
              col.accessor((u) => u.tenant_name ?? '', {
                id: 'tenant',
                header: t('column.tenant'),
                meta: { width: 150, grow: 1 },
              }),
            ]
          : []),
        col.accessor((u) => (u.user_status ? 1 : 0), {
          id: 'active',
          header: t('column.active'),
          sortFn: 'basic',
          meta: { width: 72, grow: 0, align: 'center', searchable: false },
          cell: ({ row }) =>
            row.original.user_status ? (
              <CheckIcon fontSize="small" color="success" titleAccess={t('active')} />
            ) : (
              <span>{t('inactive')}</span>
            ),
        }),
        col.accessor('created_at', {
          header: t('column.created'),
          sortFn: 'basic',
          meta: { width: 112, grow: 0, searchable: false, card: 'hidden' },
          cell: ({ getValue }) => formatDate(getValue()),
        }),
        col.accessor('updated_at', {
          header: t('column.updated'),
          sortFn: 'basic',
          meta: { width: 112, grow: 0, searchable: false, card: 'hidden' },
          cell: ({ getValue }) => formatDate(getValue()),
        }),
        col.display({
          id: 'actions',
          header: '',
          meta: {
            width: loginAs ? 96 : 56,
            grow: 0,
            align: 'right',
            card: 'actions',
            label: t('column.actions'),
          },
          cell: ({ row }) =>
            row.original.id === meId ? null : (
              <>
                {loginAs ? (
                  <Tooltip title={t('admin:users.login_as')}>
                    <IconButton
                      size="small"
                      aria-label={t('admin:users.login_as_named', { name: row.original.email })}
                      onClick={() => openLoginAs(row.original)}
                    >
                      <LoginIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                ) : null}
                {canManageUserOfRole(myRole, row.original.role) ? (
                  <Tooltip title={t('action.delete')}>
                    <IconButton
                      size="small"
                      aria-label={t('action.delete_named', { name: row.original.email })}
                      onClick={() => setDeleting(row.original)}
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                ) : null}
              </>
            ),
        }),
      ]),
    [t, scope, meId, myRole, loginAs],
  );

  const forbidden = users.error instanceof ApiError && users.error.status === 403;
  return (
    <>
      <PageHeader
        title={t('title')}
        actions={
          forbidden ? undefined : (
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setCard({ open: true, userId: null })}
            >
              {t('action.new')}
            </Button>
          )
        }
      />
      {forbidden ? (
        <Alert severity="info" sx={{ maxWidth: 640 }}>
          {t(scope === 'admin' ? 'forbidden.admin' : 'forbidden.tenant')}
        </Alert>
      ) : users.isError ? (
        <ErrorState error={users.error} onRetry={() => users.refetch()} />
      ) : (
        <>
          <Stack direction="row" sx={{ mb: 2 }}>
            <SearchField value={search} onChange={setSearch} label={t('search')} />
          </Stack>
          <DataTable
            label={t('title')}
            data={users.data ?? []}
            columns={columns}
            getRowId={(user) => String(user.id)}
            search={query}
            initialSorting={[{ id: 'id', desc: false }]}
            loading={users.isPending}
            onRowClick={(user) => setCard({ open: true, userId: user.id })}
            maxHeight="calc(100dvh - 260px)"
            emptyMessage={query ? t('no_match', { search: search.trim() }) : t('empty')}
          />
        </>
      )}
      <UserCardDialog
        open={card.open}
        scope={scope}
        userId={card.userId}
        tenants={tenants}
        onClose={() => setCard((current) => ({ ...current, open: false }))}
      />
      <DeleteConfirm
        item={deleting}
        title={(user) => t('delete.title', { name: user.email })}
        message={t('delete.message')}
        done={(user) => t('toast.deleted', { id: user.id })}
        remove={(user) => remove.mutateAsync(user.id)}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
