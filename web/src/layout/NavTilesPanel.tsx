/**
 * The shortcut grid that stands in for the sidebar in the mobile layout. On a phone the site's
 * nine tiles took a third of every page, so the grid folds to one line (the current page and a
 * Menu button) and opens on demand; each user's choice is kept on the device.
 */
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import MenuIcon from '@mui/icons-material/Menu';
import { Box, Button, Collapse, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useCurrentUser } from '../session/CurrentUser.tsx';
import { useLayoutPrefs } from './LayoutPrefs.tsx';
import { isActive, type NavItem } from './nav.ts';
import { ShortcutTiles } from './ShortcutTiles.tsx';

const storageKey = (userId: number) => `asbuilt.navTiles.${userId}`;

function readOpen(userId: number): boolean | null {
  try {
    const value = localStorage.getItem(storageKey(userId));
    return value === 'open' ? true : value === 'closed' ? false : null;
  } catch {
    return null;
  }
}

function saveOpen(userId: number, open: boolean) {
  try {
    localStorage.setItem(storageKey(userId), open ? 'open' : 'closed');
  } catch {
    // storage blocked: the choice lasts until the page is reloaded
  }
}

export function NavTilesPanel({ items, label }: { items: NavItem[]; label: string }) {
  const { t } = useTranslation('layout');
  const user = useCurrentUser();
  const { isPhone } = useLayoutPrefs();
  const { pathname } = useLocation();
  const panelId = useId();
  const [saved, setSaved] = useState(() => readOpen(user.id));
  // Without a choice: folded on a phone, open on a wider screen in the mobile layout.
  const open = saved ?? !isPhone;
  const current = items.find((item) => isActive(pathname, item));
  const CurrentIcon = current?.icon;

  const toggle = () => {
    saveOpen(user.id, !open);
    setSaved(!open);
  };

  return (
    <Box sx={{ mb: open ? 3 : 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 40 }}>
        {current && CurrentIcon ? (
          <>
            <CurrentIcon fontSize="small" sx={{ color: 'primary.main' }} />
            <Typography noWrap sx={{ fontWeight: 600, minWidth: 0 }}>
              {t(current.labelKey)}
            </Typography>
          </>
        ) : null}
        <Box sx={{ flex: 1 }} />
        <Button
          variant="outlined"
          size="small"
          startIcon={<MenuIcon />}
          endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={toggle}
          sx={{ flexShrink: 0 }}
        >
          {t('nav.menu')}
        </Button>
      </Box>
      <Collapse in={open} id={panelId}>
        <Box sx={{ pt: 1.5 }}>
          <ShortcutTiles items={items} label={label} />
        </Box>
      </Collapse>
    </Box>
  );
}
