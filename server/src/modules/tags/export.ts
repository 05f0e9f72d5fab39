import { DEVICE_EXPORT_COLUMNS } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { tags } from '../../db/schema.ts';

type ExportColumn = (typeof DEVICE_EXPORT_COLUMNS)[number];

/**
 * The device export's "Tags" column (issue 43): added after the standard columns whenever an
 * exported device carries a tag (a tenant without tags gets no empty column), and the cell's text
 * for a device's tag ids: names, comma-separated, as the import reads them back.
 */
export async function exportedTags(
  db: DbOrTx,
  tenantId: number,
  rows: Array<{ tags: number[] }>,
  columns: ExportColumn[],
): Promise<(ids: number[]) => string | null> {
  const tagged = rows.some((row) => row.tags.length > 0);
  if (tagged && !columns.some((column) => column.key === 'tags')) {
    const firstOptional = columns.findIndex((column) => !column.standard);
    const tagColumn = DEVICE_EXPORT_COLUMNS.find((column) => column.key === 'tags')!;
    columns.splice(firstOptional < 0 ? columns.length : firstOptional, 0, tagColumn);
  }
  if (!tagged) return () => null;
  const names = new Map(
    (await db.select({ id: tags.id, name: tags.name }).from(tags).where(eq(tags.tenant_id, tenantId))).map(
      (tag) => [tag.id, tag.name],
    ),
  );
  return (ids) =>
    ids
      .map((id) => names.get(id))
      .filter((name): name is string => name !== undefined)
      .join(', ') || null;
}
