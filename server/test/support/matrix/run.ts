import { Role } from '@asbuilt/domain';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { rowsOf } from '../../../src/backup/backup.ts';
import { tablesInOrder } from '../../../src/backup/tables.ts';
import type { TestApp } from '../app.ts';
import { MAIN_LEVELS } from '../sites.ts';
import type { AskerTenant, Case, MatrixContext, MatrixRequest } from './cases.ts';

type Expected = 'pass' | 403 | 404;
interface Asker {
  user: string;
  token: string;
  tenant: AskerTenant;
  expected: Expected;
}

/** The tenant of each user of the site world. */
const TENANT_OF: Record<keyof typeof MAIN_LEVELS, AskerTenant> = {
  superAdmin: 'library',
  owner: 'A',
  integrator: 'A',
  full: 'A',
  contributor: 'A',
  reader: 'A',
  noAccess: 'A',
  external: 'B',
  other: 'B',
};

/** Sessions move on every call (last seen) and rate limits on every sign-in: not part of "unchanged". */
const MOVING_TABLES = new Set(['sessions', 'rate_limits']);

/** A fingerprint of every row of every table but the moving ones. */
async function fingerprint(t: TestApp): Promise<Record<string, string>> {
  const tables = tablesInOrder().filter((table) => !MOVING_TABLES.has(table));
  const query = tables
    .map(
      (table) =>
        `select '${table}' as name, md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as hash from "${table}" r`,
    )
    .join(' union all ');
  const rows = rowsOf(await t.db.execute(sql.raw(query)));
  return Object.fromEntries(rows.map((row) => [String(row.name), String(row.hash)]));
}

/** Who is asked, and what each must get, for one case. */
function askers(c: MatrixContext, rule: Exclude<Case, { optOut: string }>): Asker[] {
  const { tokens } = c.w;
  // The external Full Access user gets what a Full Access user of the site's tenant gets, but
  // for access management (site calls marked `internal`); on tenant calls, what tenant B's
  // Integrator gets: never tenant A's lists or users.
  const externalFull = 'external full access (role 3, tenant B)';
  if ('site' in rule) {
    return [
      ...Object.entries(MAIN_LEVELS).map(([user, level]) => ({
        user,
        token: tokens[user as keyof typeof tokens],
        tenant: TENANT_OF[user as keyof typeof MAIN_LEVELS],
        expected: (level === 0 ? 404 : level < rule.site ? 403 : 'pass') as Expected,
      })),
      { user: externalFull, token: c.externalFullToken, tenant: 'B', expected: rule.internal ? 403 : 'pass' },
    ];
  }
  const byRole: [string, string, number, AskerTenant][] = [
    ['reader (role 1, tenant A)', tokens.reader, Role.User, 'A'],
    ['owner (role 2, tenant A)', tokens.owner, Role.BuildingOwner, 'A'],
    ['integrator (role 3, tenant A)', tokens.integrator, Role.Integrator, 'A'],
    ['library admin (role 4)', c.libraryAdminToken, Role.LibraryAdmin, 'library'],
    ['super admin (role 5)', tokens.superAdmin, Role.SuperAdmin, 'library'],
    ['other (role 3, tenant B)', tokens.other, Role.Integrator, 'B'],
    [externalFull, c.externalFullToken, Role.Integrator, 'B'],
  ];
  return byRole.map(([user, token, role, tenant]) => {
    // The Super Admin reaches every tenant's objects, but for the calls of one's own tenant.
    const foreignTenant = tenant !== 'A' && role !== Role.SuperAdmin;
    let expected: Expected = 'pass';
    if ('superAdmin' in rule) expected = role === Role.SuperAdmin ? 'pass' : 403;
    else if ('role' in rule) {
      if (role < rule.role) expected = 403;
      else if (rule.foreign && (foreignTenant || (rule.ownTenantOnly && role === Role.SuperAdmin))) {
        expected = 404;
      }
    }
    return { user, token, tenant, expected };
  });
}

function send(c: MatrixContext, request: MatrixRequest, token: string) {
  return c.t.call(request.method, request.url, {
    token,
    body: request.body,
    ...(request.headers ? { headers: request.headers } : {}),
  });
}

const describeAnswer = (response: LightMyRequestResponse) =>
  `${response.statusCode} ${response.body.slice(0, 300)}`;

/**
 * Runs one case: first every user who must be refused, checking each answer (403 or 404, with an
 * error and its code) and that no row of any table changed; then every user who may, each with a
 * request of their own, expecting 2xx (or a status the case allows).
 */
export async function runCase(c: MatrixContext, key: string, rule: Case): Promise<void> {
  if ('optOut' in rule) return;
  const everyone = askers(c, rule);
  const refused = everyone.filter((a) => a.expected !== 'pass');
  const permitted = everyone.filter((a) => a.expected === 'pass');

  // The refused users' requests are built (their targets created) before the fingerprint.
  const requests: MatrixRequest[] = [];
  for (const asker of refused) requests.push(await rule.request(c, asker.tenant));
  const before = refused.length > 0 ? await fingerprint(c.t) : {};
  for (const [index, asker] of refused.entries()) {
    const response = await send(c, requests[index]!, asker.token);
    expect(response.statusCode, `${key} by ${asker.user}: ${describeAnswer(response)}`).toBe(asker.expected);
    const answer = response.json() as { error?: unknown; code?: unknown };
    expect(typeof answer.error, `${key} by ${asker.user}: an error`).toBe('string');
    expect(typeof answer.code, `${key} by ${asker.user}: a code`).toBe('string');
  }
  if (refused.length > 0) {
    expect(await fingerprint(c.t), `${key}: the refused calls changed rows`).toEqual(before);
  }

  for (const asker of permitted) {
    const response = await send(c, await rule.request(c, asker.tenant), asker.token);
    const passed =
      (response.statusCode >= 200 && response.statusCode < 300) ||
      (rule.ok ?? []).includes(response.statusCode);
    expect(passed, `${key} by ${asker.user}: ${describeAnswer(response)}`).toBe(true);
  }
  await rule.settle?.(c);
}
