import type { Writable } from 'node:stream';
import type { HandoverSection, HandoverStep, Language } from '@asbuilt/domain';
import type { AppContext } from '../../../platform/context.ts';

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
 */
export async function renderPackPdf(
  _ctx: AppContext,
  _input: PackInput,
  _out: Writable,
  _onProgress: PackProgress,
): Promise<{ pages: number }> {
  throw new Error('renderPackPdf: not built yet');
}
