import { createFloor } from '../sites.ts';
import { type Cases, del, get, post, unique } from './cases.ts';

/** The calls of a site and what is on it: the permission each needs on "Main". */
export const SITE_CASES: Cases = {
  'GET /api/site/sites': { site: 1, request: ({ w }) => get(`/api/site/sites?id=${w.sites.main.id}`) },
  'POST /api/site/floors': {
    site: 2,
    request: ({ w }) => post('/api/site/floors', { site_id: w.sites.main.id, name: unique('Floor') }),
  },
  'DELETE /api/site/floors': {
    site: 2,
    request: async ({ t, w }) =>
      del(`/api/site/floors?id=${(await createFloor(t, w.sites.main.id, unique('Gone'))).id}`),
  },
};
