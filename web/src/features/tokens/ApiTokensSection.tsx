/**
 * The profile's "API tokens" card (issue 45): the user's personal tokens with their last use,
 * New token (the dialog, then the token shown once) and Revoke (one click, confirmed).
 */
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import VpnKeyIcon from '@mui/icons-material/VpnKey';
import { Button, IconButton, ListItem, ListItemIcon, ListItemText, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiTokenDto, useOwnTokens, useRevokeToken } from '../../api/apiTokens.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { toastSuccess } from '../../lib/toast.ts';
import { ProfileSection } from '../profile/ProfileSection.tsx';
import { CreateTokenDialog } from './CreateTokenDialog.tsx';
import { TokenShownOnce } from './TokenShownOnce.tsx';
import { TokenTitle } from './TokenTitle.tsx';
import { tokenFacts } from './tokenText.ts';

export function ApiTokensSection() {
  const { t } = useTranslation('tokens');
  const tokens = useOwnTokens();
  const revoke = useRevokeToken();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiTokenDto | null>(null);

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
    <ProfileSection
      title={t('section.title')}
      help={t('section.help')}
      action={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
          {t('section.new')}
        </Button>
      }
      query={tokens}
      rows={tokens.data ?? []}
      row={(token) => (
        <ListItem
          key={token.id}
          divider
          disableGutters
          secondaryAction={
            <Tooltip title={t('revoke.action')}>
              <IconButton
                edge="end"
                aria-label={t('revoke.action_named', { name: token.name })}
                onClick={() => setRevoking(token)}
              >
                <DeleteOutlineIcon />
              </IconButton>
            </Tooltip>
          }
          sx={{ pr: 6 }}
        >
          <ListItemIcon sx={{ display: { xs: 'none', sm: 'flex' } }}>
            <VpnKeyIcon />
          </ListItemIcon>
          <ListItemText
            primary={<TokenTitle token={token} />}
            secondary={tokenFacts(t, token)}
            slotProps={{ primary: { component: 'div' } }}
          />
        </ListItem>
      )}
      empty={t('section.empty')}
    >
      <CreateTokenDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(token) => {
          setCreating(false);
          setCreated(token);
        }}
      />
      <TokenShownOnce token={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        open={revoking !== null}
        title={t('revoke.title')}
        message={t('revoke.message', { name: revoking?.name ?? '' })}
        confirmLabel={t('revoke.action')}
        loading={revoke.isPending}
        onConfirm={confirmRevoke}
        onClose={() => setRevoking(null)}
      />
    </ProfileSection>
  );
}
