/** The permanent sidebar of a layout (tenant, admin; later the site layout). */
import {
  Box,
  Divider,
  Drawer,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { isActive, type NavItem } from './nav.ts';
import { HEADER_HEIGHT, SIDEBAR_WIDTH } from './theme.ts';

interface Props {
  items: NavItem[];
  /** An entry below the others, e.g. Exit Admin. */
  footer?: NavItem;
  label: string;
}

function Entry({ item, active }: { item: NavItem; active: boolean }) {
  const { t } = useTranslation('layout');
  const Icon = item.icon;
  // Each link in a list item of its own: a list holds only items (screen readers count them).
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      <ListItemButton
        component={RouterLink}
        to={item.path}
        selected={active}
        aria-current={active ? 'page' : undefined}
        sx={(theme) => ({
          borderRadius: 2,
          mx: 1,
          mb: 0.5,
          '&.Mui-selected': {
            bgcolor: alpha(theme.palette.primary.main, 0.1),
            color: 'primary.main',
            '& .MuiListItemIcon-root': { color: 'primary.main' },
          },
          '&.Mui-selected:hover': { bgcolor: alpha(theme.palette.primary.main, 0.16) },
        })}
      >
        <ListItemIcon sx={{ minWidth: 40 }}>
          <Icon fontSize="small" />
        </ListItemIcon>
        <ListItemText
          primary={t(item.labelKey)}
          slotProps={{ primary: { sx: { fontWeight: active ? 700 : 500 } } }}
        />
      </ListItemButton>
    </ListItem>
  );
}

export function Sidebar({ items, footer, label }: Props) {
  const { pathname } = useLocation();
  return (
    <Drawer
      variant="permanent"
      sx={{ width: SIDEBAR_WIDTH, flexShrink: 0 }}
      slotProps={{
        paper: {
          sx: {
            width: SIDEBAR_WIDTH,
            top: HEADER_HEIGHT,
            height: `calc(100% - ${HEADER_HEIGHT}px)`,
            borderRight: 1,
            borderColor: 'divider',
          },
        },
      }}
    >
      <Box
        component="nav"
        aria-label={label}
        sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}
      >
        <List sx={{ pt: 1.5 }}>
          {items.map((item) => (
            <Entry key={item.key} item={item} active={isActive(pathname, item)} />
          ))}
        </List>
        {footer ? (
          <>
            <Box sx={{ flex: 1 }} />
            <Divider />
            <List>
              <Entry item={footer} active={false} />
            </List>
          </>
        ) : null}
      </Box>
    </Drawer>
  );
}
