/**
 * GET /api/site/connections/export (Reader+, as the schedule it writes): `<site> connections.xlsx`
 * with the columns the import reads, so a file exported, edited and imported back changes only
 * what was edited. Each end names its device by code (else its name) and its port by label.
 */
import { CONNECTION_SHEET_COLUMNS, SitePermission } from '@asbuilt/domain';
import { sql } from 'drizzle-orm';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { requireSite } from '../../platform/policy.ts';
import { xlsxOf } from '../../platform/spreadsheet/write.ts';

type Cell = string | number | null;

export async function exportConnections(
  ctx: AppContext,
  actor: Actor,
  siteId: number,
): Promise<{ data: Buffer; filename: string }> {
  const { site } = await requireSite(ctx.db, actor, siteId, SitePermission.Reader);
  const answer = (await ctx.db.execute(
    sql`select c.code, coalesce(ad.code, ad.name) as a_device, ai.label as a_port, c.a_label,
        coalesce(bd.code, bd.name) as b_device, bi.label as b_port, c.b_label,
        c.cable_type, c.length_m, c.colour, c.status, c.note
      from connections c
      left join devices ad on ad.id = c.a_device_id
      left join interfaces ai on ai.id = c.a_interface_id
      left join devices bd on bd.id = c.b_device_id
      left join interfaces bi on bi.id = c.b_interface_id
      where c.site_id = ${site.id}
      order by lower(c.code), c.id`,
  )) as unknown as { rows: Record<string, Cell>[] };
  const rows = answer.rows.map((row) => CONNECTION_SHEET_COLUMNS.map((c) => row[c.key] ?? null));
  return {
    data: await xlsxOf(
      'connections',
      CONNECTION_SHEET_COLUMNS.map((c) => ({ header: c.header, width: c.key === 'note' ? 32 : 16 })),
      rows,
    ),
    filename: `${site.name} connections.xlsx`,
  };
}
