import { Role } from '@asbuilt/domain';
import { tags } from '../../../src/db/schema.ts';
import type { Cases, MatrixContext } from './cases.ts';
import { del, get, put, unique } from './cases.ts';

/** A fresh tag of tenant A, so that a rename or a delete never meets the last request's result. */
async function tagOfA({ t, w }: MatrixContext): Promise<number> {
  const [row] = await t.db
    .insert(tags)
    .values({ tenant_id: w.a.id, name: unique('Matrix tag'), color: '#1976d2' })
    .returning();
  return row!.id;
}

/**
 * Tenant-wide tags (issue 43): anyone reaching a site reads its tenant's tags; Integrators of the
 * tag's tenant rename, recolour and delete them, the Super Admin any tenant's; another tenant's
 * answers 404.
 */
export const TAG_CASES: Cases = {
  'GET /api/tenant/tags': { site: 1, request: (c) => get(`/api/tenant/tags?site_id=${c.w.sites.main.id}`) },
  'POST /api/tenant/tags': {
    optOut:
      "Contributor and above on a site of the caller's own tenant: an external Contributor is refused where the site shape expects a pass; server/test/api/tags.test.ts asks every kind of user",
  },
  'PUT /api/tenant/tags': {
    role: Role.Integrator,
    foreign: true,
    request: async (c) => put('/api/tenant/tags', { id: await tagOfA(c), name: unique('Renamed tag') }),
  },
  'DELETE /api/tenant/tags': {
    role: Role.Integrator,
    foreign: true,
    request: async (c) => del(`/api/tenant/tags?id=${await tagOfA(c)}`),
  },
};
