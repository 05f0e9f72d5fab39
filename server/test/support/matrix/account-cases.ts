import { ADMIN_JOBS, Role } from '@asbuilt/domain';
import ExcelJS from 'exceljs';
import { createSession } from '../../../src/platform/sessions.ts';
import { MASTER_PASSWORD } from '../app.ts';
import {
  createCompany,
  createProcat,
  createProduct,
  createTenant,
  createUser,
  PASSWORD,
} from '../factories.ts';
import { type Cases, del, get, type MatrixContext, type MatrixRequest, post, put, unique } from './cases.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** An e-mail address no earlier request used. */
const freshEmail = () => `${unique('matrix').replace(' ', '.')}@example.test`;

/** A new user's card, as the user forms send it. */
const newUser = (extra: Record<string, unknown> = {}) => ({
  email: freshEmail(),
  password: 'secret-123',
  fname: 'Pat',
  lname: 'Matrix',
  role: Role.User,
  ...extra,
});

/** A fresh role-1 user of tenant A: the target of calls that change, delete or sign in as a user. */
const freshUser = ({ t, w }: MatrixContext) => createUser(t, { tenantId: w.a.id, role: Role.User });

/**
 * A request sent as a fresh role-1 user of tenant A rather than as the asker: its `authorization`
 * header replaces the asker's, so calls that end the caller's sessions (logout, change password)
 * never touch the world's shared tokens. The session is opened directly (not through the login
 * call) so the per-minute sign-in limit of the test address is not spent.
 */
async function asFreshUser(c: MatrixContext, request: MatrixRequest): Promise<MatrixRequest> {
  const user = await freshUser(c);
  const token = await createSession(c.t.db, user.id, 1);
  return { ...request, headers: { ...request.headers, authorization: `Bearer ${token}` } };
}

/** An .xlsx of these rows, sent as an import's body. */
async function spreadsheet(url: string, rows: (string | number)[][]): Promise<MatrixRequest> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('rows');
  for (const row of rows) sheet.addRow(row);
  return {
    method: 'POST',
    url,
    body: Buffer.from(await workbook.xlsx.writeBuffer()),
    headers: { 'content-type': XLSX },
  };
}

/** Tenant A's own catalogue rows, made afresh for the calls that change or delete one. */
const ownProduct = ({ t, w }: MatrixContext) =>
  createProduct(t, w.a.id, { name: unique('Matrix product'), brand_id: w.companies.brand.id });
const ownCompany = ({ t, w }: MatrixContext) =>
  createCompany(t, w.a.id, { name: unique('Matrix company'), supplier: true, company_type: 'Supplier' });
const ownProcat = ({ t, w }: MatrixContext) => createProcat(t, w.a.id, { main: unique('Matrix category') });

/**
 * The maintenance jobs (GET /api/admin/jobs/{job}): each runs through `runJob`, whose first line is
 * the Super Admin rule; each job is idempotent and only fills in what is missing.
 */
const JOB_CASES: Cases = Object.fromEntries(
  ADMIN_JOBS.map((job) => [
    `GET /api/admin/jobs/${job}`,
    { superAdmin: true, request: () => get(`/api/admin/jobs/${job}`) },
  ]),
);

