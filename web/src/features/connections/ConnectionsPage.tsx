/** /site/{id}/connections: the site's cable schedule. */
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useSite } from '../sites/SiteContext.tsx';

export function ConnectionsPage() {
  const { t } = useTranslation('sites');
  const { site } = useSite();
  return <PageHeader title={t('page.connections')} subtitle={site.name} />;
}
