/**
 * /v3/site/{id}/dashboard: the floorplan dashboard, full screen under the app's header (no site
 * sidebar: the plan needs the room; the panel's back link returns to the site). Like the site
 * pages it sits behind the site gate (useSiteGate: permission 0 sends the user back to /sites). It provides the
 * site context, so the device card opens in place.
 */
import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Header } from '../../layout/Header.tsx';
import { usePageTitle } from '../../layout/PageTitle.tsx';
import { ShortcutOverrideContext } from '../../layout/ShortcutContext.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '../../layout/SkipLink.tsx';
import { HEADER_HEIGHT } from '../../layout/theme.ts';
import { useSiteGate } from '../sites/useSiteGate.tsx';
import { FloorplanDashboard } from './FloorplanDashboard.tsx';

export function FloorplanDashboardPage() {
  const { t } = useTranslation('plans');
  const { site, shortcuts, body, redirect } = useSiteGate();

  usePageTitle(site ? t('page.title', { site: site.name }) : null, { header: true });

  if (redirect) return redirect;

  return (
    <ShortcutOverrideContext.Provider value={shortcuts}>
      <Box sx={{ height: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
        <SkipLink />
        <Header />
        <Box
          component="main"
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          sx={{
            '&:focus': { outline: 'none' },
            flex: 1,
            minHeight: 0,
            mt: `${HEADER_HEIGHT}px`,
            display: 'flex',
            position: 'relative',
          }}
        >
          {body(<FloorplanDashboard />)}
        </Box>
      </Box>
    </ShortcutOverrideContext.Provider>
  );
}
