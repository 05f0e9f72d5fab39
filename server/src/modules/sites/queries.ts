import {
  type CompanyDto,
  isoDate,
  LIBRARY_TENANT_ID,
  type ProcatDto,
  type ProductDto,
  type SiteDetail,
  SitePermission,
} from '@asbuilt/domain';
import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { queryAll } from '../../db/query-all.ts';
import {
  attachments,
  companies,
  devices,
  floors,
  layers,
  locations,
  procats,
  products,
  secrets,
  siteAccesses,
  siteContractors,
  sites,
  tenants,
  zones,
} from '../../db/schema.ts';
import { companiesUsableBy } from '../../platform/catalogue.ts';
import type { SiteRow } from '../../platform/policy.ts';
import type { Storage } from '../../platform/storage.ts';
import { loadSiteAttachments } from '../attachments/queries.ts';
import { presentCompany } from '../companies/present.ts';
import type { DeviceListVersion } from '../devices/queries.ts';
import { activeDeviceCount } from '../devices/site-facts.ts';
import { presentProcat } from '../procats/present.ts';
import { loadProducts } from '../products/service.ts';
import { loadSiteSecrets, visibleTo } from '../secrets/queries.ts';
import { presentSiteDetail } from './present.ts';

type Sign = (key: string | null) => string | null;

/**
 * The site list is sorted by `activity_at`, so a device change moves its site up. Cheaply: at most
 * one write of the site row per 10 seconds, so a burst of device edits (or an import) doesn't
 * rewrite the row, or wait on its lock, once per device.
 */
export async function touchSite(tx: DbOrTx, siteId: number): Promise<void> {
  await tx
    .update(sites)
    // updated_at named as it is, or the ORM's on-update default would move the site's version.
    .set({ activity_at: sql`now()`, updated_at: sql`${sites.updated_at}` })
    .where(and(eq(sites.id, siteId), lt(sites.activity_at, sql`now() - interval '10 seconds'`)));
}

/** The site with tenant, customer, floors (locations, zones), layers, contractors and counts. */
export async function loadSiteDetail(
  db: DbOrTx,
  storage: Storage,
  site: SiteRow,
  viewer: { userId: number; permission: SitePermission },
  deviceVersion?: Promise<DeviceListVersion>,
): Promise<SiteDetail> {
  const signUrl: Sign = (key) => storage.signedUrl(key);
  const today = isoDate();
  const { permission } = viewer;
  // The vault is for Contributors and above (ARCHITECTURE.md "vault").
  const seesVault = permission >= SitePermission.Contributor;
  const [
    heads,
    floorRows,
    locationRows,
    zoneRows,
    layerRows,
    contractorRows,
    fileCounts,
    secretCounts,
    secretList,
    attachmentList,
    activeDevices,
  ] = await queryAll(db, [
    db
      .select({
        tenantName: tenants.name,
        customer: { id: companies.id, name: companies.name, code: companies.code },
        locations: sql<number>`(select count(*)::int from ${locations} where ${locations.site_id} = ${sites.id})`,
        accesses: sql<number>`(select count(*)::int from ${siteAccesses}
          where ${siteAccesses.site_id} = ${sites.id} and ${siteAccesses.active}
          and (${siteAccesses.validity} is null or ${siteAccesses.validity} >= ${today}))`,
      })
      .from(sites)
      .innerJoin(tenants, eq(tenants.id, sites.tenant_id))
      .leftJoin(companies, eq(companies.id, sites.customer_id))
      .where(eq(sites.id, site.id)),
    db.select().from(floors).where(eq(floors.site_id, site.id)).orderBy(asc(floors.id)),
    db.select().from(locations).where(eq(locations.site_id, site.id)).orderBy(asc(locations.id)),
    db.select().from(zones).where(eq(zones.site_id, site.id)).orderBy(asc(zones.id)),
    db.select().from(layers).where(eq(layers.site_id, site.id)).orderBy(asc(layers.id)),
    db
      .select({ id: siteContractors.company_id })
      .from(siteContractors)
      .where(eq(siteContractors.site_id, site.id))
      .orderBy(asc(siteContractors.position), asc(siteContractors.company_id)),
    db
      .select({
        type: attachments.attachable_type,
        id: attachments.attachable_id,
        count: sql<number>`count(*)::int`,
      })
      .from(attachments)
      .where(
        and(eq(attachments.site_id, site.id), inArray(attachments.attachable_type, ['Floor', 'Location'])),
      )
      .groupBy(attachments.attachable_type, attachments.attachable_id),
    // Private secrets are their owner's alone: the badge counts the shared ones and the viewer's own.
    db
      .select({
        type: secrets.secretable_type,
        id: secrets.secretable_id,
        count: sql<number>`count(*)::int`,
      })
      .from(secrets)
      .where(
        and(
          eq(secrets.site_id, site.id),
          visibleTo(viewer.userId),
          inArray(secrets.secretable_type, ['Floor', 'Location']),
        ),
      )
      .groupBy(secrets.secretable_type, secrets.secretable_id),
    () => (seesVault ? loadSiteSecrets(db, site, viewer.userId) : Promise.resolve([])),
    () => loadSiteAttachments(db, storage, site),
    () => activeDeviceCount(db, site.id, deviceVersion),
  ]);
  const head = heads[0]!;
  const linked = new Map<string, { files: number; secrets: number }>();
  const countOf = (key: string) => linked.get(key) ?? linked.set(key, { files: 0, secrets: 0 }).get(key)!;
  for (const row of fileCounts) countOf(`${row.type}:${row.id}`).files = row.count;
  if (seesVault) for (const row of secretCounts) countOf(`${row.type}:${row.id}`).secrets = row.count;
  return presentSiteDetail(
    site,
    {
      tenant: { id: site.tenant_id, name: head.tenantName },
      customer: head.customer?.id != null ? head.customer : null,
      floors: floorRows,
      locations: locationRows,
      zones: zoneRows,
      layers: layerRows,
      contractors: contractorRows.map((c) => c.id),
      counts: { devices: activeDevices, locations: head.locations, accesses: head.accesses },
      linked,
      attachments: attachmentList,
      secrets: secretList,
      permission,
    },
    signUrl,
  );
}

