import { type Cases, get } from './cases.ts';

/**
 * Global search (issue 43): every signed-in user may search; what each finds is limited to the
 * sites they reach, which `server/test/api/search.test.ts` checks user by user.
 */
export const SEARCH_CASES: Cases = {
  'GET /api/global/search': {
    self: 'searches what the caller may see; it names no object, so no one else’s can be asked for',
    request: () => get('/api/global/search?q=main'),
  },
};
