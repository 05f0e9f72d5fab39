/**
 * /site/{id}/*: asks the caller's permission on entry (POST /api/site/permission); permission 0
 * sends the user back to /sites. The sidebar shows the pages the permission opens plus Exit Site,
 * the header title is the site name and the page, the shortcut menu lists the site's pages.
 */
import { SitePermission } from '@asbuilt/domain';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useMatch, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { useSiteDetail, useSitePermission } from '../../api/sites.ts';
import { AppShell } from '../../app/layouts/AppShell.tsx';
import { exitSiteItem, siteNavItems, siteShortcutItems } from '../../app/layouts/nav.ts';
import { ShortcutOverrideContext } from '../../app/layouts/ShortcutContext.tsx';
import { usePageTitle } from '../../app/PageTitle.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingScreen } from '../../components/LoadingScreen.tsx';
import { SiteContext, type SiteContextValue } from './SiteContext.tsx';
import { sitePageLabel } from './sitePages.ts';

export function SiteLayout() {
  const { t } = useTranslation('sites');
  const params = useParams();
  const siteId = Number(params.siteId);
  const validId = Number.isInteger(siteId) && siteId > 0;
  const permissionQuery = useSitePermission(siteId);
  const permission = permissionQuery.data?.permission ?? SitePermission.None;
  const allowed = permission > SitePermission.None;
  const detail = useSiteDetail(siteId, allowed);
  const page = useMatch('/site/:siteId/:page/*')?.params.page;
  const site = detail.data;

  usePageTitle(site ? (page ? `${site.name} · ${sitePageLabel(t, page)}` : site.name) : null, {
    header: true,
  });

  const denied = !validId || (permissionQuery.isSuccess && !allowed);
  useEffect(() => {
    if (denied) toast.info(t('layout.no_access'), { toastId: 'no-site-access' });
  }, [denied, t]);

  const items = useMemo(
    () => (allowed ? siteNavItems(siteId, permission) : []),
    [allowed, siteId, permission],
  );
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
        <Outlet />
      </SiteContext.Provider>
    );
  }

  return (
    <ShortcutOverrideContext.Provider value={shortcuts}>
      <AppShell items={items} footer={exitSiteItem} label={t('layout.nav')}>
        {content}
      </AppShell>
    </ShortcutOverrideContext.Provider>
  );
}
