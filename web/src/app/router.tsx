import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  type LoaderFunction,
  Navigate,
  type Params,
  type RouteObject,
} from 'react-router';
import { meQuery } from '../api/auth.ts';
import { connectionsQuery } from '../api/connections.ts';
import { siteCompaniesQuery, siteDetailQuery, siteDevicesQuery, sitePermissionQuery } from '../api/sites.ts';
import { LoadingScreen } from '../components/LoadingScreen.tsx';
import { NotFoundPage } from '../components/NotFoundPage.tsx';
import { RouteErrorPage } from '../components/RouteErrorPage.tsx';
import { getToken } from '../lib/session.ts';
import { GoToSignIn, RedirectIfSignedIn, RequireAuth, RequireSuperAdmin, RootRedirect } from './guards.tsx';
import { siteLayout, siteScreens, tenantLayout, tenantScreens } from './screens.ts';

/**
 * A screen loaded the first time it is visited: each area is a chunk of its own, so the sign-in
 * page does not carry the whole app (issue 14: at most 200 KB of gzipped script there).
 */
function screen(load: () => Promise<ComponentType>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: await load() }) };
}

/**
 * Loaders start the data a screen needs when the navigation starts, alongside its script, instead
 * of one call after the other as each level renders (the session, then the permission, then the
 * site, then the list). They do not wait: the screens read the same queries.
 */
function prefetch(start: (params: Params) => Promise<unknown>[]): LoaderFunction {
  return ({ params }) => {
    if (getToken()) void Promise.all(start(params));
    return null;
  };
}

const siteIdOf = (params: Params) => Number(params.siteId);

/** The pages drawn from the cables: the schedule and the devices its ends name, side by side. */
const cableCalls = (queryClient: QueryClient, siteId: number) => [
  queryClient.prefetchQuery(connectionsQuery(siteId)),
  queryClient.prefetchQuery(siteDevicesQuery(siteId)),
];

