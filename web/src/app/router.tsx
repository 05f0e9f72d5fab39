import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { NotFoundPage } from '../components/NotFoundPage.tsx';
import { RouteErrorPage } from '../components/RouteErrorPage.tsx';
import { AccessPage } from '../features/access/AccessPage.tsx';
import { AdminDashboardPage } from '../features/admin/AdminDashboardPage.tsx';
import { JsonExportPage } from '../features/admin/JsonExportPage.tsx';
import { ReleaseNotesPage } from '../features/admin/ReleaseNotesPage.tsx';
import { TenantsPage } from '../features/admin/TenantsPage.tsx';
import { AttachmentsPage } from '../features/attachments/AttachmentsPage.tsx';
import { InviteSignUpPage } from '../features/auth/InviteSignUpPage.tsx';
import { LoginAsPage } from '../features/auth/LoginAsPage.tsx';
import { LoginPage } from '../features/auth/LoginPage.tsx';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage.tsx';
import { CompaniesPage } from '../features/companies/CompaniesPage.tsx';
import { CustomersPage } from '../features/companies/CustomersPage.tsx';
import { ConfigPage } from '../features/config/ConfigPage.tsx';
import { ContactsPage } from '../features/contacts/ContactsPage.tsx';
import { DevicesPage } from '../features/devices/DevicesPage.tsx';
import { HomePage } from '../features/home/HomePage.tsx';
import { LocationsPage } from '../features/locations/LocationsPage.tsx';
import { ZonesPage } from '../features/locations/ZonesPage.tsx';
import { SiteLogsPage } from '../features/logs/SiteLogsPage.tsx';
import { TenantLogsPage } from '../features/logs/TenantLogsPage.tsx';
import { UsersPage } from '../features/people/UsersPage.tsx';
import { FloorplanDashboardPage } from '../features/plans/FloorplanDashboardPage.tsx';
import { ProcatsPage } from '../features/procats/ProcatsPage.tsx';
import { ProductsPage } from '../features/products/ProductsPage.tsx';
import { ProfilePage } from '../features/profile/ProfilePage.tsx';
import { PublicDevicePage } from '../features/public/PublicDevicePage.tsx';
import { ConnectionsPage } from '../features/sites/ConnectionsPage.tsx';
import { SiteDashboardPage } from '../features/sites/SiteDashboardPage.tsx';
import { SiteLayout } from '../features/sites/SiteLayout.tsx';
import { SitesPage } from '../features/sites/SitesPage.tsx';
import { SiteSupportPage } from '../features/support/SiteSupportPage.tsx';
import { SupportPage } from '../features/support/SupportPage.tsx';
import { VaultPage } from '../features/vault/VaultPage.tsx';
import { RedirectIfSignedIn, RequireAuth, RequireSuperAdmin, RootRedirect } from './guards.tsx';
import { AdminLayout } from './layouts/AdminLayout.tsx';
import { TenantLayout } from './layouts/TenantLayout.tsx';

export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/', element: <RootRedirect /> },
      { element: <RedirectIfSignedIn />, children: [{ path: 'login', element: <LoginPage /> }] },
      { path: 'reset_password', element: <ResetPasswordPage /> },
      { path: 'invite_sign_up', element: <InviteSignUpPage /> },
      { path: 'device/:hash', element: <PublicDevicePage /> },
      {
        element: <RequireAuth />,
        children: [
          { path: 'loginas', element: <LoginAsPage /> },
          { path: 'v3/site/:siteId/dashboard', element: <FloorplanDashboardPage /> },
          {
            element: <TenantLayout />,
            children: [
              { path: 'sites', element: <SitesPage /> },
              { path: 'home', element: <HomePage /> },
              { path: 'profile', element: <ProfilePage /> },
              { path: 'support', element: <SupportPage /> },
              { path: 'support/:tenant', element: <SupportPage /> },
              { path: 'tenant/products', element: <ProductsPage /> },
              { path: 'tenant/companies', element: <CompaniesPage /> },
              { path: 'tenant/customers', element: <CustomersPage /> },
              { path: 'tenant/logs', element: <TenantLogsPage /> },
              { path: 'tenant/users', element: <UsersPage /> },
            ],
          },
          {
            path: 'site/:siteId',
            element: <SiteLayout />,
            children: [
              { index: true, element: <Navigate to="dashboard" replace /> },
              { path: 'dashboard', element: <SiteDashboardPage /> },
              { path: 'devices', element: <DevicesPage /> },
              { path: 'locations', element: <LocationsPage /> },
              { path: 'zones', element: <ZonesPage /> },
              { path: 'config', element: <ConfigPage /> },
              { path: 'attachments', element: <AttachmentsPage /> },
              { path: 'vault', element: <VaultPage /> },
              { path: 'access', element: <AccessPage /> },
              { path: 'logs', element: <SiteLogsPage /> },
              { path: 'contacts', element: <ContactsPage /> },
              { path: 'support', element: <SiteSupportPage /> },
              { path: 'schemas', element: <VaultPage page="schemas" /> },
              { path: 'connections', element: <ConnectionsPage /> },
            ],
          },
          {
            path: 'admin',
            element: <RequireSuperAdmin />,
            children: [
              {
                element: <AdminLayout />,
                children: [
                  { index: true, element: <Navigate to="dashboard" replace /> },
                  { path: 'dashboard', element: <AdminDashboardPage /> },
                  { path: 'tenants', element: <TenantsPage /> },
                  { path: 'companies', element: <CompaniesPage scope="admin" /> },
                  { path: 'procats', element: <ProcatsPage /> },
                  { path: 'json', element: <JsonExportPage /> },
                  { path: 'release_notes', element: <ReleaseNotesPage /> },
                  { path: 'logs', element: <TenantLogsPage scope="admin" /> },
                  { path: 'users', element: <UsersPage scope="admin" /> },
                  { path: 'products', element: <ProductsPage scope="admin" /> },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
