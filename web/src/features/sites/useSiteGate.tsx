/**
 * The gate of the site pages: reads the site id from the route, asks the caller's permission on
 * entry (POST /api/site/permission) and loads the site. Permission 0 (or a bad id) sends the user
 * back to /sites with a toast; so does a permission lost while the user is inside. `body` puts the page under the site context, or shows the loading
 * or error state while there is none.
 */
import { SitePermission } from '@asbuilt/domain';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { siteKeys, useSiteDetail, useSitePermission } from '../../api/sites.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingScreen } from '../../components/LoadingScreen.tsx';
import { siteShortcutItems } from '../../layout/nav.ts';
import { SiteContext, type SiteContextValue } from './SiteContext.tsx';

export function useSiteGate() {
  const { t } = useTranslation('sites');
  const params = useParams();
  const siteId = Number(params.siteId);
  const validId = Number.isInteger(siteId) && siteId > 0;
  const permissionQuery = useSitePermission(siteId);
  // Each page of the site asks again: a revoked or expired access (or a changed role) shows at
  // the next click, not at the next sign-in.
  const { pathname } = useLocation();
  const { refetch: refetchPermission } = permissionQuery;
  const firstPath = useRef(pathname);
  useEffect(() => {
    if (pathname !== firstPath.current) void refetchPermission();
  }, [pathname, refetchPermission]);
  const permission = permissionQuery.data?.permission ?? SitePermission.None;
  const allowed = permission > SitePermission.None;
  const detail = useSiteDetail(siteId, allowed);
  const site = detail.data;

  const denied = !validId || (permissionQuery.isSuccess && !allowed);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!denied) return;
    toast.info(t('layout.no_access'), { toastId: 'no-site-access' });
    // The site list the user lands on must no longer offer the site.
    void queryClient.invalidateQueries({ queryKey: siteKeys.index() });
  }, [denied, t, queryClient]);

  const shortcuts = useMemo(
    () => (allowed ? siteShortcutItems(siteId, permission) : null),
    [allowed, siteId, permission],
  );
  const context = useMemo<SiteContextValue | null>(
    () =>
      site && permissionQuery.data ? { siteId, permission, access: permissionQuery.data.access, site } : null,
    [site, siteId, permission, permissionQuery.data],
  );

  /** The page under the site context; the loading or error state until there is one. */
  const body = (page: ReactNode): ReactNode => {
    if (permissionQuery.isError)
      return <ErrorState error={permissionQuery.error} onRetry={() => permissionQuery.refetch()} />;
    if (detail.isError) return <ErrorState error={detail.error} onRetry={() => detail.refetch()} />;
    if (context) return <SiteContext.Provider value={context}>{page}</SiteContext.Provider>;
    return <LoadingScreen fullPage={false} />;
  };

  /** Where a denied user goes: render it instead of the page. */
  const redirect = denied ? <Navigate to="/sites" replace /> : null;

  return { siteId, permission, allowed, site, shortcuts, body, redirect };
}
