import { DEFAULT_DEVICE_HEADERS, type PermissionResponse } from '@asbuilt/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteAccesses, sitePreferences } from '../../src/db/schema.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createUser, grantAccess, signIn } from '../support/factories.ts';
import { errorList, form, MAIN_LEVELS, type SiteWorld, siteWorld } from '../support/sites.ts';

let t: TestApp;
let w: SiteWorld;

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
});
afterAll(() => t?.close());

const permission = async (token: string, id: number | string = w.sites.main.id) =>
  t.call('POST', '/api/site/permission', { token, body: { id } });

async function accessRow(id: number) {
  const [row] = await t.db.select().from(siteAccesses).where(eq(siteAccesses.id, id));
  return row!;
}

describe('POST /api/site/permission', () => {
  it('answers each user’s permission, with the access record’s id or null when there is no record, and the default columns when none are saved', async () => {
    const recordOf: Partial<Record<keyof typeof MAIN_LEVELS, number>> = {
      full: w.accesses.full.id,
      contributor: w.accesses.contributor.id,
      reader: w.accesses.reader.id,
      external: w.accesses.external.id,
    };
    for (const [user, level] of Object.entries(MAIN_LEVELS) as [keyof typeof MAIN_LEVELS, number][]) {
      const response = await permission(w.tokens[user]);
      expect(response.statusCode, user).toBe(200);
      const body = response.json() as PermissionResponse;
      expect(body.permission, user).toBe(level);
      if (level === 0) {
        expect(body.access, user).toBeNull();
      } else {
        expect(body.access, user).toEqual({
          id: recordOf[user] ?? null,
          site_id: w.sites.main.id,
          device_headers: DEFAULT_DEVICE_HEADERS,
          device_filters: {},
        });
      }
    }
  });

  it('answers permission 0 (never 404) for a site that does not exist, 400 for a bad id, 401 without a session', async () => {
    const missing = await permission(w.tokens.superAdmin, 999_999);
    expect(missing.statusCode).toBe(200);
    expect(missing.json()).toEqual({ permission: 0, access: null });
    expect((await permission(w.tokens.owner, 'abc')).statusCode).toBe(400);
    expect((await t.call('POST', '/api/site/permission', { body: { id: w.sites.main.id } })).statusCode).toBe(
      401,
    );
  });

  it('records last_visit on the access record of a user who may enter; not for an expired record', async () => {
    await t.db
      .update(siteAccesses)
      .set({ last_visit: null })
      .where(eq(siteAccesses.id, w.accesses.reader.id));
    const response = await t.call('POST', '/api/site/permission', {
      token: w.tokens.reader,
      ...form({ id: String(w.sites.main.id) }),
    });
    expect(response.json().permission).toBe(1);
    const visited = (await accessRow(w.accesses.reader.id)).last_visit;
    expect(visited).toBeInstanceOf(Date);
    expect(Date.now() - visited!.getTime()).toBeLessThan(60_000);

    const lapsed = await createUser(t, { tenantId: w.a.id });
    const record = await grantAccess(t, {
      siteId: w.sites.main.id,
      userId: lapsed.id,
      role: 3,
      validity: '2020-01-01',
    });
    const answer = await permission(await signIn(t, lapsed.email));
    expect(answer.json()).toEqual({ permission: 0, access: null });
    expect((await accessRow(record.id)).last_visit).toBeNull();
  });
});

