/** The app bar: logo, title, site filter, shortcut menu and account menu. */
import { AppBar, Box, Link, Toolbar, Typography } from '@mui/material';
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LogoMark } from '../components/Logo.tsx';
import { isDevHost } from '../lib/env.ts';
import { AccountMenu } from './AccountMenu.tsx';
import { HeaderActionsContext } from './HeaderActions.ts';
import { useLayoutPrefs } from './LayoutPrefs.tsx';
import { useHeaderTitle } from './PageTitle.tsx';
import { ShortcutMenu } from './ShortcutMenu.tsx';
import { SiteFilter } from './SiteFilter.tsx';
import { HEADER_HEIGHT } from './theme.ts';

const headerColor = isDevHost() ? 'info' : 'primary';

export function Header() {
  const { t } = useTranslation('layout');
  const title = useHeaderTitle();
  const { isPhone } = useLayoutPrefs();
  const actions = useContext(HeaderActionsContext);
  return (
    <AppBar position="fixed" color={headerColor} sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar
        sx={{
          minHeight: { xs: HEADER_HEIGHT },
          height: HEADER_HEIGHT,
          gap: { xs: 0.5, sm: 1.5 },
          px: { xs: 1.5, sm: 2 },
        }}
      >
        <Link
          component={RouterLink}
          to="/"
          aria-label={t('header.home')}
          sx={{ display: 'inline-flex', borderRadius: 2, '&:focus-visible': { outline: '2px solid white' } }}
        >
          <LogoMark size={36} inverted />
        </Link>
        <Typography
          variant="h6"
          component="div"
          noWrap
          data-testid="header-title"
          sx={{ flex: 1, minWidth: 0, ml: { xs: 0.5, sm: 0 }, fontWeight: 700 }}
        >
          {title}
        </Typography>
        <SiteFilter compact={isPhone} />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0, sm: 0.5 } }}>
          {actions}
          <ShortcutMenu />
          <AccountMenu />
        </Box>
      </Toolbar>
    </AppBar>
  );
}
