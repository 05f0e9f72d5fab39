import type { ContactDto } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, users } from '../../src/db/schema.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createSite, createUser } from '../support/factories.ts';
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

  it('PUT, DELETE: Contributors and above; the export: Readers and above; unreachable ones answer 404 contact_not_found', async () => {
    const editable = await create({ fname: 'Matrix' });
    const puts = await expectAccessMatrix(w, 2, (token, user) =>
      t.call('PUT', '/api/site/contacts', {
        token,
        body: { id: editable.id, job_description: `By ${user}` },
      }),
    );
    expect((puts.other.json() as { code: string }).code).toBe('contact_not_found');
    expect((puts.reader.json() as { code: string }).code).toBe('site_access_too_low');
    await expectAccessMatrix(w, 2, async (token) => {
      const doomed = await create({ fname: 'Doomed' });
      return t.call('DELETE', `/api/site/contacts?id=${doomed.id}`, { token });
    });
    await expectAccessMatrix(w, 1, (token) =>
      t.call('GET', `/api/site/contacts/export?site_id=${w.sites.main.id}`, { token }),
    );
    const foreign = await t.call('POST', '/api/site/contacts', {
      token: w.tokens.contributor,
      body: { site_id: w.sites.foreign.id, fname: 'Elsewhere' },
    });
    expect(foreign.statusCode).toBe(404);
    expect((foreign.json() as { code: string }).code).toBe('site_not_found');
    const missing = await t.call('DELETE', '/api/site/contacts?id=999999', { token: w.tokens.full });
    expect(missing.statusCode).toBe(404);
  });

  it('switching between registered and unregistered: the user’s details are shown, the own ones kept only when unregistered', async () => {
    await t.db.update(users).set({ phone1: '+32 2 222 22 22' }).where(eq(users.id, w.users.contributor.id));
    const contact = await create({ fname: 'Free', lname: 'Field', phone1: '+32 1 111 11 11' });
    const toUser = await t.call('PUT', '/api/site/contacts', {
      token: w.tokens.contributor,
      body: { id: contact.id, user_id: w.users.contributor.id },
    });
    expect((toUser.json() as { contact: ContactDto }).contact).toMatchObject({
      registered: true,
      user_id: w.users.contributor.id,
      fname: 'Test',
      email: w.users.contributor.email,
      phone1: '+32 2 222 22 22',
    });
    const [row] = await t.db.select().from(contacts).where(eq(contacts.id, contact.id));
    expect(row).toMatchObject({ fname: null, lname: null, phone1: null });
    const nameless = await t.call('PUT', '/api/site/contacts', {
      token: w.tokens.contributor,
      body: { id: contact.id, user_id: null },
    });
    expect(nameless.statusCode).toBe(400);
    expect((nameless.json() as { code: string }).code).toBe('contact_name_required');
    const unregistered = await t.call('PUT', '/api/site/contacts', {
      token: w.tokens.contributor,
      body: { id: contact.id, user_id: '', lname: 'Again', company_id: w.companies.contractor.id },
    });
    expect((unregistered.json() as { contact: ContactDto }).contact).toMatchObject({
      registered: false,
      user: null,
      lname: 'Again',
      email: null,
      company_name: 'A Contractor',
    });
    const unreachable = await t.call('PUT', '/api/site/contacts', {
      token: w.tokens.contributor,
      body: { id: contact.id, user_id: w.users.other.id },
    });
    expect(unreachable.statusCode).toBe(400);
    expect((unreachable.json() as { code: string }).code).toBe('contact_user_unreachable');
    const bad = await t.call('PUT', '/api/site/contacts', {
      token: w.tokens.contributor,
      body: { id: contact.id, company_id: w.companies.theirSupplier.id },
    });
    expect(bad.statusCode).toBe(400);
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

  it('exports the site’s contacts as a vCard 3.0 file: one card each, escaped, UTF-8, CRLF, long lines folded', async () => {
    const site = await createSite(t, w.a.id, 'Gent, Zuid');
    const add = (body: Record<string, unknown>) =>
      t.call('POST', '/api/site/contacts', { token: w.tokens.owner, body: { site_id: site.id, ...body } });
    await add({
      fname: 'Eva',
      lname: 'De Smet',
      company_name: 'Smet, Zonen; & co',
      job_description: 'Line 1\nLine 2',
      phone1: '+32 9 123 45 67',
      phone2: '+32 470 12 34 56',
      email: 'eva@example.test',
    });
    await add({ fname: 'Zoë', lname: 'Wouters', job_description: `Verantwoordelijke ${'é'.repeat(60)}` });
    await add({ user_id: w.users.owner.id, company_id: w.companies.contractor.id });
    const response = await t.call('GET', `/api/site/contacts/export?site_id=${site.id}`, {
      token: w.tokens.owner,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/vcard; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('attachment;');
    expect(response.headers['content-disposition']).toContain(encodeURIComponent('Gent, Zuid contacts.vcf'));
    const text = response.rawPayload.toString('utf8');
    expect(text.match(/BEGIN:VCARD\r\nVERSION:3\.0\r\n/g)).toHaveLength(3);
    expect(text.match(/END:VCARD\r\n/g)).toHaveLength(3);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(text).toContain('N:De Smet;Eva;;;\r\nFN:Eva De Smet\r\nORG:Smet\\, Zonen\\; & co\r\n');
    expect(text).toContain('TITLE:Line 1\\nLine 2\r\n');
    expect(text).toContain('TEL;TYPE=WORK,VOICE:+32 9 123 45 67\r\nTEL;TYPE=CELL:+32 470 12 34 56\r\n');
    expect(text).toContain('EMAIL;TYPE=INTERNET:eva@example.test\r\n');
    expect(text).toContain('FN:Zoë Wouters\r\n');
    // The registered contact: its user's name and e-mail, its company by id.
    expect(text).toContain(`EMAIL;TYPE=INTERNET:${w.users.owner.email}\r\n`);
    expect(text).toContain('ORG:A Contractor\r\n');
    // Lines longer than 75 octets are folded (CRLF and a space), never inside a character.
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const unfolded = text.replace(/\r\n /g, '');
    expect(unfolded).toContain(`TITLE:Verantwoordelijke ${'é'.repeat(60)}\r\n`);
    expect(text).not.toContain('\uFFFD');
    const foreign = await t.call('GET', `/api/site/contacts/export?site_id=${w.sites.foreign.id}`, {
      token: w.tokens.reader,
    });
    expect(foreign.statusCode).toBe(404);
    const list = await t.call('GET', `/api/site/contacts?site_id=${site.id}`, { token: w.tokens.owner });
    // Sorted by the names shown: the registered contact by its user's last name ("User …").
    const names = (list.json() as { contacts: ContactDto[] }).contacts.map((c) => c.lname);
    expect(names).toEqual(['De Smet', w.users.owner.lname, 'Wouters']);
  });
});
