/** What the site's pages read: the whole site at once, or one of its collections again. */
import { type SiteDevicesResponse, SitePermission } from '@asbuilt/domain';
import { inArray } from 'drizzle-orm';
import { products } from '../../db/schema.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { isInternalTo, requireSite, type SiteRow } from '../../platform/policy.ts';
import { deviceListCache } from '../devices/list-cache.ts';
import { devicePresenter, presentDeviceList } from '../devices/present.ts';
import {
  type DeviceListVersion,
  deviceListJson,
  deviceListVersion,
  loadProductSummaries,
} from '../devices/queries.ts';
import { siteProductIds } from '../devices/site-facts.ts';
import { loadSiteLogs } from '../logs/queries.ts';
import { LOGS_LEVEL } from '../logs/service.ts';
import {
  type CatalogueScope,
  loadSiteCompanies,
  loadSiteDetail,
  loadSiteProcats,
  loadSiteProducts,
} from './queries.ts';

const signer = (ctx: AppContext) => (key: string | null) => ctx.storage.signedUrl(key);

/** What the site's catalogue lists show the actor: external users see only what the site uses. */
const scopeFor = (actor: Actor, site: SiteRow): CatalogueScope =>
  isInternalTo(actor, site) ? 'tenant' : 'used';

/**
 * GET /api/site/sites?id (Reader+): the site and every collection of its pages, one query each.
 * The logs are there for those who may open the Logs page; below it, none.
 */
export async function siteShow(ctx: AppContext, actor: Actor, id: number) {
  const { site, permission } = await requireSite(ctx.db, actor, id, SitePermission.Reader);
  const sign = signer(ctx);
  const scope = scopeFor(actor, site);
  // The site's detail counts its devices and the list carries them: one read of their version serves both.
  const deviceVersion = deviceListVersion(ctx.db, site.id);
  deviceVersion.catch(() => undefined); // its readers see a failure; the process must not
  const [detail, logs, companyList, deviceList, productList, procatList] = await Promise.all([
    loadSiteDetail(ctx.db, ctx.storage, site, { userId: actor.userId, permission }, deviceVersion),
    permission >= LOGS_LEVEL ? loadSiteLogs(ctx.db, site.id, actor.userId) : [],
    loadSiteCompanies(ctx.db, site, scope),
    siteDevices(ctx, site, deviceVersion),
    loadSiteProducts(ctx.db, site, sign, scope),
    loadSiteProcats(ctx.db, site, scope),
  ]);
  return {
    site: detail,
    logs,
    companies: companyList,
    ...deviceList,
    products: productList,
    procats: procatList,
  };
}

/**
 * The site's devices in the list's short form, passed on as the database wrote them; the rows are
 * kept between calls and brought up to date with the rows written since (list-cache.ts).
 */
async function siteDevices(
  ctx: AppContext,
  site: SiteRow,
  deviceVersion?: Promise<DeviceListVersion>,
): Promise<SiteDevicesResponse> {
  const presenter = devicePresenter((key) => ctx.storage.signedUrl(key), ctx.deviceLinks);
  const { rows, alongside: used } = await deviceListCache(ctx.db).rowsJsonWith(
    site.id,
    async (version) => {
      const ids = await siteProductIds(ctx.db, site.id, version);
      return ids.length === 0 ? [] : loadProductSummaries(ctx.db, inArray(products.id, ids), presenter);
    },
    deviceVersion,
  );
  return presentDeviceList({ devicesJson: deviceListJson(rows), products: used });
}

export type RefreshPart = 'site' | 'logs' | 'companies' | 'devices' | 'products' | 'procats';

/**
 * GET /api/site/refresh_{part}?id: one collection of `siteShow`, in the same shape; Reader+, the
 * logs at the Logs page's level.
 */
export async function refreshSite(ctx: AppContext, actor: Actor, id: number, part: RefreshPart) {
  const min = part === 'logs' ? LOGS_LEVEL : SitePermission.Reader;
  const { site, permission } = await requireSite(ctx.db, actor, id, min);
  const sign = signer(ctx);
  switch (part) {
    case 'site':
      return { site: await loadSiteDetail(ctx.db, ctx.storage, site, { userId: actor.userId, permission }) };
    case 'logs':
      return { logs: await loadSiteLogs(ctx.db, site.id, actor.userId) };
    case 'companies':
      return { companies: await loadSiteCompanies(ctx.db, site, scopeFor(actor, site)) };
    case 'devices':
      return siteDevices(ctx, site);
    case 'products':
      return { products: await loadSiteProducts(ctx.db, site, sign, scopeFor(actor, site)) };
    case 'procats':
      return { procats: await loadSiteProcats(ctx.db, site, scopeFor(actor, site)) };
  }
}
