/** /site/{id}/racks: the site's racks, front and rear elevations to scale. */
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useSite } from '../sites/SiteContext.tsx';

export function RacksPage() {
  const { t } = useTranslation('sites');
  const { site } = useSite();
  return <PageHeader title={t('page.racks')} subtitle={site.name} />;
}
