/**
 * The profile's "Passkeys" card (issue 46): the user's passkeys with when each was added and last
 * used, Add (a name, then the browser's dialog), Rename and Remove (with the password).
 */
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import FingerprintIcon from '@mui/icons-material/Fingerprint';
import {
  Alert,
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
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingScreen } from '../../components/LoadingScreen.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { AddPasskeyDialog, RemovePasskeyDialog, RenamePasskeyDialog } from './PasskeyDialogs.tsx';
import { type Passkey, useOwnPasskeys } from './passkeyApi.ts';

export function PasskeysSection() {
  const { t } = useTranslation('passkeys');
  const titleId = useId();
  const passkeys = useOwnPasskeys();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const supported = browserSupportsWebAuthn();

  return (
    <Card
      component="section"
      aria-labelledby={titleId}
      sx={{ maxWidth: 880, mt: 3 }}
      data-testid="passkeys-section"
    >
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
            disabled={!supported}
            onClick={() => setAdding(true)}
            sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'auto' } }}
          >
            {t('section.add')}
          </Button>
        </Stack>
        {!supported && (
          <Alert severity="info" sx={{ mt: 2 }}>
            {t('error.unsupported')}
          </Alert>
        )}
        {passkeys.isPending ? (
          <LoadingScreen fullPage={false} />
        ) : passkeys.isError ? (
          <ErrorState error={passkeys.error} onRetry={() => passkeys.refetch()} />
        ) : passkeys.data.length === 0 ? (
          <Typography color="text.secondary" sx={{ mt: 2 }}>
            {t('section.empty')}
          </Typography>
        ) : (
          <List aria-labelledby={titleId} sx={{ mt: 1 }}>
            {passkeys.data.map((passkey) => (
              <ListItem
                key={passkey.id}
                divider
                disableGutters
                secondaryAction={
                  <Stack direction="row" spacing={0.5}>
                    <Tooltip title={t('rename.action')}>
                      <IconButton
                        aria-label={t('rename.action_named', { name: passkey.name })}
                        onClick={() => setRenaming(passkey)}
                      >
                        <EditIcon />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={t('remove.action')}>
                      <IconButton
                        edge="end"
                        aria-label={t('remove.action_named', { name: passkey.name })}
                        onClick={() => setRemoving(passkey)}
                      >
                        <DeleteOutlineIcon />
                      </IconButton>
                    </Tooltip>
                  </Stack>
                }
                sx={{ pr: 12 }}
              >
                <ListItemIcon sx={{ display: { xs: 'none', sm: 'flex' } }}>
                  <FingerprintIcon />
                </ListItemIcon>
                <ListItemText
                  primary={passkey.name}
                  secondary={
                    <>
                      <span>{t('item.created', { date: formatDateTime(passkey.created_at) })}</span>
                      {' · '}
                      <span>
                        {passkey.last_used_at
                          ? t('item.last_used', { date: formatDateTime(passkey.last_used_at) })
                          : t('item.never_used')}
                      </span>
                    </>
                  }
                  slotProps={{ primary: { sx: { fontWeight: 600, overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
      <AddPasskeyDialog open={adding} onClose={() => setAdding(false)} />
      <RenamePasskeyDialog passkey={renaming} onClose={() => setRenaming(null)} />
      <RemovePasskeyDialog passkey={removing} onClose={() => setRemoving(null)} />
    </Card>
  );
}
