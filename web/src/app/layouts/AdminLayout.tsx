import { useTranslation } from 'react-i18next';
import { AppShell } from '../../layout/AppShell.tsx';
import { adminNavItems, exitAdminItem } from '../../layout/nav.ts';

/** The administration area (Super Admin only; the guard sits in the router). */
export function AdminLayout() {
  const { t } = useTranslation('layout');
  return <AppShell items={adminNavItems} footer={exitAdminItem} label={t('nav.administration')} />;
}
