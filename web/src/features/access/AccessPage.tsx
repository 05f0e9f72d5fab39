/**
 * /site/{id}/access (Full Access): who holds an access to the site, internal (the site's tenant)
 * and external, with Share Site, Edit Access, Revoke, Grant and Resend Invitation. Below Full
 * Access the page says so and shows nothing else (the server refuses the list anyway).
 */
import { type SiteAccessDto, SitePermission } from '@asbuilt/domain';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import ShareIcon from '@mui/icons-material/Share';
import { Box, Button, Paper, Typography } from '@mui/material';
import { useState } from 'react';
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
  const accesses = useSiteAccesses(siteId, full);
  const update = useUpdateAccess(siteId);
  const revoke = useRevokeAccess(siteId);
  const reinvite = useReinviteUser(siteId);
  const [sharing, setSharing] = useState(false);
  const [editing, setEditing] = useState<{ access: SiteAccessDto; grant: boolean } | null>(null);
  const [revoking, setRevoking] = useState<SiteAccessDto | null>(null);
  const [resending, setResending] = useState<number | null>(null);

  const header = <PageHeader title={t('title')} subtitle={site.name} />;
  if (!full) {
    return (
      <>
        {header}
        <Paper sx={{ p: 3, display: 'flex', gap: 2, alignItems: 'flex-start' }}>
          <LockOutlinedIcon color="action" />
          <Box>
            <Typography variant="subtitle1" component="h2">
              {t('no_access.title')}
            </Typography>
            <Typography color="text.secondary">{t('no_access.message')}</Typography>
          </Box>
        </Paper>
      </>
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
  const myId = me.data?.id;
  const internal = accesses.data.filter((a) => a.internal);
  const external = accesses.data.filter((a) => !a.internal);
  return (
    <>
      {header}
      <Paper sx={{ p: { xs: 1.5, sm: 2 } }}>
        <AccessTable title={t('internal')} accesses={internal} myId={myId} actions={actions} />
        <AccessTable
          title={t('external')}
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
        accesses={accesses.data}
        myId={myId}
        onClose={() => setSharing(false)}
      />
      <AccessRightDialog
        open={editing !== null}
        access={editing?.access ?? null}
        siteName={site.name}
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
