/** The Access rights tab: each site, whether the user gets in, the role, the expiry; Edit, Revoke, Grant. */
import type { SiteAccessDto, UserSiteAccess } from '@asbuilt/domain';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import {
  Avatar,
  Box,
  Button,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccessValues } from '../../api/accesses.ts';
import { api } from '../../api/client.ts';
import { formatDate } from '../../lib/dates.ts';
import { toastError, toastSuccess } from '../../lib/toast.ts';
import { AccessRightDialog } from '../access/AccessRightDialog.tsx';
import { accessLabelText } from '../access/accessLabel.ts';

export function UserAccessTab({
  userId,
  email,
  sites,
}: {
  userId: number;
  email: string;
  sites: UserSiteAccess[];
}) {
  const { t } = useTranslation(['people', 'access', 'domain']);
  const { t: tAccess } = useTranslation(['access', 'domain']);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<UserSiteAccess | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['users'] });

  const save = (row: UserSiteAccess, values: AccessValues) => withToast(saveAccess(row, values));
  const withToast = (work: Promise<void>) =>
    work.catch((error: unknown) => {
      toastError(error);
      throw error;
    });
  const saveAccess = async (row: UserSiteAccess, values: AccessValues) => {
    const body = { ...values, validity: values.validity ?? '', unlimited: values.validity === null };
    if (row.access) {
      await api.put<{ site_access: SiteAccessDto }>('/site/site_accesses', {
        id: row.access.id,
        ...body,
        active: true,
      });
      toastSuccess(t('access:toast.updated'));
    } else {
      await api.post<{ site_access: SiteAccessDto }>('/site/site_accesses', {
        site_id: row.site.id,
        user_id: userId,
        email,
        ...body,
      });
      toastSuccess(t('access:toast.created'));
    }
    await refresh();
  };
  const revoke = (row: UserSiteAccess) =>
    withToast(
      (async () => {
        await api.delete('/site/site_accesses', { id: row.access!.id });
        toastSuccess(t('access:toast.revoked'));
        await refresh();
      })(),
    );

  if (sites.length === 0) return <Typography color="text.secondary">{t('people:access.none')}</Typography>;
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label={t('people:tab.access')} sx={{ minWidth: 560 }}>
          <TableHead>
            <TableRow>
              <TableCell />
              <TableCell>{t('people:access.site')}</TableCell>
              <TableCell>{t('people:access.access')}</TableCell>
              <TableCell>{t('people:access.role')}</TableCell>
              <TableCell>{t('people:access.expires')}</TableCell>
              <TableCell>{t('people:access.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {sites.map((row) => (
              <TableRow key={row.site.id}>
                <TableCell>
                  <Avatar variant="rounded" src={row.site.image ?? undefined} sx={{ width: 32, height: 32 }}>
                    {row.site.name.charAt(0)}
                  </Avatar>
                </TableCell>
                <TableCell>{row.site.name}</TableCell>
                <TableCell>
                  {row.permission > 0 ? (
                    <CheckIcon color="success" aria-label={t('people:access.yes')} />
                  ) : (
                    <CloseIcon color="error" aria-label={t('people:access.no')} />
                  )}
                </TableCell>
                <TableCell>
                  {row.access
                    ? accessLabelText(tAccess, row.access)
                    : row.permission > 0
                      ? t(`domain:site_role.${row.permission as 1 | 2 | 3}`)
                      : tAccess('label.none')}
                </TableCell>
                <TableCell>
                  {row.access?.validity ? formatDate(row.access.validity) : t('access:never')}
                </TableCell>
                <TableCell>
                  <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                    {row.access?.active ? (
                      <>
                        <Button size="small" onClick={() => setEditing(row)}>
                          {t('access:action.edit')}
                        </Button>
                        <Button size="small" color="error" onClick={() => revoke(row).catch(() => undefined)}>
                          {t('access:action.revoke')}
                        </Button>
                      </>
                    ) : (
                      <Button size="small" onClick={() => setEditing(row)}>
                        {t('access:action.grant')}
                      </Button>
                    )}
                  </Box>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <AccessRightDialog
        open={editing !== null}
        access={editing?.access ?? null}
        siteName={editing?.site.name ?? ''}
        onClose={() => setEditing(null)}
        onSave={async (values) => {
          if (editing) await save(editing, values);
        }}
      />
    </>
  );
}
