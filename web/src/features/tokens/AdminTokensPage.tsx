/**
 * /admin/tokens (issue 45): every live personal API token of every tenant, with its owner, tenant,
 * access and last use; the Super Admin revokes any of them (confirmed).
 */
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ADMIN_TOKENS_PAGE,
  type AdminApiTokenDto,
  useAdminRevokeToken,
  useAdminTokens,
} from '../../api/apiTokens.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { ListPager } from '../../components/ListPager.tsx';
import { LoadingScreen } from '../../components/LoadingScreen.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { usePageTitle } from '../../layout/PageTitle.tsx';
import { toastSuccess } from '../../lib/toast.ts';
import { TokenTitle } from './TokenTitle.tsx';
import { tokenFacts } from './tokenText.ts';

const ownerName = (user: AdminApiTokenDto['user']) => `${user.fname} ${user.lname}`.trim() || user.email;

export function AdminTokensPage() {
  const { t } = useTranslation('tokens');
  usePageTitle(t('admin.title'));
  const [page, setPage] = useState(0);
  const tokens = useAdminTokens(page);
  const revoke = useAdminRevokeToken();
  const [revoking, setRevoking] = useState<AdminApiTokenDto | null>(null);

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        toastSuccess(t('revoke.done'));
        setRevoking(null);
      },
    });
  };

  return (
    <>
      <PageHeader title={t('admin.title')} subtitle={t('admin.subtitle')} />
      {tokens.isPending ? (
        <LoadingScreen fullPage={false} />
      ) : tokens.isError ? (
        <ErrorState error={tokens.error} onRetry={() => tokens.refetch()} />
      ) : tokens.data.tokens.length === 0 ? (
        <Typography color="text.secondary">{t('admin.empty')}</Typography>
      ) : (
        <Stack
          spacing={1.5}
          component="ul"
          aria-label={t('admin.title')}
          sx={{ p: 0, m: 0, listStyle: 'none' }}
        >
          {tokens.data.tokens.map((token) => (
            <Paper key={token.id} component="li" variant="outlined" sx={{ p: 2 }}>
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={2}
                sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
              >
                <Box sx={{ minWidth: 0 }}>
                  <TokenTitle token={token} />
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {t('admin.owner')}: {ownerName(token.user)} ({token.user.email}) · {t('admin.tenant')}:{' '}
                    {token.tenant.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {tokenFacts(t, token)}
                  </Typography>
                </Box>
                <Button
                  color="error"
                  variant="outlined"
                  startIcon={<DeleteOutlineIcon />}
                  aria-label={t('revoke.action_named', { name: token.name })}
                  onClick={() => setRevoking(token)}
                  sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
                >
                  {t('revoke.action')}
                </Button>
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
      <ListPager count={tokens.data?.total ?? 0} page={page} pageSize={ADMIN_TOKENS_PAGE} onPage={setPage} />
      <ConfirmDialog
        open={revoking !== null}
        title={t('revoke.title')}
        message={t('admin.revoke_message', {
          name: revoking?.name ?? '',
          owner: revoking ? ownerName(revoking.user) : '',
        })}
        confirmLabel={t('revoke.action')}
        loading={revoke.isPending}
        onConfirm={confirmRevoke}
        onClose={() => setRevoking(null)}
      />
    </>
  );
}
