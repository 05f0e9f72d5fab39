/**
 * /tenant/users (roles 2 and above): the tenant's people; New User; a row opens the user card.
 * `scope="admin"` lists every tenant's users with their tenant.
 */
import type { UserDto } from '@asbuilt/domain';
import AddIcon from '@mui/icons-material/Add';
import CheckIcon from '@mui/icons-material/Check';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Box,
  Button,
  IconButton,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../api/auth.ts';
import { type UserScope, useDeleteUser, useUsers } from '../../api/users.ts';
import { DeleteConfirm } from '../../components/DeleteConfirm.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { ListPager } from '../../components/ListPager.tsx';
import { LoadingScreen } from '../../components/LoadingScreen.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SearchField } from '../../components/SearchField.tsx';
import { formatDate } from '../../lib/dates.ts';
import { UserCardDialog } from './UserCardDialog.tsx';

const PAGE = 25;

export function UsersPage({ scope = 'tenant' }: { scope?: UserScope }) {
  const { t } = useTranslation(['people', 'domain']);
  const users = useUsers(scope);
  const me = useMe();
  const remove = useDeleteUser(scope);
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  const [open, setOpen] = useState<number | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<UserDto | null>(null);
  const shown = useMemo(() => {
    const wanted = query.trim().toLowerCase();
    return (users.data ?? []).filter(
      (u) =>
        !wanted || [u.email, u.fname, u.lname, u.tenant_name].some((v) => v?.toLowerCase().includes(wanted)),
    );
  }, [users.data, query]);
  const tenants = useMemo(() => {
    const byId = new Map((users.data ?? []).map((u) => [u.tenant_id, u.tenant_name ?? String(u.tenant_id)]));
    return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
  }, [users.data]);

  if (users.isError) return <ErrorState error={users.error} onRetry={() => users.refetch()} />;
  if (!users.data) return <LoadingScreen fullPage={false} />;
  const rows = shown.slice(page * PAGE, (page + 1) * PAGE);
  return (
    <>
      <PageHeader
        title={t('title')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen(null)}>
            {t('action.new')}
          </Button>
        }
      />
      <Paper sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Box sx={{ mb: 2 }}>
          <SearchField
            value={query}
            onChange={(value) => {
              setQuery(value);
              setPage(0);
            }}
            label={t('search')}
          />
        </Box>
        <TableContainer>
          <Table size="small" aria-label={t('title')} sx={{ minWidth: 760 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('column.id')}</TableCell>
                <TableCell>{t('column.email')}</TableCell>
                <TableCell>{t('column.fname')}</TableCell>
                <TableCell>{t('column.lname')}</TableCell>
                <TableCell>{t('column.role')}</TableCell>
                {scope === 'admin' && <TableCell>{t('column.tenant')}</TableCell>}
                <TableCell>{t('column.active')}</TableCell>
                <TableCell>{t('column.created')}</TableCell>
                <TableCell>{t('column.updated')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((user) => (
                <TableRow key={user.id} hover sx={{ cursor: 'pointer' }} onClick={() => setOpen(user.id)}>
                  <TableCell>{user.id}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{user.email}</TableCell>
                  <TableCell>{user.fname}</TableCell>
                  <TableCell>{user.lname}</TableCell>
                  <TableCell>{t(`domain:role.${user.role as 1 | 2 | 3 | 4 | 5}`)}</TableCell>
                  {scope === 'admin' && <TableCell>{user.tenant_name}</TableCell>}
                  <TableCell>
                    {user.user_status ? <CheckIcon fontSize="small" aria-label={t('active')} /> : null}
                  </TableCell>
                  <TableCell>{formatDate(user.created_at)}</TableCell>
                  <TableCell>{formatDate(user.updated_at)}</TableCell>
                  <TableCell align="right">
                    {user.id !== me.data?.id && (
                      <Tooltip title={t('action.delete')}>
                        <IconButton
                          size="small"
                          aria-label={t('action.delete_named', { name: user.email })}
                          onClick={(event) => {
                            event.stopPropagation();
                            setDeleting(user);
                          }}
                        >
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <ListPager count={shown.length} page={page} pageSize={PAGE} onPage={setPage} />
      </Paper>
      <UserCardDialog
        open={open !== undefined}
        scope={scope}
        userId={open ?? null}
        tenants={tenants}
        onClose={() => setOpen(undefined)}
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
