import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteContractors, sites } from '../../src/db/schema.ts';
import { startWorld, type TestApp } from '../support/app.ts';
import { createCompany, createSite } from '../support/factories.ts';
import { rowById } from '../support/rows.ts';
import { errorList, expectAccessMatrix, logsOf, type SiteWorld, siteWorld } from '../support/sites.ts';

/** The Config page's saves through PUT /api/site/sites: device statuses and contractors (Full Access). */

let t: TestApp;
let w: SiteWorld;

beforeAll(async () => ({ t, w } = await startWorld(siteWorld)));
afterAll(() => t?.close());

const siteRow = async (id: number) => (await rowById(t, sites, id))!;

const save = (body: Record<string, unknown>, token = w.tokens.full) =>
  t.call('PUT', '/api/site/sites', { token, body });

describe('device statuses', () => {
  it('are Full Access only: Contributors and Readers 403, other tenants 404 with the statuses unchanged', async () => {
    const before = (await siteRow(w.sites.main.id)).device_statuses;
    await expectAccessMatrix(w, 3, (token) =>
      save({ id: w.sites.main.id, device_statuses: before.map((s) => ({ ...s })) }, token),
    );
    const foreign = await save(
      { id: w.sites.main.id, device_statuses: [{ name: 'Hijacked', color: '#000000' }] },
      w.tokens.other,
    );
    expect(foreign.statusCode).toBe(404);
    expect((await siteRow(w.sites.main.id)).device_statuses).toEqual(before);
  });

  it('keep their ids and order; a new one gets the next id after the site’s and the list’s highest, never the id of a status removed in the same save', async () => {
    const site = await createSite(t, w.a.id, 'Numbered', {
      device_statuses: [
        { id: 1, name: 'Planned', color: '#9E9E9E' },
        { id: 2, name: 'Installed', color: '#1976D2' },
        { id: 5, name: 'Removed', color: '#795548' },
      ],
    });
    const response = await save(
      {
        id: site.id,
        device_statuses: [
          { id: 2, name: 'Installed', color: '#1976d2' },
          { id: 1, name: 'Planned', color: '#9E9E9E' },
          { name: 'Spare', color: '#2AAD74', added: true },
          { name: 'Loaned', color: '#abc' },
        ],
      },
      w.tokens.owner,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().site.device_statuses).toEqual([
      { id: 2, name: 'Installed', color: '#1976D2' },
      { id: 1, name: 'Planned', color: '#9E9E9E' },
      { id: 6, name: 'Spare', color: '#2AAD74' },
      { id: 7, name: 'Loaned', color: '#ABC' },
    ]);
    expect((await logsOf(t, 'Site', site.id)).map((l) => l.note)).toEqual(['Device statuses updated']);
    const same = await save(
      { id: site.id, device_statuses: response.json().site.device_statuses },
      w.tokens.owner,
    );
    expect(same.statusCode).toBe(200);
    expect(await logsOf(t, 'Site', site.id)).toHaveLength(1);
  });

  it('refuse empty or duplicate names (any case), duplicate ids and colours that are not hex, with a message each', async () => {
    const cases: [unknown, string[]][] = [
      [[{ name: '  ', color: '#111111' }], ['field_required']],
      [[{ color: '#111111' }], ['field_required']],
      [
        [
          { name: 'Planned', color: '#111111' },
          { name: ' planned ', color: '#222222' },
        ],
        ['status_listed_twice'],
      ],
      [
        [
          { id: 3, name: 'A', color: '#111111' },
          { id: 3, name: 'B', color: '#222222' },
        ],
        ['status_id_listed_twice'],
      ],
      [[{ name: 'A', color: '#12345' }], ['status_colour_invalid']],
      [[{ name: 'A', color: 'green' }], ['status_colour_invalid']],
      [[{ name: 'A', color: '#GGGGGG' }], ['status_colour_invalid']],
      [[{ name: 'A' }], ['status_colour_invalid']],
      [[{ id: 'x', name: 'A', color: '#111' }], ['field_not_number']],
      ['[oops', ['field_not_list']],
    ];
    const before = (await siteRow(w.sites.main.id)).device_statuses;
    for (const [device_statuses, codes] of cases) {
      const response = await save({ id: w.sites.main.id, device_statuses });
      expect(response.statusCode, JSON.stringify(device_statuses)).toBe(400);
      expect([response.json().code].flat(), JSON.stringify(device_statuses)).toEqual(codes);
    }
    expect((await siteRow(w.sites.main.id)).device_statuses).toEqual(before);
  });
});

describe('contractors', () => {
  it('are Full Access only: Contributors and Readers 403, other tenants 404 with the list unchanged', async () => {
    await expectAccessMatrix(w, 3, (token) =>
      save({ id: w.sites.main.id, contractors: [w.companies.contractor.id] }, token),
    );
    const foreign = await save({ id: w.sites.main.id, contractors: [] }, w.tokens.other);
    expect(foreign.statusCode).toBe(404);
    const rows = await t.db
      .select()
      .from(siteContractors)
      .where(eq(siteContractors.site_id, w.sites.main.id));
    expect(rows.map((r) => r.company_id)).toEqual([w.companies.contractor.id]);
  });

  it('take Contractor companies of the site’s tenant only, naming each other company refused', async () => {
    const libraryContractor = await createCompany(t, 1, { name: 'Library Contractor', contractor: true });
    const site = await createSite(t, w.a.id, 'Contracted');
    const refused = await save(
      {
        id: site.id,
        contractors: [
          w.companies.contractor.id,
          w.companies.theirContractor.id,
          w.companies.supplier.id,
          libraryContractor.id,
          999_999,
        ],
      },
      w.tokens.owner,
    );
    expect(refused.statusCode).toBe(400);
    expect(errorList(refused)).toEqual(
      [w.companies.theirContractor.id, w.companies.supplier.id, libraryContractor.id, 999_999].map(
        (id) => `Company ${id} is not a contractor company of this site's tenant`,
      ),
    );
    expect(
      await t.db.select().from(siteContractors).where(eq(siteContractors.site_id, site.id)),
    ).toHaveLength(0);

    const saved = await save(
      {
        id: site.id,
        contractors: JSON.stringify([
          w.companies.spareContractor.id,
          w.companies.contractor.id,
          w.companies.spareContractor.id,
        ]),
      },
      w.tokens.owner,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().site.contractors).toEqual([
      w.companies.spareContractor.id,
      w.companies.contractor.id,
    ]);
    const bad = await save({ id: site.id, contractors: ['abc'] }, w.tokens.owner);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('field_not_number');
  });
});