/** The calls of one's account, of a tenant and of the Super Admin. */
export const ACCOUNT_CASES: Cases = {
  // --- One's own account -------------------------------------------------------------------
  'GET /api/global/me': {
    self: 'answers the signed-in user; it takes no id',
    request: () => get('/api/global/me'),
  },
  'PUT /api/global/me/language': {
    // Sent with the default language, so the world's users keep theirs.
    self: 'sets the language of the signed-in user; it takes no id',
    request: () => put('/api/global/me/language', { language: 'en' }),
  },
  'GET /api/global/me/ticket_mails': {
    self: "answers the signed-in user's own preference; it takes no id",
    request: () => get('/api/global/me/ticket_mails'),
  },
  'PUT /api/global/me/ticket_mails': {
    // Sent with the default (on), so nothing changes for the world's users.
    self: 'sets the signed-in user’s own preference; it takes no id',
    request: () => put('/api/global/me/ticket_mails', { ticket_mails: true }),
  },
  'POST /api/admin/users/logout': {
    // Sent as a fresh user (asFreshUser), so the world's sessions stay.
    self: 'ends the session it is sent with, nobody else’s; it takes no id',
    request: (c) => asFreshUser(c, post('/api/admin/users/logout')),
  },
  'POST /api/tenant/users/change_password': {
    // Sent as a fresh user (asFreshUser), whose sessions it ends. Another user's `id` answers 403
    // own_account_only (authorizeSelf; users-profile.test.ts "refuses to change another user's password").
    self: 'changes the password of the session’s own user, asking for the old one',
    request: (c) =>
      asFreshUser(
        c,
        post('/api/tenant/users/change_password', { oldPass: PASSWORD, newPass: 'matrix-new-1' }),
      ),
  },
  'POST /api/global/email/change': {
    // Sent as a fresh user (asFreshUser), whose password is known, so the world's users keep theirs.
    self: 'asks to move the signed-in user’s own sign-in address; it takes no id',
    request: (c) =>
      asFreshUser(c, post('/api/global/email/change', { email: freshEmail(), password: PASSWORD })),
  },
  'POST /api/admin/users/loginas': {
    superAdmin: true,
    request: async (c) =>
      post('/api/admin/users/loginas', { id: (await freshUser(c)).id, password: MASTER_PASSWORD }),
  },

  // --- People ----------------------------------------------------------------------------
  'GET /api/global/user_list': {
    optOut:
      'the sharing pick list answers role 2 and above, and role 1 with Full Access on a site of the own tenant (a rule by site, not by role): users-tenant.test.ts',
  },
  // The tenant user card (user:manage, role 2 and above) reaches the own tenant's users only: the
  // Library Admin's and the Super Admin's tenant is the library, so tenant A's user is not theirs
  // (scope.ts requireManaged; the Super Admin uses /api/admin/users).
  'GET /api/tenant/users': {
    role: Role.BuildingOwner,
    foreign: true,
    ownTenantOnly: true,
    request: ({ w }) => get(`/api/tenant/users?id=${w.users.reader.id}`),
  },
  'POST /api/tenant/users': {
    // Creates a user of the caller's own tenant (another tenant_id is ignored).
    role: Role.BuildingOwner,
    request: () => post('/api/tenant/users', newUser()),
  },
  'PUT /api/tenant/users': {
    // With another user's id: the user card (the profile form is one's own, GET/PUT /api/global/me).
    role: Role.BuildingOwner,
    foreign: true,
    ownTenantOnly: true,
    request: async (c) => put('/api/tenant/users', { id: (await freshUser(c)).id, fname: 'Renamed' }),
  },
  'DELETE /api/tenant/users': {
    role: Role.BuildingOwner,
    foreign: true,
    ownTenantOnly: true,
    request: async (c) => del(`/api/tenant/users?id=${(await freshUser(c)).id}`),
  },
  'POST /api/tenant/users/send_reset_link': {
    role: Role.BuildingOwner,
    foreign: true,
    ownTenantOnly: true,
    request: async (c) => post('/api/tenant/users/send_reset_link', { id: (await freshUser(c)).id }),
  },
  'POST /api/admin/users/send_reset_link': {
    superAdmin: true,
    request: async (c) => post('/api/admin/users/send_reset_link', { id: (await freshUser(c)).id }),
  },
  'GET /api/admin/users': {
    superAdmin: true,
    request: ({ w }) => get(`/api/admin/users?id=${w.users.reader.id}`),
  },
  'POST /api/admin/users': {
    superAdmin: true,
    request: ({ w }) => post('/api/admin/users', newUser({ tenant_id: w.a.id })),
  },
  'PUT /api/admin/users': {
    superAdmin: true,
    request: async (c) => put('/api/admin/users', { id: (await freshUser(c)).id, fname: 'Renamed' }),
  },
  'DELETE /api/admin/users': {
    superAdmin: true,
    request: async (c) => del(`/api/admin/users?id=${(await freshUser(c)).id}`),
  },

  // --- Activity logs ------------------------------------------------------------------------
  // tenant:manage; the tenant's entries only (the filter keeps to the caller's tenant).
  'GET /api/tenant/logs': { role: Role.BuildingOwner, request: () => get('/api/tenant/logs') },
  'POST /api/tenant/filter_logs': {
    role: Role.BuildingOwner,
    request: ({ w }) => post('/api/tenant/filter_logs', { sites: [w.sites.main.id], results: 10 }),
  },
  'GET /api/admin/logs': { superAdmin: true, request: () => get('/api/admin/logs') },
  'POST /api/admin/filter_logs': {
    superAdmin: true,
    request: ({ w }) => post('/api/admin/filter_logs', { sites: [w.sites.main.id], results: 10 }),
  },

  // --- Products ---------------------------------------------------------------------------
  // The tenant calls: tenant:manage, the library's and the own tenant's products; changing one
  // needs authorizeCatalogueItem (another tenant's answers 404; the Super Admin edits any).
  'GET /api/tenant/products': { role: Role.BuildingOwner, request: () => get('/api/tenant/products') },
  'POST /api/tenant/products': {
    // Created in the caller's own tenant (the library for the Library Admin and the Super Admin).
    role: Role.BuildingOwner,
    request: () => post('/api/tenant/products', { name: unique('Matrix product') }),
  },
  'PUT /api/tenant/products': {
    role: Role.BuildingOwner,
    foreign: true,
    request: async (c) =>
      put('/api/tenant/products', { id: (await ownProduct(c)).id, name: unique('Renamed') }),
  },
  'DELETE /api/tenant/products': {
    role: Role.BuildingOwner,
    foreign: true,
    request: async (c) => del(`/api/tenant/products?id=${(await ownProduct(c)).id}`),
  },
  'PUT /api/products': {
    // The inline edit: tenant:manage and the same item rule as the form.
    role: Role.BuildingOwner,
    foreign: true,
    request: async (c) => put('/api/products', { id: (await ownProduct(c)).id, name: unique('Inline') }),
  },
  // A product's datasheet: the same item rule as the form, decided before the upload is looked at.
  'PUT /api/products/datasheet': {
    role: Role.BuildingOwner,
    foreign: true,
    // The matrix has no verified upload to give: a permitted caller gets past the rule to the
    // key's check (400); products-datasheet.test.ts makes a real one.
    ok: [400],
    request: async (c) =>
      put('/api/products/datasheet', { id: (await ownProduct(c)).id, key: 'datasheets/0/none.pdf' }),
  },
  'DELETE /api/products/datasheet': {
    role: Role.BuildingOwner,
    foreign: true,
    request: async (c) => del(`/api/products/datasheet?id=${(await ownProduct(c)).id}`),
  },
  // The admin calls: catalogue:admin (Library Admin and Super Admin). A Library Admin keeps to the
  // library: tenant A's product answers 404 to them (admin-catalogue.test.ts "other tenants").
  'GET /api/admin/products': { role: Role.LibraryAdmin, request: () => get('/api/admin/products') },
  'POST /api/admin/products': {
    role: Role.LibraryAdmin,
    request: () => post('/api/admin/products', { name: unique('Matrix product') }),
  },
  'PUT /api/admin/products': {
    role: Role.LibraryAdmin,
    foreign: true,
    request: async (c) =>
      put('/api/admin/products', { id: (await ownProduct(c)).id, name: unique('Renamed') }),
  },
  'DELETE /api/admin/products': {
    role: Role.LibraryAdmin,
    foreign: true,
    request: async (c) => del(`/api/admin/products?id=${(await ownProduct(c)).id}`),
  },
  'GET /api/admin/products/export': {
    role: Role.LibraryAdmin,
    request: () => get('/api/admin/products/export'),
  },
  'POST /api/admin/products/import': {
    // A real import (not a dry run) creating a library product, so a refusal that wrote would show.
    role: Role.LibraryAdmin,
    request: ({ w }) =>
      spreadsheet('/api/admin/products/import', [
        ['Name', 'Model', 'Brand ID', 'Category ID'],
        [unique('Imported product'), unique('IMP'), w.companies.libraryBrand.id, w.procat.id],
      ]),
  },

  // --- Product categories -------------------------------------------------------------------
  // Every user's pick list: the library's and the own tenant's categories.
  'GET /api/global/procat_list': { role: Role.User, request: () => get('/api/global/procat_list') },
  'GET /api/admin/procats': { role: Role.LibraryAdmin, request: () => get('/api/admin/procats') },
  'POST /api/admin/procats': {
    role: Role.LibraryAdmin,
    request: () => post('/api/admin/procats', { main: unique('Matrix category') }),
  },
  'PUT /api/admin/procats': {
    role: Role.LibraryAdmin,
    foreign: true,
    request: async (c) => put('/api/admin/procats', { id: (await ownProcat(c)).id, main: unique('Renamed') }),
  },
  'DELETE /api/admin/procats': {
    role: Role.LibraryAdmin,
    foreign: true,
    request: async (c) => del(`/api/admin/procats?id=${(await ownProcat(c)).id}`),
  },

  // --- Companies ----------------------------------------------------------------------------
  // Every user's pick list: the own tenant's companies and the library's brands.
  'GET /api/global/company_list': { role: Role.User, request: () => get('/api/global/company_list') },
  'GET /api/tenant/companies': { role: Role.BuildingOwner, request: () => get('/api/tenant/companies') },
  'POST /api/tenant/companies': {
    role: Role.BuildingOwner,
    request: () => post('/api/tenant/companies', { name: unique('Matrix company'), code: unique('MC') }),
  },
  'PUT /api/tenant/companies': {
    role: Role.BuildingOwner,
    foreign: true,
    request: async (c) =>
      put('/api/tenant/companies', { id: (await ownCompany(c)).id, name: unique('Renamed') }),
  },
  'DELETE /api/tenant/companies': {
    role: Role.BuildingOwner,
    foreign: true,
    request: async ({ t, w }) =>
      del(`/api/tenant/companies?id=${(await createCompany(t, w.a.id, { name: unique('Gone') })).id}`),
  },
  'GET /api/admin/companies': { role: Role.LibraryAdmin, request: () => get('/api/admin/companies') },
  'POST /api/admin/companies': {
    role: Role.LibraryAdmin,
    request: () => post('/api/admin/companies', { name: unique('Matrix company'), code: unique('MC') }),
  },
  'PUT /api/admin/companies': {
    role: Role.LibraryAdmin,
    foreign: true,
    request: async (c) =>
      put('/api/admin/companies', { id: (await ownCompany(c)).id, name: unique('Renamed') }),
  },
  'DELETE /api/admin/companies': {
    role: Role.LibraryAdmin,
    foreign: true,
    request: async (c) => del(`/api/admin/companies?id=${(await ownCompany(c)).id}`),
  },
  'GET /api/admin/companies/export': {
    role: Role.LibraryAdmin,
    request: () => get('/api/admin/companies/export'),
  },
  'POST /api/admin/companies/import': {
    // A real import creating a company of the caller's tenant (the library for both admins).
    role: Role.LibraryAdmin,
    request: () =>
      spreadsheet('/api/admin/companies/import', [
        ['Name', 'Code', 'Type'],
        [unique('Imported company'), unique('IC'), 'Supplier'],
      ]),
  },

  // --- Administration (Super Admin) ------------------------------------------------------------
  'GET /api/admin/tenants': { superAdmin: true, request: () => get('/api/admin/tenants') },
  'POST /api/admin/tenants': {
    superAdmin: true,
    request: () => post('/api/admin/tenants', { name: unique('Matrix tenant') }),
  },
  'PUT /api/admin/tenants': {
    superAdmin: true,
    request: async ({ t }) =>
      put('/api/admin/tenants', {
        id: (await createTenant(t, unique('Matrix tenant'))).id,
        name: unique('Renamed'),
      }),
  },
  'GET /api/admin/dashboard': { superAdmin: true, request: () => get('/api/admin/dashboard') },
  'POST /api/admin/jobs/export_json': {
    superAdmin: true,
    request: () => post('/api/admin/jobs/export_json', { table: 'tenants' }),
  },
  ...JOB_CASES,
  'GET /api/admin/ai/status': { superAdmin: true, request: () => get('/api/admin/ai/status') },
  'POST /api/admin/ai/product': {
    superAdmin: true,
    // The matrix's app has no AI provider: past the Super Admin rule the answer is 409
    // ai_not_configured (admin-catalogue.test.ts); ai.test.ts drafts against a fake provider.
    ok: [409],
    request: () => post('/api/admin/ai/product', { brand: 'Axis', model: 'P3265' }),
  },
};
