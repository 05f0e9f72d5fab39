/** /site/{id}/due: the site's overdue and coming dates. */
import { useTranslation } from 'react-i18next';
import { useSiteDue } from '../../api/due.ts';
import { useSite } from '../sites/SiteContext.tsx';
import { DuePage, useDueWindow } from './DuePage.tsx';

export function SiteDuePage() {
  const { t } = useTranslation('due');
  const { siteId } = useSite();
  const [days, setDays] = useDueWindow();
  const query = useSiteDue(siteId, days);
  return (
    <DuePage
      subtitle={t('page.subtitle_site')}
      days={days}
      onDays={setDays}
      query={query}
      showSites={false}
    />
  );
}
