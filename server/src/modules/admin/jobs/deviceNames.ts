import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { devices, products, sites } from '../../../db/schema.ts';
import { type ActivityEntry, logActivities } from '../../../platform/activity.ts';
import { batches, change, type Job, type JobPlan, tenantCount } from './plan.ts';

const blankName = or(isNull(devices.name), sql`btrim(${devices.name}) = ''`);

/** Devices without a name are named after their product (when the product has a name). */
async function plan(tx: Tx): Promise<JobPlan> {
  const unnamed = await tx
    .select({
      id: devices.id,
      code: devices.code,
      product: products.name,
      site: { id: sites.id, name: sites.name, tenant_id: sites.tenant_id },
    })
    .from(devices)
    .innerJoin(products, eq(products.id, devices.product_id))
    .innerJoin(sites, eq(sites.id, devices.site_id))
    .where(and(blankName, sql`btrim(${products.name}) <> ''`))
    .orderBy(asc(devices.id));
  const siteOf = new Map(unnamed.map((d) => [d.id, d.site]));

  const apply: JobPlan['apply'] = async (actor) => {
    let count = 0;
    for (const batch of batches(unnamed.map((d) => d.id))) {
      const named = await tx
        .update(devices)
        .set({ name: sql`(select p.name from products p where p.id = ${devices.product_id})` })
        .where(and(inArray(devices.id, batch), blankName))
        .returning({ id: devices.id, name: devices.name, site_id: devices.site_id });
      await logActivities(
        tx,
        actor,
        named.map(
          (device): ActivityEntry => ({
            objectModel: 'Device',
            objectId: device.id,
            objectName: device.name,
            action: 'updated',
            note: 'Device named after its product',
            siteId: device.site_id,
            tenantId: siteOf.get(device.id)?.tenant_id ?? null,
            changes: { name: { from: null, to: device.name } },
          }),
        ),
      );
      count += named.length;
    }
    return count;
  };

  return {
    total: unnamed.length,
    changes: [
      change('devices_named', unnamed, (d) => `${d.code ?? `#${d.id}`} (${d.site.name}) → ${d.product}`),
    ],
    tenants: tenantCount(unnamed.map((d) => d.site.tenant_id)),
    apply,
  };
}

export const addNameToRessources: Job = {
  plan,
  message: (n) => `${n} devices named after their product`,
};
