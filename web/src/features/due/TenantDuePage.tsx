/** /tenant/due: the overdue and coming dates of every site the user can open. */
import { useTranslation } from 'react-i18next';
import { useTenantDue } from '../../api/due.ts';
import { DuePage, useDueWindow } from './DuePage.tsx';

export function TenantDuePage() {
  const { t } = useTranslation('due');
  const [days, setDays] = useDueWindow();
  const query = useTenantDue(days);
  return (
    <DuePage subtitle={t('page.subtitle_tenant')} days={days} onDays={setDays} query={query} showSites />
  );
}
