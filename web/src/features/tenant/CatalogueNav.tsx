/**
 * Tabs between the tenant's catalogue pages: Products (in the sidebar), Companies and Customers
 * (which the spec's sidebar does not list, so they are reached from here).
 */
import { Box, Tab, Tabs } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';

const PAGES = [
  { path: '/tenant/products', key: 'products' },
  { path: '/tenant/companies', key: 'companies' },
  { path: '/tenant/customers', key: 'customers' },
] as const;

export function CatalogueNav() {
  const { t } = useTranslation('tenant');
  const { pathname } = useLocation();
  const current = PAGES.find((page) => pathname.startsWith(page.path))?.path ?? false;
  return (
    <Box
      component="nav"
      aria-label={t('catalogue.nav')}
      sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      <Tabs value={current} aria-label={t('catalogue.tabs')} variant="scrollable" sx={{ minHeight: 40 }}>
        {PAGES.map((page) => (
          <Tab
            key={page.path}
            value={page.path}
            label={t(`catalogue.page.${page.key}`)}
            component={RouterLink}
            to={page.path}
            aria-current={current === page.path ? 'page' : undefined}
            sx={{ minHeight: 40 }}
          />
        ))}
      </Tabs>
    </Box>
  );
}
