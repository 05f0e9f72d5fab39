/** /site/{id}/support: the site's tickets, with New Ticket. */
import { useTranslation } from 'react-i18next';
import { useSite } from '../sites/SiteContext.tsx';
import { TicketPortal } from './TicketPortal.tsx';

export function SiteSupportPage() {
  const { t } = useTranslation('support');
  const { site, siteId } = useSite();
  return <TicketPortal tenantId={site.tenant_id} siteId={siteId} title={t('title')} subtitle={site.name} />;
}
