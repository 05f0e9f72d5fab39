import type { Writable } from 'node:stream';
import type { HandoverSection, HandoverStep, Language } from '@asbuilt/domain';
import type { AppContext } from '../../../platform/context.ts';
import { localSource } from './source.ts';
import { renderInThread } from './thread.ts';

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
 * The drawing runs on a worker thread of low priority, so that a 400-page pack does not hold up
 * the requests this process answers meanwhile; its reads come back to this thread, where the
 * database is (PGlite lives in this process). An unknown site or one of another tenant fails.
 */
export function renderPackPdf(
  ctx: AppContext,
  input: PackInput,
  out: Writable,
  onProgress: PackProgress,
): Promise<{ pages: number }> {
  return renderInThread(localSource(ctx), input, out, onProgress);
}
