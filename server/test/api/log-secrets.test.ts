import { type LogEntryDto, Role, type SecretDto, SitePermission } from '@asbuilt/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs } from '../../src/db/schema.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createUser, grantAccess, signIn } from '../support/factories.ts';
import { logsOf, type SiteWorld, siteWorld } from '../support/sites.ts';

/**
 * Logs never carry secrets: every call answering activity entries asks the Logs page's level
 * (Contributor), a secret's entries hold its title and action only (however they were written),
 * and a private secret's entries are its owner's alone.
 */

let t: TestApp;
let w: SiteWorld;
let externalReader: string;

const USERNAME = 'vault-user-7731';
const URL = 'https://router-9921.example';
const COMMENT = 'behind-the-blue-door';
const LEVEL = 'level-ops-42';
const LEAKS = [USERNAME, URL, COMMENT, LEVEL, 'legacy-user-5150', 'legacy.example'];

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
  const guest = await createUser(t, { tenantId: w.b.id, role: Role.User });
  await grantAccess(t, { siteId: w.sites.main.id, userId: guest.id, role: SitePermission.Reader });
  externalReader = await signIn(t, guest.email);
});
afterAll(() => t?.close());

async function createSecret(token: string, body: Record<string, unknown>) {
  const response = await t.call('POST', '/api/site/secrets', {
    token,
    body: { site_id: w.sites.main.id, ...body },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { secret: SecretDto }).secret;
}

/** Every call that answers a site's entries, as `token` sees them. */
function logCalls(token: string) {
  const site = w.sites.main.id;
  return {
    siteLogs: () => t.call('GET', `/api/site/logs?site_id=${site}`, { token }),
    refreshLogs: () => t.call('GET', `/api/site/refresh_logs?id=${site}`, { token }),
    deviceLogs: () => t.call('POST', '/api/site/devices/logs', { token, body: { id: w.device.id } }),
  };
}

/** The entries of every log call `token` may make, with the call's name. */
async function everyAnswer(token: string, extra: Array<'tenant' | 'admin'> = []) {
  const answers: Array<{ call: string; logs: LogEntryDto[] }> = [];
  for (const [call, run] of Object.entries(logCalls(token))) {
    const response = await run();
    expect(response.statusCode, `${call}: ${response.body.slice(0, 200)}`).toBe(200);
    answers.push({ call, logs: response.json().logs });
  }
  const show = await t.call('GET', `/api/site/sites?id=${w.sites.main.id}`, { token });
  answers.push({ call: 'show', logs: show.json().logs });
  for (const scope of extra) {
    const first = await t.call('GET', `/api/${scope}/logs`, { token });
    expect(first.statusCode).toBe(200);
    answers.push({ call: `${scope}/logs`, logs: first.json().logs });
    const filtered = await t.call('POST', `/api/${scope}/filter_logs`, {
      token,
      body: { sites: [w.sites.main.id], users: [], results: 500 },
    });
    expect(filtered.statusCode).toBe(200);
    answers.push({ call: `${scope}/filter_logs`, logs: filtered.json().logs });
  }
  return answers;
}

describe('the level of every log call', () => {
  it('a Reader and an external Reader get 403 from each, and no logs in the site answer', async () => {
    for (const token of [w.tokens.reader, externalReader]) {
      for (const [call, run] of Object.entries(logCalls(token))) {
        const response = await run();
        expect(response.statusCode, call).toBe(403);
        expect(response.json().code).toBe('site_access_too_low');
      }
      const show = await t.call('GET', `/api/site/sites?id=${w.sites.main.id}`, { token });
      expect(show.statusCode).toBe(200);
      expect(show.json().logs).toEqual([]);
      expect((await t.call('GET', '/api/tenant/logs', { token })).statusCode).toBe(403);
    }
  });

  it('a Contributor, internal or external, reads them', async () => {
    await createSecret(w.tokens.contributor, {
      name: 'Level check',
      secretable_type: 'Device',
      secretable_id: w.device.id,
    });
    for (const token of [w.tokens.contributor, w.tokens.external]) {
      const answers = await everyAnswer(token);
      for (const { call, logs } of answers) {
        expect(
          logs.some((l) => l.object_name === 'Level check'),
          call,
        ).toBe(true);
      }
    }
  });
});

describe('a secret’s entries', () => {
  it('hold its title and the action, never the username, URL, comment or level', async () => {
    const secret = await createSecret(w.tokens.contributor, {
      name: 'Core router',
      username: USERNAME,
      url: URL,
      comment: COMMENT,
      level: LEVEL,
      password: 'p4ss',
      secretable_type: 'Device',
      secretable_id: w.device.id,
    });
    const update = await t.call('PUT', '/api/site/secrets', {
      token: w.tokens.contributor,
      body: {
        id: secret.id,
        name: 'Core router 2',
        username: `${USERNAME}-b`,
        url: `${URL}/b`,
        comment: `${COMMENT}-b`,
        level: `${LEVEL}-b`,
        password: 'n3w',
      },
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(
      (
        await t.call('POST', '/api/site/secrets/reveal', {
          token: w.tokens.contributor,
          body: { id: secret.id },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await t.call('DELETE', `/api/site/secrets?id=${secret.id}`, { token: w.tokens.contributor }))
        .statusCode,
    ).toBe(200);

    // As written.
    const rows = await logsOf(t, 'Secret', secret.id);
    expect(rows.map((r) => r.action)).toEqual(['created', 'updated', 'revealed', 'deleted']);
    const written = JSON.stringify(rows);
    for (const leak of LEAKS) expect(written).not.toContain(leak);
    for (const row of rows) {
      for (const field of ['username', 'url', 'comment', 'level']) {
        expect(Object.keys(row.changes ?? {})).not.toContain(field);
      }
    }
    expect(rows[1]!.changes).toEqual({
      name: { from: 'Core router', to: 'Core router 2' },
      password_changed: { to: true },
    });

    // As shown by every call, to the site's Contributor and to the tenant's owner.
    for (const answers of [
      await everyAnswer(w.tokens.contributor),
      await everyAnswer(w.tokens.owner, ['tenant']),
      await everyAnswer(w.tokens.superAdmin, ['admin']),
    ]) {
      for (const { call, logs } of answers) {
        const mine = logs.filter((l) => l.object_model === 'Secret' && l.object_id === secret.id);
        expect(mine.length, call).toBe(4);
        const text = JSON.stringify(mine);
        for (const leak of LEAKS) expect(text, call).not.toContain(leak);
      }
    }
  });

  it('written before the rule, are stripped on the way out', async () => {
    await t.db.insert(activityLogs).values({
      tenant_id: w.a.id,
      site_id: w.sites.main.id,
      user_id: w.users.contributor.id,
      user_name: 'Someone',
      object_model: 'Secret',
      object_id: 999_001,
      object_name: 'Old secret',
      note: 'Secret created for legacy-user-5150 at legacy.example',
      action: 'created',
      params: { username: 'legacy-user-5150' },
      parent_model: 'Device',
      parent_id: w.device.id,
      parent_name: 'MAIN-001',
      changes: {
        name: { to: 'Old secret' },
        username: { to: 'legacy-user-5150' },
        url: { to: 'https://legacy.example' },
        comment: { to: 'legacy.example comment' },
        level: { to: 'legacy.example level' },
      },
    });
    for (const answers of [
      await everyAnswer(w.tokens.contributor),
      await everyAnswer(w.tokens.owner, ['tenant']),
      await everyAnswer(w.tokens.superAdmin, ['admin']),
    ]) {
      for (const { call, logs } of answers) {
        const old = logs.find((l) => l.object_id === 999_001 && l.object_model === 'Secret');
        expect(old, call).toMatchObject({
          object_name: 'Old secret',
          note: 'Secret created',
          action: 'created',
          changes: { name: { to: 'Old secret' } },
        });
        for (const leak of LEAKS) expect(JSON.stringify(old), call).not.toContain(leak);
      }
    }
  });
});

describe('a private secret’s entries', () => {
  it('are seen by its owner only, a Full Access user, the tenant’s owner and the Super Admin not', async () => {
    const secret = await createSecret(w.tokens.contributor, {
      name: 'Owner-only vault',
      private: true,
      password: 'x',
      secretable_type: 'Device',
      secretable_id: w.device.id,
    });
    await t.call('POST', '/api/site/secrets/reveal', {
      token: w.tokens.contributor,
      body: { id: secret.id },
    });
    const shared = await createSecret(w.tokens.contributor, {
      name: 'Shared vault',
      secretable_type: 'Device',
      secretable_id: w.device.id,
    });

    const seen = (logs: LogEntryDto[], id: number) =>
      logs.filter((l) => l.object_model === 'Secret' && l.object_id === id).length;
    for (const { call, logs } of await everyAnswer(w.tokens.contributor)) {
      expect(seen(logs, secret.id), call).toBe(2);
    }
    const others = [
      await everyAnswer(w.tokens.full),
      await everyAnswer(w.tokens.integrator),
      await everyAnswer(w.tokens.owner, ['tenant']),
      await everyAnswer(w.tokens.superAdmin, ['admin']),
    ];
    for (const answers of others) {
      for (const { call, logs } of answers) {
        expect(seen(logs, secret.id), call).toBe(0);
        expect(seen(logs, shared.id), call).toBe(1);
      }
    }

    // Deleted, its entries stay its owner's.
    expect(
      (await t.call('DELETE', `/api/site/secrets?id=${secret.id}`, { token: w.tokens.contributor }))
        .statusCode,
    ).toBe(200);
    for (const { call, logs } of await everyAnswer(w.tokens.contributor)) {
      expect(seen(logs, secret.id), call).toBe(3);
    }
    for (const { call, logs } of await everyAnswer(w.tokens.full)) {
      expect(seen(logs, secret.id), call).toBe(0);
    }
    for (const { call, logs } of await everyAnswer(w.tokens.superAdmin, ['admin'])) {
      expect(seen(logs, secret.id), call).toBe(0);
    }
  });

  it('made private later, hides its earlier entries too', async () => {
    const secret = await createSecret(w.tokens.contributor, { name: 'Going private' });
    const update = await t.call('PUT', '/api/site/secrets', {
      token: w.tokens.contributor,
      body: { id: secret.id, private: true },
    });
    expect(update.statusCode, update.body).toBe(200);
    const logs = (
      await t.call('GET', `/api/site/logs?site_id=${w.sites.main.id}`, { token: w.tokens.full })
    ).json().logs as LogEntryDto[];
    expect(logs.filter((l) => l.object_id === secret.id && l.object_model === 'Secret')).toEqual([]);
  });
});
