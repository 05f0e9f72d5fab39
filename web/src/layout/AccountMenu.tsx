/** The header's account menu: who is signed in, profile, admin, layout switches, language, sign-out. */
import { type Language, Role } from '@asbuilt/domain';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import TranslateIcon from '@mui/icons-material/Translate';
import ViewSidebarIcon from '@mui/icons-material/ViewSidebar';
import {
  Avatar,
  Box,
  Chip,
  Divider,
  IconButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Menu,
  MenuItem,
  Switch,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUpdateLanguage } from '../api/auth.ts';
import { LanguageMenuItems } from '../components/LanguageMenuItems.tsx';
import { currentLanguage, setLanguage } from '../i18n/i18n.ts';
import { fullName, initials } from '../lib/names.ts';
import { useCurrentUser } from '../session/CurrentUser.tsx';
import { useSignOut } from '../session/sessionActions.ts';
import { useLayoutPrefs } from './LayoutPrefs.tsx';

export function AccountMenu() {
  const { t } = useTranslation(['layout', 'domain']);
  const user = useCurrentUser();
  const prefs = useLayoutPrefs();
  const navigate = useNavigate();
  const signOut = useSignOut();
  // A failed save is toasted by the query client (mutations are not silent).
  const updateLanguage = useUpdateLanguage();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const go = (path: string) => {
    close();
    navigate(path);
  };
  // useTranslation renders again on a language change: the marked item follows.
  const language = currentLanguage();
  const chooseLanguage = (next: Language) => {
    close();
    if (next === language && next === user.language) return;
    // The whole screen switches at once; the choice is saved on the user.
    void setLanguage(next);
    updateLanguage.mutate(next);
  };

  return (
    <>
      <Tooltip title={t('account.tooltip')}>
        <IconButton
          // The name holds the initials shown, as WCAG 2.5.3 asks of a named control with text.
          aria-label={t('account.button_named', { initials: initials(user) })}
          aria-haspopup="true"
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
          sx={{ p: 0.5 }}
        >
          <Avatar
            src={user.avatar ?? undefined}
            alt=""
            sx={{ width: 36, height: 36, bgcolor: 'secondary.main', fontSize: '0.95rem', fontWeight: 700 }}
          >
            {initials(user)}
          </Avatar>
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { mt: 1, width: 280, maxWidth: 'calc(100vw - 24px)' } } }}
      >
        <Box sx={{ px: 2, pt: 1, pb: 1.5 }}>
          <Typography sx={{ fontWeight: 700 }} noWrap>
            {fullName(user)}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {user.email}
          </Typography>
          <Chip
            label={t(`domain:role.${user.role as Role}`)}
            size="small"
            color="primary"
            variant="outlined"
            sx={{ mt: 1 }}
          />
        </Box>
        <Divider />
        <MenuItem onClick={() => go('/profile')}>
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('account.profile')}</ListItemText>
        </MenuItem>
        {user.role === Role.SuperAdmin ? (
          <MenuItem onClick={() => go('/admin/dashboard')}>
            <ListItemIcon>
              <AdminPanelSettingsIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('nav.administration')}</ListItemText>
          </MenuItem>
        ) : null}
        <Divider />
        <MenuItem
          role="menuitemcheckbox"
          aria-checked={prefs.mobile}
          disabled={prefs.isPhone}
          onClick={prefs.toggleMobile}
        >
          <ListItemIcon>
            <PhoneIphoneIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('account.mobile_view')}</ListItemText>
          <Switch size="small" edge="end" checked={prefs.mobile} tabIndex={-1} aria-hidden="true" />
        </MenuItem>
        <MenuItem
          role="menuitemcheckbox"
          aria-checked={prefs.showSidebar}
          disabled={prefs.mobile}
          onClick={prefs.toggleSidebar}
        >
          <ListItemIcon>
            <ViewSidebarIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('account.sidebar')}</ListItemText>
          <Switch size="small" edge="end" checked={prefs.showSidebar} tabIndex={-1} aria-hidden="true" />
        </MenuItem>
        <Divider />
        <ListSubheader
          role="presentation"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, lineHeight: 2.5, bgcolor: 'transparent' }}
        >
          <TranslateIcon fontSize="small" aria-hidden />
          {t('account.language')}
        </ListSubheader>
        <LanguageMenuItems current={language} onChoose={chooseLanguage} />
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            signOut();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('account.sign_out')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