export function routes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <LoadingScreen />,
      children: [
        { path: '/', element: <RootRedirect /> },
        // The sign-in screen is not part of the app: main.tsx draws it on a page load of /login.
        { element: <RedirectIfSignedIn />, children: [{ path: 'login', element: <GoToSignIn /> }] },
        {
          path: 'reset_password',
          ...screen(() => import('../features/auth/ResetPasswordPage.tsx').then((m) => m.ResetPasswordPage)),
        },
        {
          path: 'confirm_email',
          ...screen(() => import('../features/auth/ConfirmEmailPage.tsx').then((m) => m.ConfirmEmailPage)),
        },
        {
          path: 'invite_sign_up',
          ...screen(() => import('../features/auth/InviteSignUpPage.tsx').then((m) => m.InviteSignUpPage)),
        },
        {
          path: 'device/:hash',
          ...screen(() => import('../features/public/PublicDevicePage.tsx').then((m) => m.PublicDevicePage)),
        },
        {
          path: 'unsubscribe',
          ...screen(() => import('../features/due/UnsubscribePage.tsx').then((m) => m.UnsubscribePage)),
        },
        {
          path: 'follow/:hash',
          ...screen(() => import('../features/public/FollowTicketPage.tsx').then((m) => m.FollowTicketPage)),
        },
        {
          element: <RequireAuth />,
          loader: prefetch(() => [queryClient.prefetchQuery(meQuery())]),
          children: [
            {
              path: 'loginas',
              ...screen(() => import('../features/auth/LoginAsPage.tsx').then((m) => m.LoginAsPage)),
            },
            {
              path: 'v3/site/:siteId/dashboard',
              ...screen(() =>
                import('../features/plans/FloorplanDashboardPage.tsx').then((m) => m.FloorplanDashboardPage),
              ),
            },
            {
              ...screen(() => tenantLayout().then((m) => m.TenantLayout)),
              children: [
                {
                  path: 'sites',
                  ...screen(() => tenantScreens.sites().then((m) => m.SitesPage)),
                },
                {
                  path: 'home',
                  ...screen(() => tenantScreens.home().then((m) => m.HomePage)),
                },
                {
                  path: 'profile',
                  ...screen(() => tenantScreens.profile().then((m) => m.ProfilePage)),
                },
                {
                  path: 'support',
                  ...screen(() => tenantScreens.support().then((m) => m.SupportPage)),
                },
                {
                  path: 'support/:tenant',
                  ...screen(() => tenantScreens.support().then((m) => m.SupportPage)),
                },
                {
                  path: 'tenant/products',
                  ...screen(() => tenantScreens['tenant/products']().then((m) => m.ProductsPage)),
                },
                {
                  path: 'tenant/companies',
                  ...screen(() => tenantScreens['tenant/companies']().then((m) => m.CompaniesPage)),
                },
                {
                  path: 'tenant/customers',
                  ...screen(() => tenantScreens['tenant/customers']().then((m) => m.CustomersPage)),
                },
                {
                  path: 'tenant/due',
                  ...screen(() => tenantScreens['tenant/due']().then((m) => m.TenantDuePage)),
                },
                {
                  path: 'tenant/logs',
                  ...screen(() => tenantScreens['tenant/logs']().then((m) => m.TenantLogsPage)),
                },
                {
                  path: 'tenant/users',
                  ...screen(() => tenantScreens['tenant/users']().then((m) => m.UsersPage)),
                },
                {
                  path: 'tenant/settings',
                  ...screen(() => tenantScreens['tenant/settings']().then((m) => m.TenantSettingsPage)),
                },
                {
                  path: 'tenant/settings/custom-fields',
                  ...screen(() =>
                    tenantScreens['tenant/settings/custom-fields']().then((m) => m.CustomFieldsPage),
                  ),
                },
                {
                  path: 'tenant/settings/tags',
                  ...screen(() => tenantScreens['tenant/settings/tags']().then((m) => m.TagsPage)),
                },
                {
                  path: 'tenant/settings/webhooks',
                  ...screen(() => tenantScreens['tenant/settings/webhooks']().then((m) => m.WebhooksPage)),
                },
              ],
            },
            {
              path: 'site/:siteId',
              loader: prefetch((params) => [
                queryClient.prefetchQuery(sitePermissionQuery(siteIdOf(params))),
                queryClient.prefetchQuery(siteDetailQuery(siteIdOf(params))),
              ]),
              ...screen(() => siteLayout().then((m) => m.SiteLayout)),
              children: [
                { index: true, element: <Navigate to="dashboard" replace /> },
                {
                  path: 'dashboard',
                  ...screen(() => siteScreens.dashboard().then((m) => m.SiteDashboardPage)),
                },
                {
                  path: 'devices',
                  loader: prefetch((params) => [
                    queryClient.prefetchQuery(siteDevicesQuery(siteIdOf(params))),
                    queryClient.prefetchQuery(siteCompaniesQuery(siteIdOf(params))),
                  ]),
                  ...screen(() => siteScreens.devices().then((m) => m.DevicesPage)),
                },
                {
                  path: 'due',
                  ...screen(() => siteScreens.due().then((m) => m.SiteDuePage)),
                },
                {
                  path: 'locations',
                  ...screen(() => siteScreens.locations().then((m) => m.LocationsPage)),
                },
                {
                  path: 'zones',
                  ...screen(() => siteScreens.zones().then((m) => m.ZonesPage)),
                },
                {
                  path: 'config',
                  ...screen(() => siteScreens.config().then((m) => m.ConfigPage)),
                },
                {
                  path: 'attachments',
                  ...screen(() => siteScreens.attachments().then((m) => m.AttachmentsPage)),
                },
                {
                  path: 'vault',
                  ...screen(() => siteScreens.vault().then((m) => m.VaultPage)),
                },
                {
                  path: 'access',
                  ...screen(() => siteScreens.access().then((m) => m.AccessPage)),
                },
                {
                  path: 'logs',
                  ...screen(() => siteScreens.logs().then((m) => m.SiteLogsPage)),
                },
                {
                  path: 'contacts',
                  ...screen(() => siteScreens.contacts().then((m) => m.ContactsPage)),
                },
                {
                  path: 'support',
                  ...screen(() => siteScreens.support().then((m) => m.SiteSupportPage)),
                },
                {
                  path: 'schemas',
                  loader: prefetch((params) => cableCalls(queryClient, siteIdOf(params))),
                  ...screen(() => siteScreens.schemas().then((m) => m.SchematicsPage)),
                },
                {
                  path: 'racks',
                  ...screen(() => siteScreens.racks().then((m) => m.RacksPage)),
                },
                {
                  path: 'handover',
                  ...screen(() => siteScreens.handover().then((m) => m.HandoverPage)),
                },
                {
                  path: 'connections',
                  loader: prefetch((params) => cableCalls(queryClient, siteIdOf(params))),
                  ...screen(() => siteScreens.connections().then((m) => m.ConnectionsPage)),
                },
              ],
            },
            {
              path: 'admin',
              element: <RequireSuperAdmin />,
              children: [
                {
                  ...screen(() => import('./layouts/AdminLayout.tsx').then((m) => m.AdminLayout)),
                  children: [
                    { index: true, element: <Navigate to="dashboard" replace /> },
                    {
                      path: 'dashboard',
                      ...screen(() =>
                        import('../features/admin/AdminDashboardPage.tsx').then((m) => m.AdminDashboardPage),
                      ),
                    },
                    {
                      path: 'tenants',
                      ...screen(() => import('../features/admin/TenantsPage.tsx').then((m) => m.TenantsPage)),
                    },
                    {
                      path: 'companies',
                      ...screen(() =>
                        tenantScreens['tenant/companies']().then((m) => () => (
                          <m.CompaniesPage scope="admin" />
                        )),
                      ),
                    },
                    {
                      path: 'procats',
                      ...screen(() =>
                        import('../features/procats/ProcatsPage.tsx').then((m) => m.ProcatsPage),
                      ),
                    },
                    {
                      path: 'json',
                      ...screen(() =>
                        import('../features/admin/JsonExportPage.tsx').then((m) => m.JsonExportPage),
                      ),
                    },
                    {
                      path: 'tokens',
                      ...screen(() =>
                        import('../features/tokens/AdminTokensPage.tsx').then((m) => m.AdminTokensPage),
                      ),
                    },
                    {
                      path: 'release_notes',
                      ...screen(() =>
                        import('../features/admin/ReleaseNotesPage.tsx').then((m) => m.ReleaseNotesPage),
                      ),
                    },
                    {
                      path: 'logs',
                      ...screen(() =>
                        tenantScreens['tenant/logs']().then((m) => () => <m.TenantLogsPage scope="admin" />),
                      ),
                    },
                    {
                      path: 'users',
                      ...screen(() =>
                        tenantScreens['tenant/users']().then((m) => () => <m.UsersPage scope="admin" />),
                      ),
                    },
                    {
                      path: 'products',
                      ...screen(() =>
                        tenantScreens['tenant/products']().then((m) => () => (
                          <m.ProductsPage scope="admin" />
                        )),
                      ),
                    },
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
}

export function createRouter(queryClient: QueryClient) {
  return createBrowserRouter(routes(queryClient));
}
