/**
 * Attachment rows (no files): keys under the site's folder (`attachments/{site}/{uuid}.{ext}`, as
 * uploads name them), linked to the site, a floor, a room or a device, dated over two years.
 */
import { attachments } from '../../server/src/db/schema.ts';
import { insertAll } from './insert.ts';
import { perSite, stableUuid, streamOf } from './rng.ts';
import type { Counts, World } from './world.ts';

const KINDS = [
  {
    ext: 'pdf',
    weight: 40,
    titles: ['As-built report', 'Wiring diagram', 'Datasheet', 'Test report', 'Manual'],
  },
  { ext: 'jpg', weight: 25, titles: ['Photo cabinet', 'Photo installation', 'Photo label'] },
  { ext: 'png', weight: 10, titles: ['Screenshot', 'Rack view'] },
  { ext: 'xlsx', weight: 10, titles: ['IP plan', 'Patch list', 'Inventory'] },
  { ext: 'docx', weight: 10, titles: ['Method statement', 'Handover note'] },
  { ext: 'txt', weight: 5, titles: ['Network notes', 'Config backup'] },
] as const;
const TOTAL_WEIGHT = KINDS.reduce((acc, k) => acc + k.weight, 0);
const TWO_YEARS_MS = 730 * 86_400_000;

/** The kind that `roll` (0 to TOTAL_WEIGHT) falls on. */
function pickKind(roll: number): (typeof KINDS)[number] {
  let left = roll;
  for (const kind of KINDS) {
    left -= kind.weight;
    if (left < 0) return kind;
  }
  return KINDS[0];
}

export async function makeAttachments(world: World): Promise<Counts> {
  const { db, users } = world;
  const r = streamOf('attachments');
  const counts = perSite(
    world.sites,
    world.plan.attachments,
    (devices) => devices + 10,
    world.plan.huge_site?.attachments ?? 0,
  );
  const rows: (typeof attachments.$inferInsert)[] = [];
  const names: { site: number; name: string }[] = [];
  const until = world.until.getTime();
  world.sites.forEach((site, s) => {
    for (let i = 0; i < counts[s]!; i++) {
      const kind = pickKind(r.next() * TOTAL_WEIGHT);
      const title = `${r.pick(kind.titles)} ${i + 1}`;
      const link = r.next();
      let type: 'Device' | 'Location' | 'Floor' | null = null;
      let id: number | null = null;
      if (link < 0.3 && site.deviceIds.length > 0) {
        type = 'Device';
        id = r.pick(site.deviceIds);
      } else if (link < 0.6 && site.floors.length > 0) {
        const floor = r.pick(site.floors);
        if (link < 0.45) {
          type = 'Location';
          id = r.pick(floor.rooms).id;
        } else {
          type = 'Floor';
          id = floor.id;
        }
      }
      const created = new Date(until - Math.floor(r.next() * TWO_YEARS_MS));
      rows.push({
        site_id: site.id,
        user_id: r.chance(0.5) ? users.bench.id : r.pick(users.technicians).id,
        url: `attachments/${site.id}/${stableUuid(`${site.code}:${i}`)}.${kind.ext}`,
        filename: title,
        original_filename: `${title.toLowerCase().replace(/\s+/g, '-')}.${kind.ext}`,
        file_type: kind.ext,
        size: r.int(8_000, 8_000_000),
        attachable_type: type,
        attachable_id: id,
        created_at: created,
        updated_at: created,
      });
      names.push({ site: s, name: title });
    }
  });
  const ids = await insertAll(db, attachments, rows);
  names.forEach((entry, i) => {
    world.sites[entry.site]!.attachments.push({ id: ids[i]!, name: entry.name });
  });
  return { attachments: rows.length };
}
