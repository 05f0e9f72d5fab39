import { useTranslation } from 'react-i18next';
import { AppShell } from '../../layout/AppShell.tsx';
import { tenantNavItems } from '../../layout/nav.ts';
import { useCurrentUser } from '../../session/CurrentUser.tsx';

/** The signed-in area: Sites for everyone; Users, Products, Logs from Building Owner up. */
export function TenantLayout() {
  const { t } = useTranslation('layout');
  const user = useCurrentUser();
  return <AppShell items={tenantNavItems(user.role)} label={t('nav.main')} />;
}
