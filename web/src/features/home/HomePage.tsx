import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader.tsx';
import { usePageTitle } from '../../layout/PageTitle.tsx';

/** /home: the Home dashboard, empty for now. */
export function HomePage() {
  const { t } = useTranslation('home');
  usePageTitle(t('title'));
  return <PageHeader title={t('title')} />;
}
