import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../CurrentUser.tsx';
import { AppShell } from './AppShell.tsx';
import { tenantNavItems } from './nav.ts';

/** The signed-in area: Sites for everyone; Users, Products, Logs from Building Owner up. */
export function TenantLayout() {
  const { t } = useTranslation('app');
  const user = useCurrentUser();
  return <AppShell items={tenantNavItems(user.role)} label={t('nav.main')} />;
}
