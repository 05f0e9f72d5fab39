import type { Language } from '@asbuilt/domain';
import type { AppContext } from '../../../../platform/context.ts';
import type { PackDrawing } from './drawing.ts';

/** The site's rack elevations, front and rear, one drawing per rack. */
export async function siteRackSvgs(
  _ctx: AppContext,
  _input: { tenantId: number; siteId: number; language: Language; includeArchived: boolean },
): Promise<PackDrawing[]> {
  return [];
}
