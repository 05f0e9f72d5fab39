/**
 * /v3/site/{id}/dashboard: the floorplan dashboard, full screen under the app's header (no site
 * sidebar: the plan needs the room; the panel's back link returns to the site). Like the site
 * pages it asks the caller's permission on entry: 0 sends the user back to /sites. It provides the
 * site context, so the device card opens in place.
 */
import { SitePermission } from '@asbuilt/domain';
import { Box } from '@mui/material';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { useSiteDetail, useSitePermission } from '../../api/sites.ts';
import { Header } from '../../app/layouts/Header.tsx';
import { siteShortcutItems } from '../../app/layouts/nav.ts';
import { ShortcutOverrideContext } from '../../app/layouts/ShortcutContext.tsx';
import { usePageTitle } from '../../app/PageTitle.tsx';
import { HEADER_HEIGHT } from '../../app/theme.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingScreen } from '../../components/LoadingScreen.tsx';
import { SiteContext, type SiteContextValue } from '../sites/SiteContext.tsx';
import { FloorplanDashboard } from './FloorplanDashboard.tsx';

export function FloorplanDashboardPage() {
  const { t } = useTranslation(['plans', 'sites']);
  const params = useParams();
  const siteId = Number(params.siteId);
  const validId = Number.isInteger(siteId) && siteId > 0;
  const permissionQuery = useSitePermission(siteId);
  const permission = permissionQuery.data?.permission ?? SitePermission.None;
  const allowed = permission > SitePermission.None;
  const detail = useSiteDetail(siteId, allowed);
  const site = detail.data;

  usePageTitle(site ? t('page.title', { site: site.name }) : null, { header: true });

  const denied = !validId || (permissionQuery.isSuccess && !allowed);
  useEffect(() => {
    if (denied) toast.info(t('sites:layout.no_access'), { toastId: 'no-site-access' });
  }, [denied, t]);

  const shortcuts = useMemo(
    () => (allowed ? siteShortcutItems(siteId, permission) : null),
    [allowed, siteId, permission],
  );
  const context = useMemo<SiteContextValue | null>(
    () =>
      site && permissionQuery.data ? { siteId, permission, access: permissionQuery.data.access, site } : null,
    [site, siteId, permission, permissionQuery.data],
  );

  if (denied) return <Navigate to="/sites" replace />;

  let content = <LoadingScreen fullPage={false} />;
  if (permissionQuery.isError) {
    content = <ErrorState error={permissionQuery.error} onRetry={() => permissionQuery.refetch()} />;
  } else if (detail.isError) {
    content = <ErrorState error={detail.error} onRetry={() => detail.refetch()} />;
  } else if (context) {
    content = (
      <SiteContext.Provider value={context}>
        <FloorplanDashboard />
      </SiteContext.Provider>
    );
  }

  return (
    <ShortcutOverrideContext.Provider value={shortcuts}>
      <Box sx={{ height: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
        <Header />
        <Box
          component="main"
          sx={{ flex: 1, minHeight: 0, mt: `${HEADER_HEIGHT}px`, display: 'flex', position: 'relative' }}
        >
          {content}
        </Box>
      </Box>
    </ShortcutOverrideContext.Provider>
  );
}
