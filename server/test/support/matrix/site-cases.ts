import { Role } from '@asbuilt/domain';
import { createCompany } from '../factories.ts';
import { createFloor, createLayer, createLocation, createZone } from '../sites.ts';
import { type Cases, del, get, type MatrixContext, type MatrixRequest, post, put, unique } from './cases.ts';
import {
  attachmentUpload,
  mainAccess,
  mainAttachment,
  mainContact,
  mainDevice,
  mainInvitee,
  mainSecret,
  mainTicket,
  mainTimeEntry,
  newEmail,
  tenantUser,
  ticketAndFile,
} from './site-targets.ts';

/** The id of "Main", the site every case asks about. */
const main = ({ w }: MatrixContext) => w.sites.main.id;

/** A request naming "Main" as `site_id` in the query. */
const onMain =
  (path: string) =>
  (c: MatrixContext): MatrixRequest =>
    get(`${path}?site_id=${main(c)}`);

/** Why access management is refused to external users, whatever their level. */
const MANAGED_BY_OWNER_TENANT =
  "only the site's own tenant manages who may see it: an external user never grants, changes, revokes or invites";

/** The calls of a site and what is on it: the permission each needs on "Main". */
export const SITE_CASES: Cases = {
  // Sites: the index, creating (a tenant call), the site with its parts, and the caller's settings.
  'GET /api/site/index': {
    self: "lists the caller's own sites (their tenant's and those shared with them); it takes no id",
    request: () => get('/api/site/index'),
  },
  'POST /api/site/sites': {
    role: Role.Integrator,
    // A site is created in the caller's own tenant, for a customer of that tenant.
    request: async (c, tenant) => {
      const customer =
        tenant === 'A'
          ? c.w.companies.customer
          : tenant === 'B'
            ? c.w.companies.theirCustomer
            : await createCompany(c.t, 1, { name: unique('Library customer'), customer: true });
      return post('/api/site/sites', { name: unique('Site'), customer_id: customer.id });
    },
  },
  'PUT /api/site/sites': {
    site: 3,
    request: (c) => put('/api/site/sites', { id: main(c), city: unique('City') }),
  },
  'GET /api/site/sites': { site: 1, request: (c) => get(`/api/site/sites?id=${main(c)}`) },
  'GET /api/site/refresh_site': { site: 1, request: (c) => get(`/api/site/refresh_site?id=${main(c)}`) },
  // Every call answering activity entries needs the Logs page's level (Contributor).
  'GET /api/site/refresh_logs': { site: 2, request: (c) => get(`/api/site/refresh_logs?id=${main(c)}`) },
  'GET /api/site/refresh_companies': {
    site: 1,
    request: (c) => get(`/api/site/refresh_companies?id=${main(c)}`),
  },
  'GET /api/site/refresh_devices': {
    site: 1,
    request: (c) => get(`/api/site/refresh_devices?id=${main(c)}`),
  },
  'GET /api/site/refresh_products': {
    site: 1,
    request: (c) => get(`/api/site/refresh_products?id=${main(c)}`),
  },
  'GET /api/site/refresh_procats': {
    site: 1,
    request: (c) => get(`/api/site/refresh_procats?id=${main(c)}`),
  },
  'POST /api/site/permission': {
    self:
      "answers the caller's own permission and settings on the site; by design (settings.ts) a site " +
      'out of reach answers permission 0 and no settings, never 404, so the web can leave for /sites',
    request: (c) => post('/api/site/permission', { id: main(c) }),
  },
  'POST /api/site/filters': {
    site: 1,
    request: (c) => post('/api/site/filters', { site_id: main(c), filters: { show_archived: true } }),
  },
  'POST /api/site/headers': {
    site: 1,
    request: (c) => post('/api/site/headers', { site_id: main(c), headers: ['code', 'status'] }),
  },

  // Floors, locations, zones and layers: Contributors and above.
  'POST /api/site/floors': {
    site: 2,
    request: (c) => post('/api/site/floors', { site_id: main(c), name: unique('Floor') }),
  },
  'PUT /api/site/floors': {
    site: 2,
    request: async (c) =>
      put('/api/site/floors', {
        id: (await createFloor(c.t, main(c), unique('Floor'))).id,
        name: unique('Renamed'),
      }),
  },
  'DELETE /api/site/floors': {
    site: 2,
    request: async (c) => del(`/api/site/floors?id=${(await createFloor(c.t, main(c), unique('Gone'))).id}`),
  },
  'GET /api/site/floors/export': { site: 2, request: onMain('/api/site/floors/export') },
  'POST /api/site/locations': {
    site: 2,
    request: (c) => post('/api/site/locations', { floor_id: c.w.floors.ground.id, name: unique('Room') }),
  },
  'PUT /api/site/locations': {
    site: 2,
    request: async (c) =>
      put('/api/site/locations', {
        id: (await createLocation(c.t, c.w.floors.ground, unique('Room'))).id,
        name: unique('Renamed'),
      }),
  },
  'DELETE /api/site/locations': {
    site: 2,
    request: async (c) =>
      del(`/api/site/locations?id=${(await createLocation(c.t, c.w.floors.ground, unique('Gone'))).id}`),
  },
  'POST /api/site/zones': {
    site: 2,
    request: (c) => post('/api/site/zones', { site_id: main(c), name: unique('Zone') }),
  },
  'PUT /api/site/zones': {
    site: 2,
    request: async (c) =>
      put('/api/site/zones', {
        id: (await createZone(c.t, main(c), c.w.floors.ground.id, unique('Zone'))).id,
        name: unique('Renamed'),
      }),
  },
  'DELETE /api/site/zones': {
    site: 2,
    request: async (c) =>
      del(`/api/site/zones?id=${(await createZone(c.t, main(c), null, unique('Gone'))).id}`),
  },
  'POST /api/site/layers': {
    site: 2,
    request: (c) => post('/api/site/layers', { site_id: main(c), name: unique('Layer') }),
  },
  'PUT /api/site/layers': {
    site: 2,
    request: async (c) =>
      put('/api/site/layers', {
        id: (await createLayer(c.t, main(c), unique('Layer'))).id,
        name: unique('Renamed'),
      }),
  },
  'DELETE /api/site/layers': {
    site: 2,
    request: async (c) => del(`/api/site/layers?id=${(await createLayer(c.t, main(c), unique('Gone'))).id}`),
  },

  // The vault: Contributors and above list, create, change, delete and reveal.
  'GET /api/site/secrets': { site: 2, request: onMain('/api/site/secrets') },
  'POST /api/site/secrets': {
    site: 2,
    request: (c) => post('/api/site/secrets', { site_id: main(c), name: unique('Secret'), password: 'x' }),
  },
  'PUT /api/site/secrets': {
    site: 2,
    request: async (c) =>
      put('/api/site/secrets', { id: (await mainSecret(c)).id, comment: unique('Comment') }),
  },
  'DELETE /api/site/secrets': {
    site: 2,
    request: async (c) => del(`/api/site/secrets?id=${(await mainSecret(c)).id}`),
  },
  'POST /api/site/secrets/reveal': {
    site: 2,
    request: async (c) => post('/api/site/secrets/reveal', { id: (await mainSecret(c)).id }),
  },

  // Files: Readers list; Contributors upload, attach, rename and delete.
  'GET /api/global/attachments': { site: 1, request: onMain('/api/global/attachments') },
  'POST /api/global/attachments': {
    site: 2,
    request: async (c) =>
      post('/api/global/attachments', { site_id: main(c), url: await attachmentUpload(c) }),
  },
  'PUT /api/global/attachments': {
    site: 2,
    request: async (c) =>
      put('/api/global/attachments', { id: (await mainAttachment(c)).id, filename: unique('Renamed') }),
  },
  'DELETE /api/global/attachments': {
    site: 2,
    request: async (c) => del(`/api/global/attachments?id=${(await mainAttachment(c)).id}`),
  },
  'POST /api/global/uploads': {
    site: 2,
    request: (c) =>
      post('/api/global/uploads', {
        folder: 'attachments',
        site_id: main(c),
        filename: 'matrix.pdf',
        size: 100,
        content_type: 'application/pdf',
      }),
  },
  'POST /api/global/uploads/complete': {
    optOut:
      'completes only an upload slot the caller made (anyone else’s key answers 404 upload_not_found), ' +
      'and a request built without knowing the asker cannot name one of theirs; proven by uploads.test.ts ' +
      '"answers for an upload that arrived and refuses another user\'s key"',
  },

  // Sharing: accesses, invitations and the e-mail lookup need Full Access, held by a user of the
  // site's own tenant.
  'GET /api/site/site_accesses': {
    site: 3,
    internal: MANAGED_BY_OWNER_TENANT,
    request: onMain('/api/site/site_accesses'),
  },
  'POST /api/site/site_accesses': {
    site: 3,
    internal: MANAGED_BY_OWNER_TENANT,
    request: async (c) =>
      post('/api/site/site_accesses', { site_id: main(c), user_id: (await tenantUser(c)).id, user_role: 1 }),
  },
  'PUT /api/site/site_accesses': {
    site: 3,
    internal: MANAGED_BY_OWNER_TENANT,
    request: async (c) => put('/api/site/site_accesses', { id: (await mainAccess(c)).id, user_role: 2 }),
  },
  'DELETE /api/site/site_accesses': {
    site: 3,
    internal: MANAGED_BY_OWNER_TENANT,
    request: async (c) => del(`/api/site/site_accesses?id=${(await mainAccess(c)).id}`),
  },
  'POST /api/global/find_user': {
    site: 3,
    internal: MANAGED_BY_OWNER_TENANT,
    request: (c) => post('/api/global/find_user', { email: c.w.users.reader.email, site_id: main(c) }),
  },
  // For those who share: role 2 and above, or a role-1 user with Full Access on a site of their
  // own tenant (access-rules-lookup.test.ts); of the ids asked, only the users the caller may see.
  'POST /api/global/find_users': {
    role: Role.BuildingOwner,
    request: (c) => post('/api/global/find_users', { users: [c.w.users.reader.id] }),
  },
  'POST /api/tenant/users/invite_user': {
    site: 3,
    internal: MANAGED_BY_OWNER_TENANT,
    request: (c) => post('/api/tenant/users/invite_user', { email: newEmail(), site_id: main(c) }),
  },
  'POST /api/tenant/users/reinvite_user': {
    site: 3,
    internal: MANAGED_BY_OWNER_TENANT,
    request: async (c) =>
      post('/api/tenant/users/reinvite_user', { user_id: (await mainInvitee(c)).id, site_id: main(c) }),
  },

  // The site's activity log (the Logs page) is for Contributors and above.
  'GET /api/site/logs': { site: 2, request: onMain('/api/site/logs') },

  // Contacts: Readers list and export; Contributors change.
  'GET /api/site/contacts': { site: 1, request: onMain('/api/site/contacts') },
  'GET /api/site/contacts/export': { site: 1, request: onMain('/api/site/contacts/export') },
  'POST /api/site/contacts': {
    site: 2,
    request: (c) => post('/api/site/contacts', { site_id: main(c), fname: unique('Contact') }),
  },
  'PUT /api/site/contacts': {
    site: 2,
    request: async (c) =>
      put('/api/site/contacts', { id: (await mainContact(c)).id, job_description: unique('Job') }),
  },
  'DELETE /api/site/contacts': {
    site: 2,
    request: async (c) => del(`/api/site/contacts?id=${(await mainContact(c)).id}`),
  },

  // Devices: Readers view a device and its activity; Contributors change; Full Access imports.
  'GET /api/site/devices': { site: 1, request: (c) => get(`/api/site/devices?id=${c.w.device.id}`) },
  'POST /api/global/public/device/target': {
    site: 1,
    request: (c) =>
      post('/api/global/public/device/target', {
        hash: c.t.ctx.deviceLinks.hash(c.w.sites.main.id, c.w.device.id),
      }),
  },
  'POST /api/site/devices/logs': {
    site: 2,
    request: (c) => post('/api/site/devices/logs', { id: c.w.device.id }),
  },
  'GET /api/site/devices/new': { site: 2, request: onMain('/api/site/devices/new') },
  'POST /api/site/devices': {
    site: 2,
    request: (c) =>
      post('/api/site/devices', {
        site_id: main(c),
        product_id: c.w.products.own.id,
        code: unique('NEW').replace(' ', '-'),
      }),
  },
  'POST /api/site/devices/many': {
    site: 2,
    request: (c) =>
      post('/api/site/devices/many', {
        site_id: main(c),
        product_id: c.w.products.own.id,
        quantity: 2,
        code_pattern: `${unique('MANY').replace(' ', '-')}-{01}`,
      }),
  },
  'PUT /api/site/devices': {
    site: 2,
    request: async (c) => put('/api/site/devices', { id: (await mainDevice(c)).id, note: unique('Note') }),
  },
  'PUT /api/site/devices/bulk': {
    site: 2,
    request: async (c) =>
      put('/api/site/devices/bulk', { ids: [(await mainDevice(c)).id], changes: { note: unique('Note') } }),
  },
  'POST /api/site/devices/change_product': {
    site: 2,
    request: async (c) =>
      post('/api/site/devices/change_product', {
        id: (await mainDevice(c)).id,
        product_id: c.w.products.own.id,
      }),
  },
  'POST /api/site/devices/update_status': {
    site: 2,
    request: async (c) =>
      post('/api/site/devices/update_status', { id: (await mainDevice(c)).id, status: 'Installed' }),
  },
  'POST /api/site/devices/archive': {
    site: 2,
    request: async (c) => post('/api/site/devices/archive', { id: (await mainDevice(c)).id, archived: true }),
  },
  'POST /api/site/devices/export': {
    site: 2,
    request: (c) => post('/api/site/devices/export', { site_id: main(c) }),
  },
  'POST /api/site/devices/import': {
    site: 3,
    // A real import (no dry run), so that a refused one would show in the rows.
    request: (c) =>
      post('/api/site/devices/import', {
        site_id: main(c),
        rows: [
          {
            row: 2,
            values: { product_id: String(c.w.products.own.id), code: unique('IMP').replace(' ', '-') },
          },
        ],
      }),
  },
  'POST /api/site/devices/import/sheet': {
    site: 3,
    request: (c) => ({
      method: 'POST',
      url: `/api/site/devices/import/sheet?site_id=${main(c)}`,
      body: 'Code;Note\r\nB-1;First\r\n',
      headers: { 'content-type': 'text/csv' },
    }),
  },

  // Support tickets (TICKET_RULES in platform/policy.ts): Readers read, open tickets and write
  // messages; Contributors change a ticket, its status, its time and its files.
  'GET /api/support/tenant': {
    site: 1,
    request: (c) => get(`/api/support/tenant?tenant_id=${c.w.a.id}&site_id=${main(c)}`),
  },
  'GET /api/support/assignees': { site: 1, request: onMain('/api/support/assignees') },
  'GET /api/support/tickets': {
    site: 1,
    request: async (c) => get(`/api/support/tickets?id=${(await mainTicket(c)).id}`),
  },
  'POST /api/support/tickets': {
    site: 1,
    request: (c) => post('/api/support/tickets', { site_id: main(c), subject: unique('Ticket') }),
  },
  'PUT /api/support/tickets': {
    site: 2,
    request: async (c) =>
      put('/api/support/tickets', { id: (await mainTicket(c)).id, subject: unique('Renamed') }),
  },
  'PUT /api/support/tickets/status': {
    site: 2,
    request: async (c) =>
      put('/api/support/tickets/status', { id: (await mainTicket(c)).id, ticket_status: 'closed' }),
  },
  'POST /api/global/messages': {
    site: 1,
    request: async (c) =>
      post('/api/global/messages', { messageable_id: (await mainTicket(c)).id, body: unique('Message') }),
  },
  'POST /api/support/time_entries': {
    site: 2,
    request: async (c) =>
      post('/api/support/time_entries', { ticket_id: (await mainTicket(c)).id, minutes: 15 }),
  },
  'DELETE /api/support/time_entries': {
    site: 2,
    request: async (c) => del(`/api/support/time_entries?id=${(await mainTimeEntry(c)).id}`),
  },
  'POST /api/support/tickets/attachments': {
    site: 2,
    request: async (c) => post('/api/support/tickets/attachments', await ticketAndFile(c, false)),
  },
  'DELETE /api/support/tickets/attachments': {
    site: 2,
    request: async (c) => {
      const { ticket_id, attachment_id } = await ticketAndFile(c, true);
      return del(`/api/support/tickets/attachments?ticket_id=${ticket_id}&attachment_id=${attachment_id}`);
    },
  },
};
