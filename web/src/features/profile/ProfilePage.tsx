import { LANGUAGE_NAMES, type Role } from '@asbuilt/domain';
import AlternateEmailIcon from '@mui/icons-material/AlternateEmail';
import EditIcon from '@mui/icons-material/Edit';
import EmailIcon from '@mui/icons-material/Email';
import LockResetIcon from '@mui/icons-material/LockReset';
import PhoneIcon from '@mui/icons-material/Phone';
import TranslateIcon from '@mui/icons-material/Translate';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  Divider,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OwnUser } from '../../api/users.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { usePageTitle } from '../../layout/PageTitle.tsx';
import { fullName, initials } from '../../lib/names.ts';
import { useCurrentUser } from '../../session/CurrentUser.tsx';
import { RemindersSection } from '../due/RemindersSection.tsx';
import { PasskeysSection } from '../passkeys/PasskeysSection.tsx';
import { SessionsSection } from '../sessions/SessionsSection.tsx';
import { TicketMailSwitch } from '../support/TicketMailSwitch.tsx';
import { ApiTokensSection } from '../tokens/ApiTokensSection.tsx';
import { TwoFactorSection } from '../twoFactor/TwoFactorSection.tsx';
import { ChangeEmailDialog } from './ChangeEmailDialog.tsx';
import { ChangePasswordDialog } from './ChangePasswordDialog.tsx';
import { EditProfileDialog } from './EditProfileDialog.tsx';

/** /profile: who I am, with the Edit Profile, Change E-mail and Change Password dialogs. */
export function ProfilePage() {
  const { t } = useTranslation(['profile', 'domain']);
  usePageTitle(t('page.title'));
  // GET /api/global/me adds the address waiting for confirmation to one's own account.
  const user: OwnUser = useCurrentUser();
  const [dialog, setDialog] = useState<'edit' | 'email' | 'password' | null>(null);
  const close = () => setDialog(null);

  return (
    <>
      <PageHeader title={t('page.title')} />
      {/* One column of cards, all as wide, as on the other settings pages. */}
      <Stack spacing={3} sx={{ maxWidth: 880 }}>
        <Card>
          <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 3 }}>
            <Avatar
              src={user.avatar ?? undefined}
              alt=""
              sx={{ width: 64, height: 64, bgcolor: 'secondary.main', fontSize: '1.5rem', fontWeight: 700 }}
            >
              {initials(user)}
            </Avatar>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
                {fullName(user)}
              </Typography>
              <Chip
                label={t(`domain:role.${user.role as Role}`)}
                size="small"
                color="primary"
                sx={{ mt: 0.75 }}
              />
            </Box>
          </CardContent>
          <Divider />
          <List aria-label={t('page.contact_details')}>
            <ListItem>
              <ListItemIcon>
                <EmailIcon />
              </ListItemIcon>
              <ListItemText
                primary={user.email}
                secondary={t('field.email')}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
            {user.pending_email && (
              <ListItem>
                <Alert severity="warning" sx={{ width: '100%', overflowWrap: 'anywhere' }}>
                  {t('email.pending', { email: user.pending_email })}
                </Alert>
              </ListItem>
            )}
            <ListItem>
              <ListItemIcon>
                <PhoneIcon />
              </ListItemIcon>
              <ListItemText primary={user.phone1 || '—'} secondary={t('field.primary_phone')} />
            </ListItem>
            <ListItem>
              <ListItemIcon>
                <TranslateIcon />
              </ListItemIcon>
              <ListItemText
                primary={LANGUAGE_NAMES[user.language]}
                secondary={t('field.language')}
                slotProps={{ primary: { lang: user.language } }}
              />
            </ListItem>
            <TicketMailSwitch />
          </List>
          <Divider />
          <CardActions disableSpacing sx={{ p: 2, gap: 1, flexWrap: 'wrap' }}>
            <Button variant="contained" startIcon={<EditIcon />} onClick={() => setDialog('edit')}>
              {t('page.edit')}
            </Button>
            <Button variant="outlined" startIcon={<AlternateEmailIcon />} onClick={() => setDialog('email')}>
              {t('page.change_email')}
            </Button>
            <Button variant="outlined" startIcon={<LockResetIcon />} onClick={() => setDialog('password')}>
              {t('page.change_password')}
            </Button>
          </CardActions>
        </Card>
        <TwoFactorSection />
        <PasskeysSection />
        <SessionsSection />
        <RemindersSection />
        <ApiTokensSection />
      </Stack>
      <EditProfileDialog user={user} open={dialog === 'edit'} onClose={close} />
      <ChangeEmailDialog open={dialog === 'email'} onClose={close} />
      <ChangePasswordDialog userId={user.id} open={dialog === 'password'} onClose={close} />
    </>
  );
}
