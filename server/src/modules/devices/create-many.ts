import type { DeviceCreateManyInput, SiteDevicesResponse } from '@asbuilt/domain';
import { devices } from '../../db/schema.ts';
import { insertRows } from '../../db/set-based.ts';
import { createdFields, logActivities } from '../../platform/activity.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { resolveCustomFields } from '../custom-fields/values.ts';
import { touchSite } from '../sites/queries.ts';
import { deviceEntries } from './activity.ts';
import { newDeviceValues } from './new-device.ts';
import { devicePresenter, presentDeviceList } from './present.ts';
import { loadDeviceList } from './queries.ts';
import { assertCodeFree, assertCodesFree } from './rules.ts';

/**
 * POST /api/site/devices/many: `quantity` devices of one product with the same fields, each with
 * the next code of the pattern. All or nothing: a code the site already has refuses the lot and
 * names it. One activity entry per device, as a bulk edit logs.
 */
export async function createDevices(
  ctx: AppContext,
  actor: Actor,
  input: DeviceCreateManyInput,
): Promise<SiteDevicesResponse> {
  return ctx.db.transaction(async (tx) => {
    const { changes, codes, quantity } = input;
    const {
      site,
      product,
      values: shared,
    } = await newDeviceValues(tx, actor, input.site_id, input.product_id, changes);
    if (codes) await assertCodesFree(tx, site.id, codes);
    else await assertCodeFree(tx, site.id, changes.code);
    // New devices take the values sent and the custom fields' defaults; a required field left
    // without either refuses them.
    const customFields = await resolveCustomFields(tx, {
      tenantId: site.tenant_id,
      target: 'devices',
      sent: input.custom_fields,
      creating: true,
      productId: product.id,
    });
    const rows = Array.from({ length: quantity }, (_, index) => ({
      ...shared,
      ...(customFields ? { custom_fields: customFields } : {}),
      ...(codes ? { code: codes[index] } : {}),
      site_id: site.id,
    }));
    const ids = await insertRows(tx, devices, rows);
    await logActivities(
      tx,
      actor,
      await deviceEntries(
        tx,
        site,
        rows.map((row, index) => ({
          device: {
            id: ids[index]!,
            code: row.code ?? null,
            name: row.name ?? null,
            floor_id: row.floor_id,
            location_id: row.location_id,
          },
          productName: product.name,
          action: 'created',
          note: 'Device created',
          changes: createdFields({ ...shared, ...(codes ? { code: codes[index] } : {}) }),
        })),
      ),
    );
    await touchSite(tx, site.id);
    const presenter = devicePresenter((key) => ctx.storage.signedUrl(key), ctx.deviceLinks);
    return presentDeviceList(await loadDeviceList(tx, ids, presenter));
  });
}
