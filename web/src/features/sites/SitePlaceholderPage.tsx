import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';
import { currentLanguage } from '../../i18n/i18n.ts';
import { useSite } from './SiteContext.tsx';
import { type SitePage, sitePageLabel } from './sitePages.ts';

export { SITE_PAGES, type SitePage } from './sitePages.ts';

/** A site page whose screen comes in a later release, inside the site layout. */
export function SitePlaceholderPage({ page }: { page: SitePage }) {
  const { t } = useTranslation('sites');
  const { site } = useSite();
  const label = sitePageLabel(t, page);
  return (
    <PlaceholderPage
      title={label}
      subtitle={site.name}
      message={t('placeholder.message', { page: label.toLocaleLowerCase(currentLanguage()) })}
    />
  );
}
