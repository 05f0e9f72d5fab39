import { count, inArray } from 'drizzle-orm';
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

async function packsMade({ t }: MatrixContext) {
  const until = Date.now() + 90_000;
  while (Date.now() < until) {
    const [making] = await t.db
      .select({ n: count() })
      .from(handoverPacks)
      .where(inArray(handoverPacks.status, ['queued', 'running']));
    if ((making?.n ?? 0) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the handover packs asked were not made in time');
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
    // The packs asked are made after the answer; their rows move until done, which the next
    // cases' "no row changed" count would take for their own doing.
    settle: packsMade,
  },
  'DELETE /api/site/handover': {
    site: 2,
    request: async (c) => del(`/api/site/handover?id=${(await newPack(c.t, c)).id}`),
  },
};
