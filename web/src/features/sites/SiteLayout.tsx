/**
 * /site/{id}/*: behind the site gate (useSiteGate: permission 0 sends the user back to /sites). The sidebar shows the pages the permission opens plus Exit Site,
 * the header title is the site name and the page, the shortcut menu lists the site's pages.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatch } from 'react-router';
import { AppShell } from '../../layout/AppShell.tsx';
import { exitSiteItem, siteNavItems } from '../../layout/nav.ts';
import { usePageTitle } from '../../layout/PageTitle.tsx';
import { ShortcutOverrideContext } from '../../layout/ShortcutContext.tsx';
import { useSchematicWarmUp } from '../schematics/useSchematicWarmUp.ts';
import { sitePageLabel } from './sitePages.ts';
import { useSiteGate } from './useSiteGate.tsx';

export function SiteLayout() {
  const { t } = useTranslation('sites');
  const { siteId, permission, allowed, site, shortcuts, body, redirect } = useSiteGate();
  const page = useMatch('/site/:siteId/:page/*')?.params.page;

  usePageTitle(site ? (page ? `${site.name} · ${sitePageLabel(t, page)}` : site.name) : null, {
    header: true,
  });

  const items = useMemo(
    () => (allowed ? siteNavItems(siteId, permission) : []),
    [allowed, siteId, permission],
  );
  useSchematicWarmUp(allowed);

  if (redirect) return redirect;

  return (
    <ShortcutOverrideContext.Provider value={shortcuts}>
      <AppShell items={items} footer={exitSiteItem} label={t('layout.nav')}>
        {body(<Outlet />)}
      </AppShell>
    </ShortcutOverrideContext.Provider>
  );
}
