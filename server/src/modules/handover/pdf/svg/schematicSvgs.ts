import type { Language } from '@asbuilt/domain';
import type { AppContext } from '../../../../platform/context.ts';
import type { PackDrawing } from './drawing.ts';

/** The site's signal-flow schematics as the schematic page draws them, one drawing per sheet. */
export async function siteSchematicSvgs(
  _ctx: AppContext,
  _input: { tenantId: number; siteId: number; language: Language; includeArchived: boolean },
): Promise<PackDrawing[]> {
  return [];
}
