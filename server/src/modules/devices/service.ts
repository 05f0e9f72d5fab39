import {
  type CompanyDto,
  type DeviceBulkInput,
  type DeviceChanges,
  type DeviceCreateInput,
  type DeviceDto,
  type DevicePlanChange,
  type DeviceUpdateInput,
  devicePermissionFor,
  LIBRARY_TENANT_ID,
  type Message,
  message,
  type ProductDto,
  SitePermission,
  sameValues,
} from '@asbuilt/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies, devices, products } from '../../db/schema.ts';
import { inIds } from '../../db/set-based.ts';
import { changesOf, createdFields, logActivities } from '../../platform/activity.ts';
import type { Actor } from '../../platform/actor.ts';
import { companiesUsableBy } from '../../platform/catalogue.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { isInternalTo, requireSite, type SiteRow, siteContext } from '../../platform/policy.ts';
import { checkUnchangedSince } from '../../platform/versions.ts';
import { presentCompany } from '../companies/present.ts';
import { bulkDeviceValues, writeObjectValues } from '../custom-fields/device-values.ts';
import { resolveCustomFields } from '../custom-fields/values.ts';
import { loadProducts } from '../products/service.ts';
import { moveInRack } from '../racks/placement.ts';
import { loadSiteCompanies, loadSiteProducts, touchSite } from '../sites/queries.ts';
import { bulkChangesFor, checkTagIds } from '../tags/objects.ts';
import { type DeviceLogItem, deviceEntries } from './activity.ts';
import { newDeviceValues } from './new-device.ts';
import { locateOnPlan } from './plan.ts';
import { type DeviceRow, deviceLabel, devicePresenter, presentDeviceList } from './present.ts';
import { loadDevice, loadDeviceList } from './queries.ts';
import { assertCodeFree, checkProduct, checkReferences, type DeviceSet, planChange } from './rules.ts';

const presenter = (ctx: AppContext) => devicePresenter((key) => ctx.storage.signedUrl(key), ctx.deviceLinks);

interface DeviceContext {
  device: DeviceRow;
  productName: string;
  site: SiteRow;
}

/**
 * A device the actor holds at least `min` on through its site: 404 when the actor can't reach
 * the site (or there is no such device), 403 when the level is too low. `lock` takes the row
 * for the rest of the transaction.
 */
async function requireDevice(
  tx: DbOrTx,
  actor: Actor,
  id: number,
  min: SitePermission,
  lock = false,
): Promise<DeviceContext> {
  const query = tx
    .select({ device: devices, productName: products.name })
    .from(devices)
    .innerJoin(products, eq(products.id, devices.product_id))
    .where(eq(devices.id, id));
  const [row] = lock ? await query.for('update', { of: devices }) : await query;
  if (!row) throw notFound('device_not_found');
  const { site } = await requireSite(tx, actor, row.device.site_id, min, 'device_not_found');
  return { device: row.device, productName: row.productName, site };
}

/** Logs device changes of `site` in the caller's transaction (see deviceEntries for the parent). */
async function logDevices(tx: DbOrTx, actor: Actor, site: SiteRow, items: DeviceLogItem[]) {
  await logActivities(tx, actor, await deviceEntries(tx, site, items));
}

async function mustLoad(tx: DbOrTx, ctx: AppContext, id: number): Promise<DeviceDto> {
  const device = await loadDevice(tx, id, presenter(ctx));
  if (!device) throw notFound('device_not_found');
  return device;
}

/** GET /api/site/devices?id (Reader+): one device in full, with its public page's hash. */
export async function showDevice(ctx: AppContext, actor: Actor, id: number): Promise<DeviceDto> {
  await requireDevice(ctx.db, actor, id, SitePermission.Reader);
  return mustLoad(ctx.db, ctx, id);
}

/** Changes one device inside the caller's transaction: checks, update, log, site touch. */
async function applyChanges(
  tx: DbOrTx,
  ctx: AppContext,
  actor: Actor,
  { device, productName, site }: DeviceContext,
  changes: DeviceChanges,
  onPlan?: DevicePlanChange,
): Promise<DeviceDto> {
  const refs = await checkReferences(tx, site, changes, [device]);
  const { plan, problems } = planChange(device, changes, refs, onPlan);
  if (problems.length > 0) throw badRequest(problems);
  if (plan) {
    const [row] = await tx.update(devices).set(plan.set).where(eq(devices.id, device.id)).returning();
    await logDevices(tx, actor, site, [
      {
        device: row!,
        productName,
        action: plan.action,
        note: plan.note,
        changes: changesOf(device, plan.set),
      },
    ]);
    await touchSite(tx, site.id);
  }
  return mustLoad(tx, ctx, device.id);
}

