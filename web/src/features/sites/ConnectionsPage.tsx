/** /site/{id}/connections: as the specification has it, a page with only its heading. */
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useSite } from './SiteContext.tsx';

export function ConnectionsPage() {
  const { t } = useTranslation('sites');
  const { site } = useSite();
  return <PageHeader title={t('page.connections')} subtitle={site.name} />;
}
