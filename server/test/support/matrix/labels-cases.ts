import { connections } from '../../../src/db/schema.ts';
import { type Cases, post, unique } from './cases.ts';

/** The label calls (issue 42): a PDF to Readers and up, of "Main"'s device or of a fresh cable. */
export const LABEL_CASES: Cases = {
  'POST /api/site/devices/labels': {
    site: 1,
    request: (c) =>
      post('/api/site/devices/labels', { site_id: c.w.sites.main.id, ids: [c.w.device.id], format: 'L7651' }),
  },
  'POST /api/site/connections/labels': {
    site: 1,
    request: async (c) => {
      const [cable] = await c.t.db
        .insert(connections)
        .values({
          site_id: c.w.sites.main.id,
          code: unique('C-LBL').replace(' ', '-'),
          a_label: 'A',
          b_label: 'B',
        })
        .returning();
      return post('/api/site/connections/labels', {
        site_id: c.w.sites.main.id,
        ids: [cable!.id],
        format: '62mm',
      });
    },
  },
};
