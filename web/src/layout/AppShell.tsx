/**
 * Header + sidebar + content. On phone width, in mobile view, or with the sidebar switched off,
 * the sidebar gives way to a foldable grid of shortcut tiles above the content.
 */
import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Header } from './Header.tsx';
import { ImpersonationBanner } from './ImpersonationBanner.tsx';
import { useLayoutPrefs } from './LayoutPrefs.tsx';
import { NavTilesPanel } from './NavTilesPanel.tsx';
import type { NavItem } from './nav.ts';
import { Sidebar } from './Sidebar.tsx';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink.tsx';
import { HEADER_HEIGHT } from './theme.ts';

interface Props {
  items: NavItem[];
  footer?: NavItem;
  /** Accessible name of the navigation, e.g. "Main" or "Administration". */
  label: string;
  /** The page content (default: the matched child route). */
  children?: ReactNode;
}

export function AppShell({ items, footer, label, children }: Props) {
  const { showSidebar } = useLayoutPrefs();
  const tiles = footer ? [...items, footer] : items;
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <SkipLink />
      <Header />
      {showSidebar ? <Sidebar items={items} footer={footer} label={label} /> : null}
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        sx={{
          '&:focus': { outline: 'none' },
          flex: 1,
          minWidth: 0,
          pt: `${HEADER_HEIGHT}px`,
        }}
      >
        <ImpersonationBanner />
        <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 1400, mx: 'auto' }}>
          {showSidebar ? null : <NavTilesPanel items={tiles} label={label} />}
          {children ?? <Outlet />}
        </Box>
      </Box>
    </Box>
  );
}
