/**
 * The profile's "API tokens" card (issue 45): the user's personal tokens with their last use,
 * New token (the dialog, then the token shown once) and Revoke (one click, confirmed).
 */
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import VpnKeyIcon from '@mui/icons-material/VpnKey';
import {
  Box,
  Button,
  Card,
  CardContent,
  IconButton,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiTokenDto, useOwnTokens, useRevokeToken } from '../../api/apiTokens.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingScreen } from '../../components/LoadingScreen.tsx';
import { toastSuccess } from '../../lib/toast.ts';
import { CreateTokenDialog } from './CreateTokenDialog.tsx';
import { TokenShownOnce } from './TokenShownOnce.tsx';
import { TokenTitle } from './TokenTitle.tsx';
import { tokenFacts } from './tokenText.ts';

export function ApiTokensSection() {
  const { t } = useTranslation('tokens');
  const titleId = useId();
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
    <Card component="section" aria-labelledby={titleId} sx={{ maxWidth: 880, mt: 3 }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography id={titleId} variant="h6" component="h2">
              {t('section.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {t('section.help')}
            </Typography>
          </Box>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setCreating(true)}
            sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'auto' } }}
          >
            {t('section.new')}
          </Button>
        </Stack>
        {tokens.isPending ? (
          <LoadingScreen fullPage={false} />
        ) : tokens.isError ? (
          <ErrorState error={tokens.error} onRetry={() => tokens.refetch()} />
        ) : tokens.data.length === 0 ? (
          <Typography color="text.secondary" sx={{ mt: 2 }}>
            {t('section.empty')}
          </Typography>
        ) : (
          <List aria-labelledby={titleId} sx={{ mt: 1 }}>
            {tokens.data.map((token) => (
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
            ))}
          </List>
        )}
      </CardContent>
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
    </Card>
  );
}
