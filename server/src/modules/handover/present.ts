import { type HandoverPackDto, handoverPackNumber, type Language } from '@asbuilt/domain';
import type { handoverPacks } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { translate } from '../../platform/i18n.ts';
import './words.ts';
import { safeName } from './names.ts';

export type PackRow = typeof handoverPacks.$inferSelect;

/** Printed on the cover and in the file's name. */
export const packNumber = handoverPackNumber;

/** What the download saves the pack as: `Demo HQ - Handover pack HP-00042.zip`, in the pack's language. */
export function packFileName(
  siteName: string,
  pack: Pick<PackRow, 'number' | 'format' | 'language'>,
): string {
  const title = translate(pack.language as Language, 'handover:file_name');
  return safeName(
    `${siteName} - ${title} ${packNumber(pack.number)}.${pack.format}`,
    `${packNumber(pack.number)}`,
  );
}

/** The download link lives as long as a list on screen may wait before it is clicked. */
const DOWNLOAD_TTL_SECONDS = 60 * 60;

export function presentPack(
  ctx: AppContext,
  row: PackRow,
  siteName: string,
  user: { id: number; fname: string | null; lname: string | null; email: string } | null,
): HandoverPackDto {
  const name = user ? `${user.fname ?? ''} ${user.lname ?? ''}`.trim() || user.email : null;
  return {
    id: row.id,
    site_id: row.site_id,
    number: packNumber(row.number),
    status: row.status as HandoverPackDto['status'],
    progress: row.progress,
    step: (row.step ?? null) as HandoverPackDto['step'],
    format: row.format as HandoverPackDto['format'],
    options: {
      sections: row.options.sections as HandoverPackDto['options']['sections'],
      floor_ids: row.options.floor_ids,
      include_archived: row.options.include_archived,
    },
    language: row.language as Language,
    size: row.size,
    pages: row.pages,
    error_code: row.error_code,
    created_at: row.created_at.toISOString(),
    finished_at: row.finished_at?.toISOString() ?? null,
    user: user && name ? { id: user.id, name } : null,
    url:
      row.status === 'done' && row.storage_key
        ? ctx.storage.downloadUrl(row.storage_key, packFileName(siteName, row), DOWNLOAD_TTL_SECONDS)
        : null,
  };
}
