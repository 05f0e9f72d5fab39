/**
 * The profile's "Sessions" card (issue 46): the user's active sessions, this browser's marked
 * and first; Sign out one (confirmed), or every other one (confirmed).
 */
import ComputerIcon from '@mui/icons-material/Computer';
import LogoutIcon from '@mui/icons-material/Logout';
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import {
  Button,
  Chip,
  IconButton,
  ListItem,
  ListItemIcon,
  ListItemText,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ActiveSessionDto,
  useOwnSessions,
  useRevokeOtherSessions,
  useRevokeSession,
} from '../../api/sessions.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { toastSuccess } from '../../lib/toast.ts';
import { ProfileSection } from '../profile/ProfileSection.tsx';
import { isPhone, useSessionText } from './sessionText.ts';

export function SessionsSection() {
  const { t } = useTranslation('sessions');
  const text = useSessionText();
  const sessions = useOwnSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const [revoking, setRevoking] = useState<ActiveSessionDto | null>(null);
  const [endingOthers, setEndingOthers] = useState(false);

  // The current session first: "this browser" is what the user looks for.
  const list = [...(sessions.data ?? [])].sort((a, b) => Number(b.current) - Number(a.current));
  const hasOthers = list.some((session) => !session.current);

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        toastSuccess(t('revoke.done'));
        setRevoking(null);
      },
    });
  };
  const confirmOthers = () =>
    revokeOthers.mutate(undefined, {
      onSuccess: ({ revoked }) => {
        toastSuccess(t('others.done', { count: revoked }));
        setEndingOthers(false);
      },
    });

  return (
    <ProfileSection
      title={t('section.title')}
      help={t('section.help')}
      action={
        <Button
          variant="outlined"
          color="error"
          startIcon={<LogoutIcon />}
          disabled={!hasOthers}
          onClick={() => setEndingOthers(true)}
        >
          {t('section.sign_out_others')}
        </Button>
      }
      query={sessions}
      rows={list}
      row={(session) => (
        <ListItem
          key={session.id}
          divider
          disableGutters
          data-testid="session-item"
          secondaryAction={
            session.current ? undefined : (
              <Tooltip title={t('revoke.action')}>
                <IconButton
                  edge="end"
                  aria-label={t('revoke.action_named', { name: text.name(session) })}
                  onClick={() => setRevoking(session)}
                >
                  <LogoutIcon />
                </IconButton>
              </Tooltip>
            )
          }
          sx={{ pr: session.current ? 0 : 6 }}
        >
          <ListItemIcon sx={{ display: { xs: 'none', sm: 'flex' } }}>
            {isPhone(session) ? <PhoneIphoneIcon /> : <ComputerIcon />}
          </ListItemIcon>
          <ListItemText
            primary={
              <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {text.name(session)}
                </Typography>
                {session.current && <Chip size="small" color="success" label={t('item.this_browser')} />}
              </Stack>
            }
            secondary={text.details(session)}
            slotProps={{
              primary: { component: 'div' },
              secondary: { sx: { overflowWrap: 'anywhere' } },
            }}
          />
        </ListItem>
      )}
      empty={t('section.empty')}
      isEmpty={() => !hasOthers}
    >
      <ConfirmDialog
        open={revoking !== null}
        title={t('revoke.title', { name: revoking ? text.name(revoking) : '' })}
        message={t('revoke.message', {
          name: revoking ? text.name(revoking) : '',
          address: revoking ? text.address(revoking) : '',
        })}
        confirmLabel={t('revoke.action')}
        loading={revoke.isPending}
        onConfirm={confirmRevoke}
        onClose={() => setRevoking(null)}
      />
      <ConfirmDialog
        open={endingOthers}
        title={t('others.title')}
        message={t('others.message')}
        confirmLabel={t('others.confirm')}
        loading={revokeOthers.isPending}
        onConfirm={confirmOthers}
        onClose={() => setEndingOthers(false)}
      />
    </ProfileSection>
  );
}
