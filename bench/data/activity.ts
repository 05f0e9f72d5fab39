/**
 * Activity entries as the services write them (server/src/platform/activity.ts): model, id and
 * name of the object, an action code of LOG_ACTIONS with its English note, the parent, the
 * changes, the author, the site and the tenant. Oldest first, spread evenly over the two years
 * before `until`, so ids grow with the dates as on a real database. Generated and inserted
 * 10,000 at a time (memory stays flat).
 */
import { DEFAULT_DEVICE_STATUSES, type LogAction } from '@asbuilt/domain';
import { activityLogs } from '../../server/src/db/schema.ts';
import { insertLean } from './insert.ts';
import { type Rng, streamOf, weightedPicker } from './rng.ts';
import type { Counts, SiteRef, UserRef, World } from './world.ts';

type Row = typeof activityLogs.$inferInsert;
type Entry = Pick<
  Row,
  | 'object_model'
  | 'object_id'
  | 'object_name'
  | 'note'
  | 'parent_model'
  | 'parent_id'
  | 'parent_name'
  | 'changes'
> & { action: LogAction; params?: Record<string, string | number> | null };

const CHUNK = 10_000;
const TWO_YEARS_MS = 730 * 86_400_000;
const STATUSES = DEFAULT_DEVICE_STATUSES.map((s) => s.name);
const FIELDS = [
  { key: 'sn', label: 'Serial Number' },
  { key: 'ip', label: 'IP address' },
  { key: 'mac', label: 'Mac Address' },
  { key: 'name', label: 'Name' },
  { key: 'note', label: 'Note' },
  { key: 'patch', label: 'Patch' },
  { key: 'port', label: 'Port' },
] as const;

/** The device's entry skeleton: named by its code, hung on its room, else its floor, else the site. */
function deviceBase(site: SiteRef, k: number): Omit<Entry, 'action' | 'note'> {
  const f = site.deviceFloor[k]!;
  const floor = f >= 0 ? site.floors[f]! : null;
  const roomIndex = site.deviceRoom[k]!;
  const room = floor && roomIndex >= 0 ? floor.rooms[roomIndex]! : null;
  return {
    object_model: 'Device',
    object_id: site.deviceIds[k]!,
    object_name: `${site.code}-${String(k + 1).padStart(5, '0')}`,
    parent_model: room ? 'Location' : floor ? 'Floor' : 'Site',
    parent_id: room?.id ?? floor?.id ?? site.id,
    parent_name: room?.name ?? floor?.name ?? site.name,
    changes: null,
  };
}

function siteEntry(r: Rng, site: SiteRef): Entry {
  const onSite = { parent_model: 'Site', parent_id: site.id, parent_name: site.name };
  const roll = r.next();
  if (site.deviceIds.length > 0 && roll < 0.8) {
    const k = r.int(0, site.deviceIds.length - 1);
    const base = deviceBase(site, k);
    const kind = r.next();
    if (kind < 0.38) {
      const from = r.chance(0.7) ? r.pick(STATUSES) : null;
      const to = r.pick(STATUSES);
      return {
        ...base,
        action: 'updated',
        note: `Status changed to ${to}`,
        changes: { status: { from, to } },
      };
    }
    if (kind < 0.55) {
      const field = r.pick(FIELDS);
      return {
        ...base,
        action: 'updated',
        note: `Device updated (${field.label})`,
        changes: { [field.key]: { from: null, to: `${field.key.toUpperCase()}-${r.int(1000, 9999)}` } },
      };
    }
    if (kind < 0.75)
      return {
        ...base,
        action: 'created',
        note: 'Device created',
        changes: { code: { to: base.object_name } },
      };
    if (kind < 0.83) return { ...base, action: 'created', note: 'Device created (import)' };
    if (kind < 0.95) {
      const moved = r.chance(0.6);
      const to = { x: r.int(40, 1000), y: r.int(40, 700) };
      return {
        ...base,
        action: moved ? 'moved_on_plan' : 'placed_on_plan',
        note: moved ? 'Device moved on the plan' : 'Device placed on the plan',
        changes: {
          plan_x: { from: moved ? r.int(40, 1000) : null, to: to.x },
          plan_y: { from: moved ? r.int(40, 700) : null, to: to.y },
        },
      };
    }
    if (kind < 0.99)
      return {
        ...base,
        action: 'archived',
        note: 'Device archived',
        changes: { archived: { from: false, to: true } },
      };
    return { ...base, action: 'taken_off_plan', note: 'Device taken off the plan' };
  }
  if (roll < 0.86 && site.attachments.length > 0) {
    const file = r.pick(site.attachments);
    return {
      object_model: 'Attachment',
      object_id: file.id,
      object_name: file.name,
      action: 'created',
      note: 'Document Attached',
      ...onSite,
      changes: null,
    };
  }
  if (roll < 0.91 && site.secrets.length > 0) {
    const secret = r.pick(site.secrets);
    const revealed = r.chance(0.85);
    return {
      object_model: 'Secret',
      object_id: secret.id,
      object_name: secret.name,
      action: revealed ? 'revealed' : 'created',
      note: revealed ? 'Password revealed' : 'Secret Created',
      parent_model: null,
      parent_id: null,
      parent_name: null,
      changes: null,
    };
  }
  if (roll < 0.96 && site.floors.length > 0) {
    const floor = r.pick(site.floors);
    const room = r.pick(floor.rooms);
    const onFloor = { parent_model: 'Floor', parent_id: floor.id, parent_name: floor.name };
    const what = r.next();
    if (what < 0.6)
      return {
        object_model: 'Location',
        object_id: room.id,
        object_name: room.name,
        action: 'updated',
        note: 'Location updated (Polygon)',
        ...onFloor,
        changes: { polygon: { from: null, to: '…' } },
      };
    if (what < 0.8)
      return {
        object_model: 'Location',
        object_id: room.id,
        object_name: room.name,
        action: 'deleted',
        note: 'Location deleted',
        params: { devices: r.int(1, 6) },
        ...onFloor,
        changes: { name: { from: room.name } },
      };
    return {
      object_model: 'Floor',
      object_id: floor.id,
      object_name: floor.name,
      action: 'updated',
      note: 'Floor updated (Plan)',
      ...onSite,
      changes: { svg: { from: null, to: `floorplans/${site.id}/${floor.id}/plan.svg` } },
    };
  }
  if (roll < 0.98)
    return {
      object_model: 'Contact',
      object_id: null,
      object_name: 'Building owner',
      action: r.chance(0.5) ? 'created' : 'updated',
      note: r.chance(0.5) ? 'Contact Created' : 'Contact Updated',
      ...onSite,
      changes: null,
    };
  return {
    object_model: 'Site',
    object_id: site.id,
    object_name: site.name,
    action: 'updated',
    note: 'Site updated (City)',
    parent_model: null,
    parent_id: null,
    parent_name: null,
    changes: { city: { from: 'Brussels', to: 'Antwerp' } },
  };
}