/**
 * Which part of the catalogue a site's lists show: `tenant`, all its tenant may use (for its own
 * users); `used`, what the site uses and the library's public items (for external users, who
 * never see the owning tenant's other customers, suppliers or products).
 */
export type CatalogueScope = 'tenant' | 'used';

/** The ids of the products the site's devices use, as a subquery. */
const usedProductIds = (db: DbOrTx, siteId: number) =>
  db.selectDistinct({ id: devices.product_id }).from(devices).where(eq(devices.site_id, siteId));

/**
 * The companies the site refers to: its customer, its contractors, its devices' suppliers and
 * installers, and the brands and preferred suppliers of the products its devices use.
 */
function usedCompanyIds(db: DbOrTx, siteId: number) {
  const used = usedProductIds(db, siteId);
  return union(
    db.select({ id: sites.customer_id }).from(sites).where(eq(sites.id, siteId)),
    db
      .select({ id: siteContractors.company_id })
      .from(siteContractors)
      .where(eq(siteContractors.site_id, siteId)),
    db.select({ id: devices.supplier_id }).from(devices).where(eq(devices.site_id, siteId)),
    db.select({ id: devices.contractor_id }).from(devices).where(eq(devices.site_id, siteId)),
    db.select({ id: products.brand_id }).from(products).where(inArray(products.id, used)),
    db.select({ id: products.preferred_supplier_id }).from(products).where(inArray(products.id, used)),
  );
}

/** The companies usable on the site (its tenant's own and the library's brands), or those it uses. */
export async function loadSiteCompanies(
  db: DbOrTx,
  site: SiteRow,
  scope: CatalogueScope = 'tenant',
): Promise<CompanyDto[]> {
  const where =
    scope === 'tenant'
      ? companiesUsableBy(site.tenant_id)
      : or(
          inArray(companies.id, usedCompanyIds(db, site.id)),
          and(eq(companies.tenant_id, LIBRARY_TENANT_ID), eq(companies.brand, true)),
        );
  const rows = await db.select().from(companies).where(where).orderBy(companies.name, companies.id);
  return rows.map(presentCompany);
}

const catalogueTenants = (site: SiteRow) => [...new Set([LIBRARY_TENANT_ID, site.tenant_id])];

/**
 * The products the site's tenant may use (the library's and its own), or the library's and those
 * the site's devices use; with interfaces.
 */
export function loadSiteProducts(
  db: DbOrTx,
  site: SiteRow,
  signUrl: Sign,
  scope: CatalogueScope = 'tenant',
): Promise<ProductDto[]> {
  const where =
    scope === 'tenant'
      ? inArray(products.tenant_id, catalogueTenants(site))
      : or(eq(products.tenant_id, LIBRARY_TENANT_ID), inArray(products.id, usedProductIds(db, site.id)));
  return loadProducts(db, where, signUrl);
}

/** The categories of the site's tenant and the library, or the library's and those of the products used. */
export async function loadSiteProcats(
  db: DbOrTx,
  site: SiteRow,
  scope: CatalogueScope = 'tenant',
): Promise<ProcatDto[]> {
  const where =
    scope === 'tenant'
      ? inArray(procats.tenant_id, catalogueTenants(site))
      : or(
          eq(procats.tenant_id, LIBRARY_TENANT_ID),
          inArray(
            procats.id,
            db
              .select({ id: products.procat_id })
              .from(products)
              .where(inArray(products.id, usedProductIds(db, site.id))),
          ),
        );
  const rows = await db.select().from(procats).where(where).orderBy(procats.name, procats.id);
  return rows.map(presentProcat);
}
