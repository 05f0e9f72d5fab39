import { addInterval, isoDate } from '@asbuilt/domain';
import { createDevice } from '../factories.ts';
import { type Cases, del, get, post, put } from './cases.ts';

const inDays = (n: number) => addInterval(isoDate(), n, 'days');

/**
 * What is due (issue 44): the Due lists and snoozes need the site (Reader up); the reminder
 * settings and the calendar feed act on the caller's own account. The feed and the unsubscribe
 * link are public (PUBLIC_CALLS): their signed token, not a session, grants them.
 */
export const DUE_CASES: Cases = {
  'GET /api/site/due': {
    site: 1,
    request: (c) => get(`/api/site/due?site_id=${c.w.sites.main.id}&days=90`),
  },
  'GET /api/site/due/summary': {
    site: 1,
    request: (c) => get(`/api/site/due/summary?site_id=${c.w.sites.main.id}`),
  },
  'GET /api/tenant/due': {
    self: 'lists the sites the caller opens; it names no site, so no one else’s can be asked for',
    request: () => get('/api/tenant/due?days=60'),
  },
  'POST /api/site/due/snooze': {
    site: 1,
    request: async (c) => {
      const device = await createDevice(c.t, {
        siteId: c.w.sites.main.id,
        productId: c.w.products.own.id,
        warranty_expiration_date: inDays(5),
      });
      return post('/api/site/due/snooze', {
        site_id: c.w.sites.main.id,
        kind: 'warranty',
        id: device.id,
        until: inDays(3),
      });
    },
  },
  'GET /api/global/me/reminders': {
    self: 'the caller’s own reminder settings; no user id is taken',
    request: () => get('/api/global/me/reminders'),
  },
  'PUT /api/global/me/reminders': {
    self: 'the caller’s own reminder settings; no user id is taken',
    request: () => put('/api/global/me/reminders', { frequency: 'daily', days: 14 }),
  },
  'POST /api/global/me/calendar': {
    self: 'a new feed URL for the caller alone; no user id is taken',
    request: () => post('/api/global/me/calendar'),
  },
  'DELETE /api/global/me/calendar': {
    self: 'ends the caller’s own feed; no user id is taken',
    request: () => del('/api/global/me/calendar'),
  },
};
