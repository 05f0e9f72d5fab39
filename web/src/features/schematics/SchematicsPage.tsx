/** /site/{id}/schemas: the site's signal-flow schematic, drawn from its devices and cables. */
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useSite } from '../sites/SiteContext.tsx';

export function SchematicsPage() {
  const { t } = useTranslation('sites');
  const { site } = useSite();
  return <PageHeader title={t('page.schemas')} subtitle={site.name} />;
}