function tenantEntry(r: Rng, world: World): Entry {
  const { catalogue } = world;
  const none = { parent_model: null, parent_id: null, parent_name: null };
  const roll = r.next();
  if (roll < 0.7) {
    const p = r.int(0, catalogue.productIds.length - 1);
    const created = r.chance(0.3);
    return {
      object_model: 'Product',
      object_id: catalogue.productIds[p]!,
      object_name: catalogue.productNames[p]!,
      action: created ? 'created' : 'updated',
      note: created ? 'Product created' : 'Product updated (Description)',
      ...none,
      changes: created ? null : { description: { from: null, to: 'Updated description' } },
    };
  }
  if (roll < 0.85)
    return {
      object_model: 'Company',
      object_id: r.pick(catalogue.supplierIds),
      object_name: 'Supplier',
      action: 'updated',
      note: 'Company updated',
      ...none,
      changes: null,
    };
  if (roll < 0.95)
    return {
      object_model: 'Procat',
      object_id: r.pick(catalogue.procatIds),
      object_name: null,
      action: 'updated',
      note: 'Product Category updated',
      ...none,
      changes: null,
    };
  const user = r.pick(world.users.technicians);
  return {
    object_model: 'User',
    object_id: user.id,
    object_name: user.email,
    action: 'updated',
    note: 'Profile updated',
    ...none,
    changes: null,
  };
}

/**
 * The entries of one stream, oldest first: `count` entries spread evenly over the two years, on the
 * given sites by weight (and on the tenant itself for a `tenantShare` of them).
 */
function* entries(
  world: World,
  part: string,
  sites: SiteRef[],
  count: number,
  tenantShare: number,
): Generator<Row> {
  const { tenantId, users } = world;
  const r = streamOf(part);
  const pickSite = weightedPicker(sites.map((site) => site.deviceCount + 40));
  const authors: UserRef[] = [users.bench, ...users.technicians];
  const start = world.until.getTime() - TWO_YEARS_MS;
  const step = TWO_YEARS_MS / count;
  for (let i = 0; i < count; i++) {
    const site = tenantShare > 0 && r.chance(tenantShare) ? null : sites[pickSite(r)]!;
    const entry = site ? siteEntry(r, site) : tenantEntry(r, world);
    // Mostly the bench user and the technicians; now and then the Super Admin.
    const author = r.chance(0.02) ? users.admin : r.chance(0.4) ? users.bench : r.pick(authors);
    yield {
      tenant_id: tenantId,
      site_id: site?.id ?? null,
      user_id: author.id,
      user_name: author.name,
      object_model: entry.object_model,
      object_id: entry.object_id ?? null,
      object_name: entry.object_name ?? null,
      note: entry.note,
      action: entry.action,
      params: entry.params ?? null,
      parent_model: entry.parent_model ?? null,
      parent_id: entry.parent_id ?? null,
      parent_name: entry.parent_name ?? null,
      changes: entry.changes ?? null,
      created_at: new Date(Math.floor(start + (i + r.next()) * step)),
    };
  }
}

/**
 * The tenant's activity, and the huge site's on top (a stream of its own, merged by date so the
 * ids still grow with the dates): the other sites' entries are the same with or without it.
 */
export async function makeActivity(world: World): Promise<Counts> {
  const { db, plan } = world;
  const huge = world.sites.find((site) => site.kind === 'huge');
  const main = entries(
    world,
    'activity',
    world.sites.filter((site) => site !== huge),
    plan.activity,
    0.04,
  );
  const extra = huge ? entries(world, 'activity:huge', [huge], plan.huge_site?.activity ?? 0, 0) : null;
  let a = main.next();
  let b = extra?.next();
  let total = 0;
  let onSite = 0;
  let rows: Row[] = [];
  while (!a.done || (b && !b.done)) {
    let row: Row;
    if (!a.done && (!b || b.done || a.value.created_at! <= b.value.created_at!)) {
      row = a.value;
      a = main.next();
    } else {
      row = b!.value as Row;
      b = extra!.next();
    }
    rows.push(row);
    total++;
    if (row.site_id !== null) onSite++;
    if (rows.length === CHUNK) {
      await insertLean(db, activityLogs, rows);
      rows = [];
    }
  }
  await insertLean(db, activityLogs, rows);
  return { activity_logs: total, 'activity on a site': onSite };
}
