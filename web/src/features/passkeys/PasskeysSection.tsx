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
  Button,
  IconButton,
  ListItem,
  ListItemIcon,
  ListItemText,
  Stack,
  Tooltip,
} from '@mui/material';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/dates.ts';
import { ProfileSection } from '../profile/ProfileSection.tsx';
import { AddPasskeyDialog, RemovePasskeyDialog, RenamePasskeyDialog } from './PasskeyDialogs.tsx';
import { type Passkey, useOwnPasskeys } from './passkeyApi.ts';

export function PasskeysSection() {
  const { t } = useTranslation('passkeys');
  const passkeys = useOwnPasskeys();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const supported = browserSupportsWebAuthn();

  return (
    <ProfileSection
      title={t('section.title')}
      help={t('section.help')}
      action={
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          disabled={!supported}
          onClick={() => setAdding(true)}
        >
          {t('section.add')}
        </Button>
      }
      notice={
        !supported && (
          <Alert severity="info" sx={{ mt: 2 }}>
            {t('error.unsupported')}
          </Alert>
        )
      }
      query={passkeys}
      rows={passkeys.data ?? []}
      row={(passkey) => (
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
      )}
      empty={t('section.empty')}
      testId="passkeys-section"
    >
      <AddPasskeyDialog open={adding} onClose={() => setAdding(false)} />
      <RenamePasskeyDialog passkey={renaming} onClose={() => setRenaming(null)} />
      <RemovePasskeyDialog passkey={removing} onClose={() => setRemoving(null)} />
    </ProfileSection>
  );
}
