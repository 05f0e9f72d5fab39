import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';
import { useSite } from './SiteContext.tsx';
import { type SitePage, sitePageLabel } from './sitePages.ts';

export { SITE_PAGES, type SitePage } from './sitePages.ts';

const MESSAGES: Partial<Record<SitePage, string>> = {
  support: 'Help by Tenant for problems related this site',
};

/** A site page whose screen comes in a later release, inside the site layout. */
export function SitePlaceholderPage({ page }: { page: SitePage }) {
  const { site } = useSite();
  const label = sitePageLabel(page);
  return (
    <PlaceholderPage
      title={label}
      subtitle={site.name}
      message={MESSAGES[page] ?? `The ${label.toLowerCase()} page of this site is coming in a later release.`}
    />
  );
}
