/** The header's account menu: who is signed in, profile, admin, layout switches, sign-out. */
import { Role, roleLabel } from '@asbuilt/domain';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import ViewSidebarIcon from '@mui/icons-material/ViewSidebar';
import {
  Avatar,
  Box,
  Chip,
  Divider,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Switch,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { fullName, initials } from '../../lib/names.ts';
import { useCurrentUser } from '../CurrentUser.tsx';
import { useLayoutPrefs } from '../LayoutPrefs.tsx';
import { useSignOut } from '../session.ts';

export function AccountMenu() {
  const user = useCurrentUser();
  const prefs = useLayoutPrefs();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const go = (path: string) => {
    close();
    navigate(path);
  };

  return (
    <>
      <Tooltip title="Account">
        <IconButton
          aria-label="Account menu"
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
          <Chip label={roleLabel(user.role)} size="small" color="primary" variant="outlined" sx={{ mt: 1 }} />
        </Box>
        <Divider />
        <MenuItem onClick={() => go('/profile')}>
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Profile</ListItemText>
        </MenuItem>
        {user.role === Role.SuperAdmin ? (
          <MenuItem onClick={() => go('/admin/dashboard')}>
            <ListItemIcon>
              <AdminPanelSettingsIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>Administration</ListItemText>
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
          <ListItemText>Mobile view</ListItemText>
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
          <ListItemText>Sidebar</ListItemText>
          <Switch size="small" edge="end" checked={prefs.showSidebar} tabIndex={-1} aria-hidden="true" />
        </MenuItem>
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
          <ListItemText>Sign Out</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
