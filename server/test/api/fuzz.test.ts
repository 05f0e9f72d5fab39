import { Role } from '@asbuilt/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actorForToken, createSession } from '../../src/platform/sessions.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createTenant, createUser } from '../support/factories.ts';
import { seeded, seedOf } from '../support/fuzz/random.ts';
import { fuzzRequest, type Operation, operationsOf, sendAs } from '../support/fuzz/requests.ts';
import { siteWorld } from '../support/sites.ts';

/**
 * Issue 15: every call is fuzzed from its own OpenAPI schema, 100 inputs each (half fit the
 * schema, with ids of rows that exist; half break it), sent alternately by a Super Admin and by
 * an integrator of a tenant. No answer may be a 5xx, and no error may carry a stack trace or
 * SQL. Inputs are seeded by the call's name, so a failure repeats on the next run.
 */
const INPUTS_PER_CALL = 100;

/** What only a crash would put in an answer: stack frames, source paths, driver and SQL words. */
const LEAKS =
  /\bat .+:\d+:\d+|node:internal|\/src\/.+\.ts|syntax error|violates .+ constraint|relation "|column "|duplicate key|\bselect .+ from\b|insert into|update .+ set|PGlite|drizzle|ECONNREFUSED/i;

let t: TestApp;
let operations: Operation[];
let ids: number[];
const tokens = { superAdmin: '', integrator: '' };

/** A session for a fresh user of the kind (fuzzed calls may sign the last one out or deactivate it). */
async function renew(kind: keyof typeof tokens) {
  const user =
    kind === 'superAdmin'
      ? await createUser(t, { tenantId: 1, role: Role.SuperAdmin })
      : await createUser(t, { tenantId: (await createTenant(t)).id, role: Role.Integrator });
  tokens[kind] = await createSession(t.db, user.id, 1);
}

/** What is wrong with an answer, if anything. */
function flaw(response: LightMyRequestResponse): string | null {
  if (response.statusCode >= 500) return `answered ${response.statusCode}`;
  if (response.statusCode < 400) return null;
  if (!/json/.test(String(response.headers['content-type']))) return null;
  const answer = response.json() as { error?: unknown };
  if (typeof answer.error !== 'string' && !Array.isArray(answer.error))
    return 'an error answer without an error';
  if (LEAKS.test(response.body)) return 'an error answer with a stack trace or SQL';
  return null;
}

beforeAll(async () => {
  t = await startTestApp();
  const w = await siteWorld(t);
  operations = operationsOf(t.app.swagger());
  // The ids of rows that exist (serial ids of a small database), and those of the world's objects.
  ids = [...new Set([...Array.from({ length: 30 }, (_, i) => i + 1), w.device.id, w.foreignDevice.id])];
  await renew('superAdmin');
  await renew('integrator');
});
afterAll(() => t?.close());

// PGlite is PostgreSQL itself (compiled to wasm: the same parser, types and errors), so the
// 14,300 inputs run once, on the embedded database, to keep CI in its time.
describe.skipIf(process.env.TEST_DB === 'postgres')('fuzzing every call from its schema', () => {
  it('covers the route table', () => {
    expect(operations.length).toBeGreaterThan(100);
    expect(operations.filter((operation) => operation.body).length).toBeGreaterThan(50);
  });

  it('never answers 5xx, a stack trace or SQL', async () => {
    const flaws: string[] = [];
    for (const operation of operations) {
      const name = `${operation.method} ${operation.path}`;
      const random = seeded(seedOf(name));
      for (let index = 0; index < INPUTS_PER_CALL; index++) {
        const kind = index % 4 < 2 ? 'superAdmin' : 'integrator';
        const request = fuzzRequest(operation, index, { random, ids });
        const response = await sendAs(t.app, request, tokens[kind]);
        const found = flaw(response);
        if (found) {
          flaws.push(
            `${name} #${index} (${kind}) ${found}: ${request.url.slice(0, 200)} ${String(request.payload ?? '').slice(0, 300)} -> ${response.body.slice(0, 300)}`,
          );
        }
        if (response.statusCode === 401 && !(await actorForToken(t.db, tokens[kind], 24))) await renew(kind);
      }
    }
    expect(flaws).toEqual([]);
  }, 600_000);
});
