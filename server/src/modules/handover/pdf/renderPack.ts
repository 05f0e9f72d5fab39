import type { Writable } from 'node:stream';
import type { HandoverSection, HandoverStep, Language } from '@asbuilt/domain';
import type { AppContext } from '../../../platform/context.ts';
import { renderInProcess } from './process.ts';
import { localSource } from './source.ts';

/** What a pack is made of: the asked options, already checked and filled with their defaults. */
export interface PackInput {
  tenantId: number;
  siteId: number;
  /** Printed on the cover, e.g. `HP-2026-0007`. */
  packNumber: string;
  /** The user who asked for it, printed on the cover. */
  authorName: string;
  language: Language;
  sections: readonly HandoverSection[];
  /** Only these floors' plans and devices; null: every floor. */
  floorIds: readonly number[] | null;
  includeArchived: boolean;
}

/** Called as the pack advances: `percent` 0–100 over the PDF's making. */
export type PackProgress = (percent: number, step: HandoverStep) => void;

/**
 * Writes the pack's PDF to `out` (ended when done) and answers its page count. Never a secret:
 * the vault appears only as "N credentials handed over separately".
 *
 * The drawing runs in a process of its own, of the lowest priority, so that a 400-page pack does
 * not hold up the requests the server answers meanwhile. On PostgreSQL it reads the database
 * itself, on a connection of its own; on PGlite, which lives in the server, its reads come back
 * here. An unknown site or one of another tenant fails.
 */
export function renderPackPdf(
  ctx: AppContext,
  input: PackInput,
  out: Writable,
  onProgress: PackProgress,
): Promise<{ pages: number }> {
  return renderInProcess(
    localSource(ctx),
    input,
    out,
    onProgress,
    ctx.pgConnection ? { connection: ctx.pgConnection } : {},
  );
}