/** POST /api/site/devices: a device of a product on a site, optionally placed. */
export async function createDevice(ctx: AppContext, actor: Actor, input: DeviceCreateInput) {
  return ctx.db.transaction(async (tx) => {
    const { site, product, values } = await newDeviceValues(
      tx,
      actor,
      input.site_id,
      input.product_id,
      input.changes,
    );
    await assertCodeFree(tx, site.id, input.changes.code);
    const customFields = await resolveCustomFields(tx, {
      tenantId: site.tenant_id,
      target: 'devices',
      sent: input.custom_fields,
      creating: true,
      productId: product.id,
    });
    const [row] = await tx
      .insert(devices)
      .values({ ...values, site_id: site.id, ...(customFields ? { custom_fields: customFields } : {}) })
      .returning();
    await logDevices(tx, actor, site, [
      {
        device: row!,
        productName: product.name,
        action: 'created',
        note: 'Device created',
        changes: createdFields(values),
      },
    ]);
    await touchSite(tx, site.id);
    return mustLoad(tx, ctx, row!.id);
  });
}

/**
 * PUT /api/site/devices: the id plus the changed fields; the permission follows the fields' groups
 * (placing on the plan is placement). A plan position sets the location from the polygons of the
 * device's floor (see plan.ts).
 */
export async function updateDevice(ctx: AppContext, actor: Actor, input: DeviceUpdateInput) {
  const fields = Object.keys(input.changes).filter(
    (key) => input.changes[key as keyof DeviceChanges] !== undefined,
  );
  if (input.plan) fields.push('floor_id');
  return ctx.db.transaction(async (tx) => {
    const context = await requireDevice(tx, actor, input.id, devicePermissionFor(fields), true);
    if (input.site_id !== undefined && input.site_id !== context.device.site_id) {
      throw badRequest('device_other_site');
    }
    checkUnchangedSince(context.device.updated_at, input.updated_at);
    await assertCodeFree(tx, context.site.id, input.changes.code, [context.device.id]);
    if (input.rack) {
      const [product] = await tx.select().from(products).where(eq(products.id, context.device.product_id));
      context.device = await moveInRack(tx, actor, context.site, context.device, product!, input.rack);
    }
    const located = await locateOnPlan(tx, context.site, context.device, input.changes, input.plan);
    const customFields = await resolveCustomFields(tx, {
      tenantId: context.site.tenant_id,
      target: 'devices',
      current: context.device.custom_fields,
      sent: input.custom_fields,
      productId: context.device.product_id,
    });
    const changes =
      customFields && !sameValues(context.device.custom_fields, customFields)
        ? ({ ...located, custom_fields: customFields } as DeviceChanges)
        : located;
    return applyChanges(tx, ctx, actor, context, changes, input.plan);
  });
}

/** POST /api/site/devices/update_status: one of the site's statuses, or empty to clear it. */
export async function updateStatus(ctx: AppContext, actor: Actor, id: number, status: string | null) {
  return ctx.db.transaction(async (tx) => {
    const context = await requireDevice(tx, actor, id, devicePermissionFor(['status']), true);
    return applyChanges(tx, ctx, actor, context, { status });
  });
}

/** POST /api/site/devices/archive: archive or restore. */
export async function archiveDevice(ctx: AppContext, actor: Actor, id: number, archived: boolean) {
  return ctx.db.transaction(async (tx) => {
    const context = await requireDevice(tx, actor, id, devicePermissionFor(['archived']), true);
    return applyChanges(tx, ctx, actor, context, { archived });
  });
}

/** POST /api/site/devices/change_product: the device becomes an instance of another product. */
export async function changeProduct(ctx: AppContext, actor: Actor, id: number, productId: number) {
  return ctx.db.transaction(async (tx) => {
    const { device, productName, site } = await requireDevice(
      tx,
      actor,
      id,
      SitePermission.Contributor,
      true,
    );
    const product = await checkProduct(tx, site, productId);
    if (product.id !== device.product_id) {
      await tx.update(devices).set({ product_id: product.id }).where(eq(devices.id, device.id));
      await logDevices(tx, actor, site, [
        {
          device,
          productName: product.name,
          action: 'updated',
          note: `Product changed from ${productName} to ${product.name}`,
          changes: changesOf(device, { product_id: product.id }),
        },
      ]);
      await touchSite(tx, site.id);
    }
    return mustLoad(tx, ctx, device.id);
  });
}

const MAX_LISTED_PROBLEMS = 20;

/**
 * PUT /api/site/devices/bulk: the same changes for every listed device, all or nothing. The whole
 * set is loaded and checked in one query (every id must exist and lie on one site the actor holds
 * Contributor on), the changes are checked once against the site, and the updates run per group
 * of devices that end up with the same columns.
 */
