import { handoverPacks } from '../../../src/db/schema.ts';
import type { TestApp } from '../app.ts';
import { type Cases, del, get, type MatrixContext, post } from './cases.ts';

/** A finished pack of "Main" (failed, so no file), fresh for each asker. */
async function newPack(t: TestApp, c: MatrixContext) {
  const [pack] = await t.db
    .insert(handoverPacks)
    .values({
      tenant_id: c.w.a.id,
      site_id: c.w.sites.main.id,
      status: 'failed',
      error_code: 'render_failed',
      format: 'pdf',
      language: 'en',
      options: { sections: ['devices'], floor_ids: null, include_archived: false },
    })
    .returning();
  return pack!;
}

/** The handover pack calls (issue 42): Readers list (and download), Contributors make and delete. */
export const HANDOVER_CASES: Cases = {
  'GET /api/site/handover': {
    site: 1,
    request: (c) => get(`/api/site/handover?site_id=${c.w.sites.main.id}`),
  },
  'POST /api/site/handover': {
    site: 2,
    request: (c) =>
      post('/api/site/handover', { site_id: c.w.sites.main.id, format: 'pdf', sections: ['summary'] }),
  },
  'DELETE /api/site/handover': {
    site: 2,
    request: async (c) => del(`/api/site/handover?id=${(await newPack(c.t, c)).id}`),
  },
};
