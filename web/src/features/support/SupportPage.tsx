/** /support (the own tenant) and /support/{tenant}: the ticket portal. */
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePageTitle } from '../../layout/PageTitle.tsx';
import { TicketPortal } from './TicketPortal.tsx';

export function SupportPage() {
  const { t } = useTranslation('support');
  usePageTitle(t('title'));
  const { tenant } = useParams();
  const tenantId = Number(tenant) || null;
  return <TicketPortal key={tenantId ?? 0} tenantId={tenantId} siteId={null} title={t('title')} />;
}