export async function bulkUpdate(ctx: AppContext, actor: Actor, input: DeviceBulkInput) {
  const ids = [...new Set(input.ids)];
  // Custom field values merge into each device's own (customFields/device-values.ts).
  const sentValues = input.changes.custom_fields;
  delete input.changes.custom_fields;
  const fields = Object.keys(input.changes).filter(
    (key) => input.changes[key as keyof DeviceChanges] !== undefined,
  );
  return ctx.db.transaction(async (tx) => {
    const rows = await tx
      .select({ device: devices, productName: products.name })
      .from(devices)
      .innerJoin(products, eq(products.id, devices.product_id))
      .where(inIds(devices.id, ids))
      .orderBy(devices.id)
      .for('update', { of: devices });
    if (rows.length !== ids.length) throw notFound('devices_not_found');
    const siteIds = [...new Set(rows.map((r) => r.device.site_id))];
    if (siteIds.length > 1) {
      for (const siteId of siteIds) {
        const context = await siteContext(tx, actor, siteId);
        if (!context || context.permission === SitePermission.None) {
          throw notFound('devices_not_found');
        }
      }
      throw badRequest('devices_one_site');
    }
    const { site } = await requireSite(
      tx,
      actor,
      siteIds[0]!,
      devicePermissionFor(fields),
      'devices_not_found',
    );
    const refs = await checkReferences(
      tx,
      site,
      input.changes,
      rows.map((r) => r.device),
    );
    await assertCodeFree(tx, site.id, input.changes.code, ids, ids.length);
    await checkTagIds(tx, site.tenant_id, input.changes.add_tags, input.changes.remove_tags);

    const problems: Message[] = [];
    const groups = new Map<string, { set: DeviceSet; ids: number[] }>();
    const entries: DeviceLogItem[] = [];
    for (const { device, productName } of rows) {
      const result = planChange(device, bulkChangesFor(device, input.changes), refs);
      for (const problem of result.problems) {
        problems.push(
          message('device_problem', {
            ...problem.params,
            device: deviceLabel(device, productName),
            problem: problem.code,
          }),
        );
      }
      if (!result.plan) continue;
      const key = JSON.stringify(result.plan.set);
      const group = groups.get(key) ?? { set: result.plan.set, ids: [] };
      group.ids.push(device.id);
      groups.set(key, group);
      entries.push({
        device: { ...device, ...result.plan.set },
        productName,
        action: result.plan.action,
        note: result.plan.note,
        changes: changesOf(device, result.plan.set),
      });
    }
    const custom = await bulkDeviceValues(tx, site.tenant_id, rows, sentValues, deviceLabel);
    problems.push(...custom.problems);
    if (problems.length > 0) {
      const more = problems.length - MAX_LISTED_PROBLEMS;
      throw badRequest([
        ...problems.slice(0, MAX_LISTED_PROBLEMS),
        ...(more > 0 ? [message('more_device_problems', { count: more })] : []),
      ]);
    }
    for (const group of groups.values()) {
      await tx.update(devices).set(group.set).where(inIds(devices.id, group.ids));
    }
    await writeObjectValues(
      tx,
      'devices',
      custom.updates.map(({ device, values }) => ({ id: device.id, values })),
    );
    for (const { device, productName, values } of custom.updates) {
      entries.push({
        device,
        productName,
        action: 'updated',
        note: 'Device updated (Custom fields)',
        changes: changesOf(device, { custom_fields: values }),
      });
    }
    if (entries.length > 0) {
      await logDevices(tx, actor, site, entries);
      await touchSite(tx, site.id);
    }
    return presentDeviceList(await loadDeviceList(tx, ids, presenter(ctx)));
  });
}

/**
 * GET /api/site/devices/new: the products and brands of the new-device dialog. With `site_id`
 * (Contributor), those the site's tenant may use, or for an external user what the site already
 * uses and the library's (never the owning tenant's full catalogue); without, the actor's own
 * tenant's.
 */
export async function newDeviceOptions(
  ctx: AppContext,
  actor: Actor,
  siteId: number | undefined,
): Promise<{ products: ProductDto[]; brands: CompanyDto[] }> {
  const signUrl = (key: string | null) => ctx.storage.signedUrl(key);
  if (siteId) {
    const { site } = await requireSite(ctx.db, actor, siteId, SitePermission.Contributor);
    const scope = isInternalTo(actor, site) ? 'tenant' : 'used';
    const [productList, companyList] = [
      await loadSiteProducts(ctx.db, site, signUrl, scope),
      await loadSiteCompanies(ctx.db, site, scope),
    ];
    return { products: productList, brands: companyList.filter((company) => company.brand) };
  }
  const productList = await loadProducts(
    ctx.db,
    inArray(products.tenant_id, [...new Set([LIBRARY_TENANT_ID, actor.tenantId])]),
    signUrl,
  );
  const brands = await ctx.db
    .select()
    .from(companies)
    .where(and(eq(companies.brand, true), companiesUsableBy(actor.tenantId)))
    .orderBy(companies.name, companies.id);
  return { products: productList, brands: brands.map(presentCompany) };
}