describe('POST /api/site/filters', () => {
  const filters = {
    locations: [1, 2],
    statuses: ['Planned', ''],
    procats: [3],
    show_archived: true,
  };

  it('saves the filters of the caller’s access record (by id, JSON text) and the permission call gives them back', async () => {
    const response = await t.call('POST', '/api/site/filters', {
      token: w.tokens.reader,
      ...form({ id: String(w.accesses.reader.id), filters: JSON.stringify(filters) }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().access).toEqual({
      id: w.accesses.reader.id,
      site_id: w.sites.main.id,
      device_headers: DEFAULT_DEVICE_HEADERS,
      device_filters: filters,
    });
    expect((await accessRow(w.accesses.reader.id)).device_filters).toEqual(filters);
    expect((await permission(w.tokens.reader)).json().access.device_filters).toEqual(filters);
  });

  it('saves by site_id too: on the record when there is one, else per user and site without creating a record', async () => {
    const external = await t.call('POST', '/api/site/filters', {
      token: w.tokens.external,
      body: { site_id: w.sites.main.id, filters: { layers: [1] } },
    });
    expect(external.json().access).toMatchObject({
      id: w.accesses.external.id,
      device_filters: { layers: [1] },
    });

    for (const user of ['owner', 'superAdmin'] as const) {
      const saved = await t.call('POST', '/api/site/filters', {
        token: w.tokens[user],
        body: { site_id: w.sites.main.id, filters: { show_archived: user === 'owner' } },
      });
      expect(saved.statusCode, user).toBe(200);
      expect(saved.json().access).toEqual({
        id: null,
        site_id: w.sites.main.id,
        device_headers: DEFAULT_DEVICE_HEADERS,
        device_filters: { show_archived: user === 'owner' },
      });
      const again = (await permission(w.tokens[user])).json() as PermissionResponse;
      expect(again).toEqual({ permission: 3, access: saved.json().access });
      const records = await t.db
        .select()
        .from(siteAccesses)
        .where(and(eq(siteAccesses.site_id, w.sites.main.id), eq(siteAccesses.user_id, w.users[user].id)));
      expect(records, user).toHaveLength(0);
    }
    // A second save replaces the first; another site keeps its own.
    await t.call('POST', '/api/site/filters', {
      token: w.tokens.owner,
      body: { site_id: w.sites.main.id, filters: { statuses: ['Faulty'] } },
    });
    expect((await permission(w.tokens.owner)).json().access.device_filters).toEqual({ statuses: ['Faulty'] });
    expect((await permission(w.tokens.owner, w.sites.second.id)).json().access.device_filters).toEqual({});
    const rows = await t.db
      .select()
      .from(sitePreferences)
      .where(eq(sitePreferences.user_id, w.users.owner.id));
    expect(rows).toHaveLength(1);
  });

  it('only lets users write their own settings on sites they can reach', async () => {
    const cases: [string, Record<string, unknown>, number, string][] = [
      ['contributor', { id: w.accesses.reader.id }, 404, 'Site access not found'],
      ['owner', { id: w.accesses.reader.id }, 404, 'Site access not found'],
      ['reader', { id: 999_999 }, 404, 'Site access not found'],
      ['other', { site_id: w.sites.main.id }, 404, 'Site not found'],
      ['noAccess', { site_id: w.sites.main.id }, 404, 'Site not found'],
      [
        'reader',
        { id: w.accesses.reader.id, site_id: w.sites.second.id },
        400,
        'This site access is for another site',
      ],
    ];
    for (const [user, target, status, message] of cases) {
      const response = await t.call('POST', '/api/site/filters', {
        token: w.tokens[user as keyof typeof w.tokens],
        body: { ...target, filters: { layers: [99] } },
      });
      expect(response.statusCode, `${user} ${JSON.stringify(target)}`).toBe(status);
      expect(errorList(response)).toEqual([message]);
    }
    const lapsed = await createUser(t, { tenantId: w.a.id });
    const record = await grantAccess(t, {
      siteId: w.sites.main.id,
      userId: lapsed.id,
      role: 2,
      active: false,
    });
    const refused = await t.call('POST', '/api/site/filters', {
      token: await signIn(t, lapsed.email),
      body: { id: record.id, filters: {} },
    });
    expect(refused.statusCode).toBe(404);
    expect((await accessRow(w.accesses.reader.id)).device_filters).not.toEqual({ layers: [99] });
  });

  it('validates the filter shape, with one message per problem', async () => {
    const cases: [unknown, string[]][] = [
      ['{not json', ['Filters must be a JSON object']],
      ['[1,2]', ['Filters must be a JSON object']],
      [{ colour: 'red' }, ['Unknown filter: colour']],
      [{ locations: 'all' }, ['Filter locations must be a list of ids']],
      [{ statuses: [1] }, ['Filter statuses must be a list of names']],
      [{ suppliers: [1.5] }, ['Filter suppliers must be a list of ids']],
      [{ show_archived: 'yes' }, ['Filter show_archived must be true or false']],
    ];
    for (const [filters, messages] of cases) {
      const response = await t.call('POST', '/api/site/filters', {
        token: w.tokens.reader,
        body: { id: w.accesses.reader.id, filters },
      });
      expect(response.statusCode, JSON.stringify(filters)).toBe(400);
      expect(errorList(response)).toEqual(messages);
    }
    const neither = await t.call('POST', '/api/site/filters', {
      token: w.tokens.reader,
      body: { filters: {} },
    });
    expect(errorList(neither)).toEqual(['Send the site access id (id) or the site (site_id)']);
  });
});

describe('POST /api/site/headers', () => {
  it('saves the visible columns (list or JSON text) in order without duplicates; [] brings back the defaults', async () => {
    const response = await t.call('POST', '/api/site/headers', {
      token: w.tokens.contributor,
      ...form({
        id: String(w.accesses.contributor.id),
        headers: JSON.stringify(['code', 'status', 'code', 'ip']),
      }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().access.device_headers).toEqual(['code', 'status', 'ip']);
    expect((await permission(w.tokens.contributor)).json().access.device_headers).toEqual([
      'code',
      'status',
      'ip',
    ]);

    const owner = await t.call('POST', '/api/site/headers', {
      token: w.tokens.owner,
      body: { site_id: w.sites.main.id, headers: ['image', 'sn'] },
    });
    expect(owner.json().access).toMatchObject({ id: null, device_headers: ['image', 'sn'] });

    const reset = await t.call('POST', '/api/site/headers', {
      token: w.tokens.contributor,
      body: { id: w.accesses.contributor.id, headers: [] },
    });
    expect(reset.json().access.device_headers).toEqual(DEFAULT_DEVICE_HEADERS);
    expect((await accessRow(w.accesses.contributor.id)).device_headers).toEqual([]);
    expect((await permission(w.tokens.contributor)).json().access.device_headers).toEqual(
      DEFAULT_DEVICE_HEADERS,
    );
  });

  it('takes column labels in any case (English, French or Dutch) and stores their keys', async () => {
    const response = await t.call('POST', '/api/site/headers', {
      token: w.tokens.contributor,
      body: {
        id: w.accesses.contributor.id,
        headers: [
          'Image',
          'image',
          'Serial Number',
          ' mac address ',
          'IP',
          'Numéro de série',
          'Verdieping',
          'ZONE',
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().access.device_headers).toEqual(['image', 'sn', 'mac', 'ip', 'floor', 'zone']);
    expect((await accessRow(w.accesses.contributor.id)).device_headers).toEqual([
      'image',
      'sn',
      'mac',
      'ip',
      'floor',
      'zone',
    ]);
    const asText = await t.call('POST', '/api/site/headers', {
      token: w.tokens.contributor,
      ...form({ id: String(w.accesses.contributor.id), headers: JSON.stringify(['Code', 'Status']) }),
    });
    expect(asText.json().access.device_headers).toEqual(['code', 'status']);
  });

  it('reads labels saved by an older client as their keys', async () => {
    await t.db
      .update(siteAccesses)
      .set({ device_headers: ['Image', 'Serial Number', 'gone'] })
      .where(eq(siteAccesses.id, w.accesses.contributor.id));
    expect((await permission(w.tokens.contributor)).json().access.device_headers).toEqual(['image', 'sn']);
  });

  it('refuses unknown columns, bad JSON and another user’s record', async () => {
    const cases: [unknown, string[]][] = [
      [['code', 'bogus'], ['Unknown column: bogus']],
      ['code,status', ['Headers must be a list of column names']],
      [{ code: true }, ['Headers must be a list of column names']],
    ];
    for (const [headers, messages] of cases) {
      const response = await t.call('POST', '/api/site/headers', {
        token: w.tokens.contributor,
        body: { id: w.accesses.contributor.id, headers },
      });
      expect(response.statusCode, JSON.stringify(headers)).toBe(400);
      expect(errorList(response)).toEqual(messages);
    }
    const foreign = await t.call('POST', '/api/site/headers', {
      token: w.tokens.reader,
      body: { id: w.accesses.contributor.id, headers: ['code'] },
    });
    expect(foreign.statusCode).toBe(404);
  });
});
