import { usePageTitle } from '../../app/PageTitle.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';

/** /home: the Home dashboard, empty for now. */
export function HomePage() {
  usePageTitle('Home');
  return <PageHeader title="Home" />;
}
