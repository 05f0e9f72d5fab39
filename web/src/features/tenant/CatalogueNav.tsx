/**
 * Tabs between the tenant's catalogue pages: Products (in the sidebar), Companies and Customers
 * (which the spec's sidebar does not list, so they are reached from here).
 */
import { Box, Tab, Tabs } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router';

const PAGES = [
  { path: '/tenant/products', label: 'Products' },
  { path: '/tenant/companies', label: 'Companies' },
  { path: '/tenant/customers', label: 'Customers' },
] as const;

export function CatalogueNav() {
  const { pathname } = useLocation();
  const current = PAGES.find((page) => pathname.startsWith(page.path))?.path ?? false;
  return (
    <Box component="nav" aria-label="Catalogue" sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
      <Tabs value={current} aria-label="Catalogue pages" variant="scrollable" sx={{ minHeight: 40 }}>
        {PAGES.map((page) => (
          <Tab
            key={page.path}
            value={page.path}
            label={page.label}
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
