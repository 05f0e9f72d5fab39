import { Role } from '@asbuilt/domain';
import { and, asc, eq } from 'drizzle-orm';
import { customFields } from '../../../src/db/schema.ts';
import type { Cases, MatrixContext } from './cases.ts';
import { del, get, post, put, unique } from './cases.ts';

/** A fresh field of tenant A, so that every asker changes or deletes one of their own. */
async function fieldOfA({ t, w }: MatrixContext, applies_to: 'devices' | 'locations' = 'devices') {
  const [row] = await t.db
    .insert(customFields)
    .values({ tenant_id: w.a.id, name: unique('Matrix field'), type: 'text', applies_to })
    .returning();
  return row!;
}

/**
 * Custom fields (issue 43): everyone reads their own tenant's definitions; Building Owners,
 * Integrators and users of the tenant holding Full Access on one of its sites manage them (the
 * role-1 Full Access user is checked in custom-fields.test.ts, as the role table has no such
 * row); another tenant's field answers 404.
 */
export const CUSTOM_FIELD_CASES: Cases = {
  'GET /api/tenant/custom_fields': { role: Role.User, request: () => get('/api/tenant/custom_fields') },
  'POST /api/tenant/custom_fields': {
    role: Role.BuildingOwner,
    foreign: true,
    request: (c) =>
      post('/api/tenant/custom_fields', {
        name: unique('New field'),
        type: 'text',
        applies_to: 'devices',
        tenant_id: c.w.a.id,
      }),
  },
  'PUT /api/tenant/custom_fields': {
    role: Role.BuildingOwner,
    foreign: true,
    request: async (c) =>
      put('/api/tenant/custom_fields', { id: (await fieldOfA(c)).id, name: unique('Renamed') }),
  },
  'PUT /api/tenant/custom_fields/order': {
    role: Role.BuildingOwner,
    foreign: true,
    request: async (c) => {
      await fieldOfA(c, 'locations');
      const rows = await c.t.db
        .select({ id: customFields.id })
        .from(customFields)
        .where(and(eq(customFields.tenant_id, c.w.a.id), eq(customFields.applies_to, 'locations')))
        .orderBy(asc(customFields.position), asc(customFields.id));
      return put('/api/tenant/custom_fields/order', { ids: rows.map((row) => row.id).reverse() });
    },
  },
  'DELETE /api/tenant/custom_fields': {
    role: Role.BuildingOwner,
    foreign: true,
    request: async (c) => del(`/api/tenant/custom_fields?id=${(await fieldOfA(c)).id}`),
  },
};
