import { Role, SitePermission } from '@asbuilt/domain';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/backup/backup.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createUser, grantAccess, signIn } from '../support/factories.ts';
import { seeded, seedOf } from '../support/fuzz/random.ts';
import { fuzzRequest, operationsOf, sendAs } from '../support/fuzz/requests.ts';
import type { MatrixContext } from '../support/matrix/cases.ts';
import { PUBLIC_CALLS } from '../support/matrix/public-calls.ts';
import { mainAttachment, mainContact, mainSecret, mainTicket } from '../support/matrix/site-targets.ts';
import { type SiteWorld, siteWorld } from '../support/sites.ts';

/**
 * Issue 15: lists, search, exports, logs, counts and pagination never reveal another tenant's
 * rows. Every name-like text of tenant A (its sites, devices, floors, rooms, zones, contacts,
 * secrets, files, tickets, companies, products, users and its activity) carries a canary word;
 * then tenant B's users, who reach none of A's sites, ask every call of the route table with
 * plausible inputs naming ids of both tenants. No answer, spreadsheets opened, may hold the word.
 */
const CANARY = 'CANARY7Q';
const INPUTS_PER_CALL = 12;

let t: TestApp;
let w: SiteWorld;
let ids: number[];
let askers: Record<string, string>;

/** Appends the canary to every name-like column of tenant A's rows, in every table that has one. */
async function markTenant(tenantId: number) {
  const columns = rowsOf(
    await t.db.execute(sql`
      select c.table_name, c.column_name,
        exists (select 1 from information_schema.columns k
                where k.table_schema = c.table_schema and k.table_name = c.table_name and k.column_name = 'tenant_id') as by_tenant,
        exists (select 1 from information_schema.columns k
                where k.table_schema = c.table_schema and k.table_name = c.table_name and k.column_name = 'site_id') as by_site
      from information_schema.columns c
      where c.table_schema = current_schema() and c.data_type = 'text'
        and c.column_name in ('name', 'fname', 'lname', 'subject', 'filename', 'title', 'note', 'body', 'description')`),
  );
  for (const { table_name, column_name, by_tenant, by_site } of columns) {
    const table = String(table_name);
    const column = String(column_name);
    const owner =
      table === 'tenants'
        ? `id = ${tenantId}`
        : by_tenant
          ? `tenant_id = ${tenantId}`
          : by_site
            ? `site_id in (select id from sites where tenant_id = ${tenantId})`
            : null;
    if (!owner) continue;
    await t.db.execute(
      sql.raw(`update "${table}" set "${column}" = coalesce("${column}", '') || ' ${CANARY}' where ${owner}`),
    );
  }
}

/** The text of an answer, a spreadsheet's cells included. */
async function textOf(response: LightMyRequestResponse): Promise<string> {
  if (!/spreadsheetml/.test(String(response.headers['content-type']))) return response.body;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const cells: string[] = [];
  workbook.eachSheet((sheet) => sheet.eachRow((row) => cells.push(JSON.stringify(row.values))));
  return cells.join('\n');
}

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
  const c: MatrixContext = { t, w, libraryAdminToken: '', externalFullToken: '' };
  await Promise.all([mainContact(c), mainSecret(c), mainTicket(c), mainAttachment(c)]);
  await markTenant(w.a.id);
  // Activity of A that names the marked device, written after the marking.
  const renamed = await t.call('PUT', '/api/site/devices', {
    token: w.tokens.integrator,
    body: { id: w.device.id, name: `Renamed ${CANARY}` },
  });
  expect(renamed.statusCode, renamed.body).toBe(200);

  const owner = await createUser(t, { tenantId: w.b.id, role: Role.BuildingOwner });
  const reader = await createUser(t, { tenantId: w.b.id, role: Role.User });
  await grantAccess(t, { siteId: w.sites.foreign.id, userId: reader.id, role: SitePermission.Reader });
  askers = {
    'integrator of B': w.tokens.other,
    'owner of B': await signIn(t, owner.email),
    'reader of B': await signIn(t, reader.email),
  };
  const top = rowsOf(await t.db.execute(sql`select max(id)::int as n from activity_logs`))[0]!.n as number;
  ids = Array.from({ length: Math.max(40, Math.min(top, 60)) }, (_, i) => i + 1);
});
afterAll(() => t?.close());

describe("another tenant's rows", () => {
  it('the canary is in what tenant A sees, so its absence below means something', async () => {
    const site = await t.call('GET', `/api/site/sites?id=${w.sites.main.id}`, { token: w.tokens.owner });
    const logs = await t.call('GET', '/api/tenant/logs', { token: w.tokens.owner });
    const contacts = await t.call('GET', `/api/site/contacts?site_id=${w.sites.main.id}`, {
      token: w.tokens.owner,
    });
    for (const answer of [site, logs, contacts]) expect(answer.body).toContain(CANARY);
  });

  it('appear in no answer to tenant B, for any call with any plausible input', async () => {
    const leaks: string[] = [];
    for (const operation of operationsOf(t.app.swagger())) {
      const name = `${operation.method} ${operation.path}`;
      if (name in PUBLIC_CALLS) continue;
      const random = seeded(seedOf(`leak ${name}`));
      for (let index = 0; index < INPUTS_PER_CALL; index++) {
        const [who, token] = Object.entries(askers)[index % 3]!;
        const request = fuzzRequest(operation, index * 2, { random, ids });
        const response = await sendAs(t.app, request, token);
        if ((await textOf(response)).includes(CANARY)) {
          leaks.push(
            `${name} by ${who}: ${request.url} ${String(request.payload ?? '').slice(0, 200)} -> ${response.body.slice(0, 300)}`,
          );
        }
      }
    }
    expect(leaks).toEqual([]);
  }, 300_000);
});
