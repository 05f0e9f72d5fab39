import { useTranslation } from 'react-i18next';
import { AppShell } from './AppShell.tsx';
import { adminNavItems, exitAdminItem } from './nav.ts';

/** The administration area (Super Admin only; the guard sits in the router). */
export function AdminLayout() {
  const { t } = useTranslation('app');
  return <AppShell items={adminNavItems} footer={exitAdminItem} label={t('nav.administration')} />;
}
