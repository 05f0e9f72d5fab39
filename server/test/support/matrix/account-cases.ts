import { Role } from '@asbuilt/domain';
import { createCompany } from '../factories.ts';
import { type Cases, del, get, unique } from './cases.ts';

/** The calls of one's account, of a tenant and of the Super Admin. */
export const ACCOUNT_CASES: Cases = {
  'GET /api/global/me': {
    self: 'answers the signed-in user; it takes no id',
    request: () => get('/api/global/me'),
  },
  'GET /api/admin/tenants': { superAdmin: true, request: () => get('/api/admin/tenants') },
  'DELETE /api/tenant/companies': {
    role: Role.BuildingOwner,
    foreign: true,
    request: async ({ t, w }) =>
      del(`/api/tenant/companies?id=${(await createCompany(t, w.a.id, { name: unique('Gone') })).id}`),
  },
};
