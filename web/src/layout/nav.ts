/** Navigation entries as the layouts draw them: label key, path and icon. */
import {
  ADMIN_NAV,
  type AdminNavKey,
  Role,
  type SiteNavKey,
  SitePermission,
  siteNavFor,
  type TenantNavKey,
  tenantNavFor,
} from '@asbuilt/domain';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import ApartmentIcon from '@mui/icons-material/Apartment';
import AssignmentTurnedInIcon from '@mui/icons-material/AssignmentTurnedIn';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import BusinessIcon from '@mui/icons-material/Business';
import BusinessCenterIcon from '@mui/icons-material/BusinessCenter';
import CableIcon from '@mui/icons-material/Cable';
import CategoryIcon from '@mui/icons-material/Category';
import ContactsIcon from '@mui/icons-material/Contacts';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DataObjectIcon from '@mui/icons-material/DataObject';
import DevicesOtherIcon from '@mui/icons-material/DevicesOther';
import EventNoteIcon from '@mui/icons-material/EventNote';
import ExitToAppIcon from '@mui/icons-material/ExitToApp';
import GroupIcon from '@mui/icons-material/Group';
import HistoryIcon from '@mui/icons-material/History';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import KeyIcon from '@mui/icons-material/Key';
import LockIcon from '@mui/icons-material/Lock';
import NewReleasesIcon from '@mui/icons-material/NewReleases';
import PlaceIcon from '@mui/icons-material/Place';
import SettingsIcon from '@mui/icons-material/Settings';
import StorageIcon from '@mui/icons-material/Storage';
import StorefrontIcon from '@mui/icons-material/Storefront';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import VpnKeyIcon from '@mui/icons-material/VpnKey';
import type SvgIcon from '@mui/material/SvgIcon';

export type SvgIconComponent = typeof SvgIcon;

/** The site's pages in its sidebar and shortcut menu. */
type SitePageKey = SiteNavKey | 'contacts';

/** An entry's name: a key of the `layout` catalogue (`t(item.labelKey)` with `useTranslation('layout')`). */
/**
 * The tenant's catalogue pages next to Products. The specification's sidebar omits them, so the
 * New Site form's customers were found only through the products page's tabs.
 */
type TenantCatalogueKey = 'companies' | 'customers';

export type NavLabelKey =
  | `nav.tenant.${TenantNavKey | TenantCatalogueKey}`
  | `nav.admin.${AdminNavKey}`
  | `nav.site.${SitePageKey}`
  | 'nav.tenant.settings'
  | 'nav.tenant.due'
  | 'nav.site.due'
  | 'nav.exit_admin'
  | 'nav.exit_site'
  | 'nav.support'
  | 'nav.administration';

export interface NavItem {
  key: string;
  labelKey: NavLabelKey;
  path: string;
  icon: SvgIconComponent;
  /** Other path prefixes that mark this entry as the current one. */
  alsoActiveUnder?: string[];
}

const TENANT_ICONS: Record<string, SvgIconComponent> = {
  sites: ApartmentIcon,
  users: GroupIcon,
  products: Inventory2Icon,
  logs: HistoryIcon,
};

/** Shown from the same role as the pages' calls allow (the server's `tenant:manage`). */
const CATALOGUE_ITEMS: (NavItem & { minRole: number })[] = [
  {
    key: 'companies',
    labelKey: 'nav.tenant.companies',
    path: '/tenant/companies',
    icon: StorefrontIcon,
    minRole: Role.BuildingOwner,
  },
  {
    key: 'customers',
    labelKey: 'nav.tenant.customers',
    path: '/tenant/customers',
    icon: BusinessCenterIcon,
    minRole: Role.BuildingOwner,
  },
];

const ADMIN_ICONS: Record<string, SvgIconComponent> = {
  dashboard: DashboardIcon,
  tenants: BusinessIcon,
  users: GroupIcon,
  products: Inventory2Icon,
  procats: CategoryIcon,
  companies: StorefrontIcon,
  logs: HistoryIcon,
  json: DataObjectIcon,
  tokens: VpnKeyIcon,
  release_notes: NewReleasesIcon,
};

