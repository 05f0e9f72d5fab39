/**
 * /site/{id}/access (Full Access users of the site's organisation): who holds an access to the
 * site, internal (the site's tenant) and external, with Share Site, Edit Access, Revoke, Grant and
 * Resend Invitation. Below Full Access, or for a user of another organisation whatever their
 * level, the page says why and shows nothing else (the server refuses the list anyway).
 */
import {
  canManageSiteAccess,
  highestGrantableLevel,
  type SiteAccessDto,
  SitePermission,
} from '@asbuilt/domain';
import ApartmentOutlinedIcon from '@mui/icons-material/ApartmentOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import ShareIcon from '@mui/icons-material/Share';
import { Box, Button, Paper, Typography } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReinviteUser, useRevokeAccess, useSiteAccesses, useUpdateAccess } from '../../api/accesses.ts';
import { useMe } from '../../api/auth.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingScreen } from '../../components/LoadingScreen.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { toastSuccess } from '../../lib/toast.ts';
import { useSite } from '../sites/SiteContext.tsx';
import { AccessRightDialog } from './AccessRightDialog.tsx';
import { AccessTable, userName } from './AccessTable.tsx';
import { ShareSiteDialog } from './ShareSiteDialog.tsx';

export function AccessPage() {
  const { t } = useTranslation('access');
  const { site, siteId, permission } = useSite();
  const full = permission >= SitePermission.FullAccess;
  const me = useMe();
  const manages =
    me.data !== undefined &&
    canManageSiteAccess(
      { tenantId: me.data.tenant_id, role: me.data.role },
      { tenantId: site.tenant_id },
      permission,
    );
  const accesses = useSiteAccesses(siteId, manages);
  const update = useUpdateAccess(siteId);
  const revoke = useRevokeAccess(siteId);
  const reinvite = useReinviteUser(siteId);
  const [sharing, setSharing] = useState(false);
  const [editing, setEditing] = useState<{ access: SiteAccessDto; grant: boolean } | null>(null);
  const [revoking, setRevoking] = useState<SiteAccessDto | null>(null);
  const [resending, setResending] = useState<number | null>(null);

  const organisation = site.tenant.name;
  const header = <PageHeader title={t('title')} subtitle={site.name} />;
  const notice = (icon: ReactNode, title: string, message: string) => (
    <>
      {header}
      <Paper sx={{ p: 3, display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        {icon}
        <Box>
          <Typography variant="subtitle1" component="h2">
            {title}
          </Typography>
          <Typography color="text.secondary">{message}</Typography>
        </Box>
      </Paper>
    </>
  );
  if (!full) return notice(<LockOutlinedIcon color="action" />, t('no_access.title'), t('no_access.message'));
  if (me.isError) return <ErrorState error={me.error} onRetry={() => me.refetch()} />;
  if (!me.data) return <LoadingScreen fullPage={false} />;
  if (!manages) {
    return notice(
      <ApartmentOutlinedIcon color="action" />,
      t('managed_elsewhere.title', { organisation }),
      t('managed_elsewhere.message', { organisation }),
    );
  }
  if (accesses.isError) return <ErrorState error={accesses.error} onRetry={() => accesses.refetch()} />;
  if (!accesses.data) return <LoadingScreen fullPage={false} />;

  const actions = {
    onEdit: (access: SiteAccessDto) => setEditing({ access, grant: false }),
    onGrant: (access: SiteAccessDto) => setEditing({ access, grant: true }),
    onRevoke: setRevoking,
    onResend: (access: SiteAccessDto) => {
      setResending(access.id);
      reinvite
        .mutateAsync(access.user_id)
        .then(() => toastSuccess(t('toast.resent')))
        .catch(() => undefined)
        .finally(() => setResending(null));
    },
    resending,
  };
  const myId = me.data.id;
  const maxRole = highestGrantableLevel(permission);
  const internal = accesses.data.filter((a) => a.internal);
  const external = accesses.data.filter((a) => !a.internal);
  return (
    <>
      {header}
      <Paper sx={{ p: { xs: 1.5, sm: 2 } }}>
        <AccessTable
          title={t('internal')}
          hint={t('internal_hint', { organisation })}
          emptyText={t('empty_internal', { organisation })}
          accesses={internal}
          myId={myId}
          actions={actions}
        />
        <AccessTable
          title={t('external')}
          hint={t('external_hint')}
          emptyText={t('empty_external', { organisation })}
          accesses={external}
          myId={myId}
          actions={actions}
          headerAction={
            <Button variant="contained" startIcon={<ShareIcon />} onClick={() => setSharing(true)}>
              {t('action.share')}
            </Button>
          }
        />
      </Paper>
      <ShareSiteDialog
        open={sharing}
        siteId={siteId}
        organisation={organisation}
        maxRole={maxRole}
        accesses={accesses.data}
        myId={myId}
        onClose={() => setSharing(false)}
      />
      <AccessRightDialog
        open={editing !== null}
        access={editing?.access ?? null}
        siteName={site.name}
        maxRole={maxRole}
        onClose={() => setEditing(null)}
        onSave={async (values) => {
          if (!editing) return;
          await update.mutateAsync({
            id: editing.access.id,
            ...values,
            ...(editing.grant ? { active: true } : {}),
          });
          toastSuccess(t('toast.updated'));
        }}
      />
      <ConfirmDialog
        open={revoking !== null}
        title={t('revoke.title', { name: revoking ? userName(revoking) : '' })}
        message={t('revoke.message')}
        confirmLabel={t('revoke.confirm')}
        loading={revoke.isPending}
        onClose={() => setRevoking(null)}
        onConfirm={() => {
          if (!revoking) return;
          revoke
            .mutateAsync(revoking.id)
            .then(() => {
              toastSuccess(t('toast.revoked'));
              setRevoking(null);
            })
            .catch(() => undefined);
        }}
      />
    </>
  );
}
