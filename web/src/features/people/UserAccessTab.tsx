/**
 * The user card's Access rights tab: each site, whether the user gets in (from the resulting
 * permission), the site role, the expiry; Edit Access, Revoke Access (confirmed), Grant Access
 * with the Access page's AccessRightDialog. Nobody changes their own access: one's own card
 * shows no actions. At phone width the table becomes a list of cards.
 */
import type { UserDto, UserSiteAccess } from '@asbuilt/domain';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../api/auth.ts';
import { useRevokeUserAccess, useSaveUserAccess } from '../../api/users.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { TableCaption } from '../../components/TableCaption.tsx';
import { visuallyHidden } from '../../components/visuallyHidden.ts';
import { formatDate } from '../../lib/dates.ts';
import { toastSuccess } from '../../lib/toast.ts';
import { AccessRightDialog } from '../access/AccessRightDialog.tsx';
import { accessLabelText } from '../access/accessLabel.ts';

export function UserAccessTab({ user, sites }: { user: UserDto; sites: UserSiteAccess[] }) {
  const { t } = useTranslation(['people', 'access', 'domain']);
  const { t: tAccess } = useTranslation(['access', 'domain']);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const me = useMe();
  const yourself = user.id === me.data?.id;
  const save = useSaveUserAccess();
  const revoke = useRevokeUserAccess();
  const [editing, setEditing] = useState<UserSiteAccess | null>(null);
  const [revoking, setRevoking] = useState<UserSiteAccess | null>(null);
  const name = [user.fname, user.lname].filter(Boolean).join(' ') || user.email;

  /** No Access, Access Expired, the access's role, or (no record) the role the user's global role gives. */
  const roleText = (row: UserSiteAccess) =>
    row.access
      ? accessLabelText(tAccess, row.access)
      : row.permission > 0
        ? t(`domain:site_role.${row.permission as 1 | 2 | 3}`)
        : tAccess('label.none');
  const expiryText = (row: UserSiteAccess) =>
    row.access?.validity && !row.access.unlimited ? formatDate(row.access.validity) : t('access:never');
  const accessIcon = (row: UserSiteAccess) =>
    row.permission > 0 ? (
      <CheckIcon color="success" titleAccess={t('people:access.yes')} />
    ) : (
      <CloseIcon color="error" titleAccess={t('people:access.no')} />
    );
  const actions = (row: UserSiteAccess) => {
    // The server says whose access the caller may change (the site's managers, by rank).
    if (yourself || !row.manageable) return null;
    const site = row.site.name;
    if (row.access?.active) {
      return (
        <>
          <Button
            size="small"
            onClick={() => setEditing(row)}
            aria-label={t('people:access.edit_named', { site })}
          >
            {t('access:action.edit')}
          </Button>
          <Button
            size="small"
            color="error"
            onClick={() => setRevoking(row)}
            aria-label={t('people:access.revoke_named', { site })}
          >
            {t('access:action.revoke')}
          </Button>
        </>
      );
    }
    // No record yet with a role that already opens the site: a record sets its role and expiry.
    if (!row.access && row.permission > 0) {
      return (
        <Button
          size="small"
          onClick={() => setEditing(row)}
          aria-label={t('people:access.edit_named', { site })}
        >
          {t('access:action.edit')}
        </Button>
      );
    }
    return (
      <Button
        size="small"
        onClick={() => setEditing(row)}
        aria-label={t('people:access.grant_named', { site })}
      >
        {t('access:action.grant')}
      </Button>
    );
  };

  const siteImage = (row: UserSiteAccess) => (
    <Avatar variant="rounded" src={row.site.image ?? undefined} alt="" sx={{ width: 36, height: 36 }}>
      {row.site.name.charAt(0)}
    </Avatar>
  );

  return (
    <>
      {yourself && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('people:access.own')}
        </Alert>
      )}
      {sites.length === 0 ? (
        <Typography color="text.secondary">{t('people:access.none')}</Typography>
      ) : phone ? (
        <Stack spacing={1} role="list" aria-label={t('people:tab.access')}>
          {sites.map((row) => (
            <Paper key={row.site.id} variant="outlined" role="listitem" sx={{ p: 1.5 }}>
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                {siteImage(row)}
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography variant="subtitle2" noWrap>
                    {row.site.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('people:access.summary', { role: roleText(row), expiry: expiryText(row) })}
                  </Typography>
                </Box>
                {accessIcon(row)}
              </Stack>
              {!yourself && (
                <Stack direction="row" spacing={1} sx={{ mt: 1, justifyContent: 'flex-end' }}>
                  {actions(row)}
                </Stack>
              )}
            </Paper>
          ))}
        </Stack>
      ) : (
        <TableContainer>
          <Table size="small">
            <TableCaption>{t('people:tab.access')}</TableCaption>
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: 56 }}>
                  <Box component="span" sx={visuallyHidden}>
                    {t('people:access.image')}
                  </Box>
                </TableCell>
                <TableCell>{t('people:access.site')}</TableCell>
                <TableCell align="center">{t('people:access.access')}</TableCell>
                <TableCell>{t('people:access.role')}</TableCell>
                <TableCell>{t('people:access.expires')}</TableCell>
                {!yourself && <TableCell align="right">{t('people:access.actions')}</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {sites.map((row) => (
                <TableRow key={row.site.id}>
                  <TableCell>{siteImage(row)}</TableCell>
                  <TableCell>{row.site.name}</TableCell>
                  <TableCell align="center">{accessIcon(row)}</TableCell>
                  <TableCell>{roleText(row)}</TableCell>
                  <TableCell>{expiryText(row)}</TableCell>
                  {!yourself && (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {actions(row)}
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <AccessRightDialog
        open={editing !== null}
        access={editing?.access ?? null}
        siteName={editing?.site.name ?? ''}
        onClose={() => setEditing(null)}
        onSave={async (values) => {
          if (!editing) return;
          const created = editing.access === null;
          await save.mutateAsync({
            siteId: editing.site.id,
            accessId: editing.access?.id ?? null,
            userId: user.id,
            email: user.email,
            ...values,
          });
          toastSuccess(t(created ? 'access:toast.created' : 'access:toast.updated'));
        }}
      />
      <ConfirmDialog
        open={revoking !== null}
        title={t('access:revoke.title', { name })}
        message={t('people:access.revoke_message', { site: revoking?.site.name ?? '' })}
        confirmLabel={t('access:revoke.confirm')}
        loading={revoke.isPending}
        onClose={() => setRevoking(null)}
        onConfirm={() => {
          if (!revoking?.access) return;
          revoke
            .mutateAsync({ siteId: revoking.site.id, accessId: revoking.access.id })
            .then(() => {
              toastSuccess(t('access:toast.revoked'));
              setRevoking(null);
            })
            .catch(() => undefined);
        }}
      />
    </>
  );
}