/** The tenant sidebar: the domain's entries, the catalogue pages after Products, Support last. */
export function tenantNavItems(role: number): NavItem[] {
  const items: NavItem[] = [];
  for (const item of tenantNavFor(role)) {
    items.push({
      key: item.key,
      labelKey: `nav.tenant.${item.key}` as const,
      path: item.path,
      icon: TENANT_ICONS[item.key] ?? ApartmentIcon,
      alsoActiveUnder: item.key === 'sites' ? ['/site'] : undefined,
    });
    if (item.key === 'products') {
      for (const { minRole, ...entry } of CATALOGUE_ITEMS) if (role >= minRole) items.push(entry);
    }
    // What is due (issue 44) over every site the user opens, right after the sites.
    if (item.key === 'sites')
      items.push({ key: 'due', labelKey: 'nav.tenant.due', path: '/tenant/due', icon: EventNoteIcon });
  }
  if (role >= Role.Integrator) items.push(tenantSettingsItem);
  items.push(supportItem);
  return items;
}

/** The tenant's settings (its logo on the handover packs), for those the server's `tenant:settings` lets change them. */
const tenantSettingsItem: NavItem = {
  key: 'settings',
  labelKey: 'nav.tenant.settings',
  path: '/tenant/settings',
  icon: SettingsIcon,
};

export const adminNavItems: NavItem[] = ADMIN_NAV.map((item) => ({
  key: item.key,
  labelKey: `nav.admin.${item.key}` as const,
  path: item.path,
  icon: ADMIN_ICONS[item.key] ?? DashboardIcon,
}));

export const exitAdminItem: NavItem = {
  key: 'exit_admin',
  labelKey: 'nav.exit_admin',
  path: '/sites',
  icon: ExitToAppIcon,
};

export const supportItem: NavItem = {
  key: 'support',
  labelKey: 'nav.support',
  path: '/support',
  icon: SupportAgentIcon,
};

export const administrationItem: NavItem = {
  key: 'administration',
  labelKey: 'nav.administration',
  path: '/admin/dashboard',
  icon: AdminPanelSettingsIcon,
  alsoActiveUnder: ['/admin'],
};

/** The header's shortcut menu: the tenant entries the user may see (Support among them), admin for role 5. */
export function shortcutItems(role: number): NavItem[] {
  const items = tenantNavItems(role);
  if (role === Role.SuperAdmin) items.push(administrationItem);
  return items;
}

function under(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

export function isActive(pathname: string, item: NavItem): boolean {
  return under(pathname, item.path) || (item.alsoActiveUnder ?? []).some((prefix) => under(pathname, prefix));
}

const SITE_ICONS: Record<string, SvgIconComponent> = {
  dashboard: DashboardIcon,
  devices: DevicesOtherIcon,
  locations: PlaceIcon,
  connections: CableIcon,
  schemas: AccountTreeIcon,
  racks: StorageIcon,
  handover: AssignmentTurnedInIcon,
  attachments: AttachFileIcon,
  contacts: ContactsIcon,
  logs: HistoryIcon,
  vault: LockIcon,
  access: KeyIcon,
  config: SettingsIcon,
};

const sitePath = (siteId: number, page: string) => `/site/${siteId}/${page}`;

/** The site sidebar: the pages the site permission opens (core.md "Layout and navigation"). */
export function siteNavItems(siteId: number, permission: number): NavItem[] {
  return siteNavFor(permission).flatMap((item): NavItem[] => {
    const entry: NavItem = {
      key: item.key,
      labelKey: `nav.site.${item.key}` as const,
      path: sitePath(siteId, item.key),
      icon: SITE_ICONS[item.key] ?? DashboardIcon,
    };
    // The site's Due page (issue 44) follows its dashboard, for everyone who opens the site.
    if (item.key !== 'dashboard') return [entry];
    return [
      entry,
      { key: 'due', labelKey: 'nav.site.due', path: sitePath(siteId, 'due'), icon: EventNoteIcon },
    ];
  });
}

/**
 * The header's shortcut menu inside a site: the site's pages, Contacts for everyone, and the
 * admin shortcuts Access, Logs and Config at Full Access only.
 */
export function siteShortcutItems(siteId: number, permission: number): NavItem[] {
  const admin = permission >= SitePermission.FullAccess;
  const pages: SitePageKey[] = [
    'dashboard',
    'devices',
    'locations',
    'attachments',
    'contacts',
    ...(admin ? (['vault', 'access', 'logs', 'config'] as const) : []),
  ];
  return [
    ...pages.map((key) => ({
      key,
      labelKey: `nav.site.${key}` as const,
      path: sitePath(siteId, key),
      icon: SITE_ICONS[key] ?? DashboardIcon,
    })),
    exitSiteItem,
  ];
}

export const exitSiteItem: NavItem = {
  key: 'exit_site',
  labelKey: 'nav.exit_site',
  path: '/sites',
  icon: ExitToAppIcon,
};
