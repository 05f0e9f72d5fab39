import { randomUUID } from 'node:crypto';
import { Role } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import { tenants, uploads } from '../../../src/db/schema.ts';
import { PNG } from '../files.ts';
import type { Cases, MatrixContext } from './cases.ts';
import { del, get, put } from './cases.ts';

/** A verified upload in tenant A's logos folder, as the upload slot leaves it. */
async function logoUpload({ t, w }: MatrixContext): Promise<string> {
  const key = `logos/${w.a.id}/${randomUUID()}.png`;
  await t.ctx.storage.put(key, PNG, 'image/png');
  await t.db.insert(uploads).values({
    key,
    tenant_id: w.a.id,
    folder: 'logos',
    filename: 'logo.png',
    content_type: 'image/png',
    size: PNG.length,
    verified_at: new Date(),
  });
  return key;
}

/**
 * The tenant's logo (issue 42): everyone reads their own tenant's settings; Integrators change
 * the logo of theirs, the Super Admin any tenant's; another tenant answers 404.
 */
export const TENANT_LOGO_CASES: Cases = {
  'GET /api/tenant/settings': { role: Role.User, request: () => get('/api/tenant/settings') },
  'PUT /api/tenant/logo': {
    role: Role.Integrator,
    foreign: true,
    request: async (c) => put('/api/tenant/logo', { key: await logoUpload(c), tenant_id: c.w.a.id }),
  },
  'DELETE /api/tenant/logo': {
    role: Role.Integrator,
    foreign: true,
    request: async (c) => {
      const key = await logoUpload(c);
      await c.t.db.update(tenants).set({ logo_key: key }).where(eq(tenants.id, c.w.a.id));
      return del(`/api/tenant/logo?tenant_id=${c.w.a.id}`);
    },
  },
};
