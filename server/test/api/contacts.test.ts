import type { ContactDto } from '@asbuilt/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createUser } from '../support/factories.ts';
import { errorList, expectAccessMatrix, logsOf, type SiteWorld, siteWorld } from '../support/sites.ts';

let t: TestApp;
let w: SiteWorld;

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
});
afterAll(() => t?.close());

async function create(body: Record<string, unknown>, token = w.tokens.contributor) {
  const response = await t.call('POST', '/api/site/contacts', {
    token,
    body: { site_id: w.sites.main.id, ...body },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { contact: ContactDto }).contact;
}

describe('contacts', () => {
  it('POST is for Contributors and above; GET for Readers and above', async () => {
    await expectAccessMatrix(w, 2, (token, user) =>
      t.call('POST', '/api/site/contacts', {
        token,
        body: { site_id: w.sites.main.id, fname: `Contact of ${user}` },
      }),
    );
    await expectAccessMatrix(w, 1, (token) =>
      t.call('GET', `/api/site/contacts?site_id=${w.sites.main.id}`, { token }),
    );
  });

  it('a registered contact shows its user’s details; an unregistered one its own, with a company by id or by name', async () => {
    const registered = await create({
      user_id: w.users.reader.id,
      job_description: 'Facility manager',
      fname: 'Ignored',
    });
    expect(registered).toMatchObject({
      registered: true,
      fname: 'Test',
      email: w.users.reader.email,
      job_description: 'Facility manager',
    });
    const byId = await create({
      fname: 'Ann',
      lname: 'Peeters',
      phone1: '+32 9 123 45 67',
      company_id: w.companies.contractor.id,
    });
    expect(byId).toMatchObject({
      registered: false,
      company_name: 'A Contractor',
      phone1: '+32 9 123 45 67',
    });
    const byName = await create({
      lname: 'Janssens',
      email: 'j@example.test',
      company_name: 'Elektro Janssens BV',
    });
    expect(byName).toMatchObject({ company_id: null, company_name: 'Elektro Janssens BV' });
    const [entry] = await logsOf(t, 'Contact', byName.id);
    expect(entry).toMatchObject({ note: 'Contact Created', site_id: w.sites.main.id });
  });

  it('refuses a user the site doesn’t know, a company of another tenant, no name, and a bad e-mail', async () => {
    const stranger = await createUser(t, { tenantId: w.b.id });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ user_id: stranger.id }, 'contact_user_unreachable'],
      [{ fname: 'X', company_id: w.companies.theirCustomer.id }, 'company_not_found'],
      [{ job_description: 'Nobody' }, 'contact_name_required'],
      [{ fname: 'X', email: 'not-an-email' }, 'email_invalid'],
    ];
    for (const [body, code] of cases) {
      const response = await t.call('POST', '/api/site/contacts', {
        token: w.tokens.contributor,
        body: { site_id: w.sites.main.id, ...body },
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify((response.json() as { code: unknown }).code)).toContain(code);
    }
    // An external user holding an access on the site may be a registered contact.
    const external = await create({ user_id: w.users.external.id });
    expect(external.registered).toBe(true);
  });

  it('PUT and DELETE: Contributors and above; another tenant’s contact answers 404', async () => {
    const contact = await create({ fname: 'Editable' });
    const reader = await t.call('PUT', '/api/site/contacts', {
      token: w.tokens.reader,
      body: { id: contact.id, fname: 'X' },
    });
    expect(reader.statusCode).toBe(403);
    const other = await t.call('PUT', '/api/site/contacts', {
      token: w.tokens.other,
      body: { id: contact.id, fname: 'X' },
    });
    expect(other.statusCode).toBe(404);
    expect(errorList(other)).toEqual(['Contact not found']);
    const updated = await t.call('PUT', '/api/site/contacts', {
      token: w.tokens.full,
      body: { id: contact.id, fname: 'Edited', job_description: 'Electrician' },
    });
    expect((updated.json() as { contact: ContactDto }).contact).toMatchObject({
      fname: 'Edited',
      job_description: 'Electrician',
    });
    const logs = await logsOf(t, 'Contact', contact.id);
    expect(logs.at(-1)!.changes).toMatchObject({ fname: { from: 'Editable', to: 'Edited' } });
    const removed = await t.call('DELETE', `/api/site/contacts?id=${contact.id}`, {
      token: w.tokens.contributor,
    });
    expect(removed.json()).toEqual({ id: contact.id });
  });

  it('exports the site’s contacts as a vCard file, escaped', async () => {
    await create({
      fname: 'Eva',
      lname: 'De Smet',
      company_name: 'Smet, Zonen; & co',
      job_description: 'Line 1\nLine 2',
    });
    const response = await t.call('GET', `/api/site/contacts/export?site_id=${w.sites.main.id}`, {
      token: w.tokens.reader,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/vcard');
    expect(response.headers['content-disposition']).toContain('Main contacts.vcf');
    expect(response.body).toContain('BEGIN:VCARD\r\nVERSION:3.0\r\nN:De Smet;Eva;;;\r\nFN:Eva De Smet\r\n');
    expect(response.body).toContain('ORG:Smet\\, Zonen\\; & co\r\n');
    expect(response.body).toContain('TITLE:Line 1\\nLine 2\r\n');
    const foreign = await t.call('GET', `/api/site/contacts/export?site_id=${w.sites.foreign.id}`, {
      token: w.tokens.reader,
    });
    expect(foreign.statusCode).toBe(404);
  });
});
