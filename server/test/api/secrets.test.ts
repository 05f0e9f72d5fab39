import { randomBytes } from 'node:crypto';
import type { SecretDto } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, mailOutbox, secrets } from '../../src/db/schema.ts';
import { createVault, secretBinding } from '../../src/platform/vault.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { errorList, expectAccessMatrix, form, logsOf, type SiteWorld, siteWorld } from '../support/sites.ts';

let t: TestApp;
let w: SiteWorld;

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
});
afterAll(() => t?.close());

const PASSWORD = 'Corr3ct-Horse!';

async function create(token: string, body: Record<string, unknown>) {
  const response = await t.call('POST', '/api/site/secrets', {
    token,
    body: { site_id: w.sites.main.id, name: 'Router admin', ...body },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { secret: SecretDto }).secret;
}

async function list(token: string, query = `site_id=${w.sites.main.id}`) {
  const response = await t.call('GET', `/api/site/secrets?${query}`, { token });
  return { response, secrets: (response.json() as { secrets?: SecretDto[] }).secrets ?? [] };
}

const reveal = (token: string, id: number) =>
  t.call('POST', '/api/site/secrets/reveal', { token, body: { id } });

async function row(id: number) {
  const [found] = await t.db.select().from(secrets).where(eq(secrets.id, id));
  return found;
}

describe('creating and listing secrets', () => {
  it('POST is for Contributors and above; Readers 403; other tenants and no access 404', async () => {
    await expectAccessMatrix(w, 2, (token, user) =>
      t.call('POST', '/api/site/secrets', {
        token,
        body: { site_id: w.sites.main.id, name: `Secret of ${user}`, password: 'x' },
      }),
    );
  });

  it('GET is for Contributors and above: a Reader never sees the vault', async () => {
    await expectAccessMatrix(w, 2, (token) =>
      t.call('GET', `/api/site/secrets?site_id=${w.sites.main.id}`, { token }),
    );
  });

  it('stores the password sealed, lists it without password or ciphertext, and names the link', async () => {
    const secret = await create(w.tokens.contributor, {
      username: 'admin',
      password: PASSWORD,
      url: 'https://10.0.0.1',
      comment: 'Factory reset on 2026-01-01',
      level: 'Admin',
      secretable_type: 'device',
      secretable_id: w.device.id,
    });
    expect(secret).toMatchObject({
      name: 'Router admin',
      username: 'admin',
      has_password: true,
      secretable_type: 'Device',
      secretable_id: w.device.id,
      device_id: w.device.id,
      private: false,
      user_id: w.users.contributor.id,
      linked: { type: 'Device', id: w.device.id, name: 'Ground › Lobby › MAIN-001' },
    });
    expect(JSON.stringify(secret)).not.toContain(PASSWORD);
    expect(secret).not.toHaveProperty('password');
    expect(secret).not.toHaveProperty('password_encrypted');

    const stored = await row(secret.id);
    expect(stored!.password_encrypted).toMatch(/^v1:/);
    expect(stored!.password_encrypted).not.toContain(PASSWORD);
    expect(t.ctx.vault.decrypt(stored!.password_encrypted!, secretBinding(stored!))).toBe(PASSWORD);

    const { secrets: listed } = await list(w.tokens.full);
    const found = listed.find((s) => s.id === secret.id)!;
    expect(found.has_password).toBe(true);
    const site = await t.call('GET', `/api/site/sites?id=${w.sites.main.id}`, { token: w.tokens.full });
    const body = site.body;
    expect(body).not.toContain(PASSWORD);
    expect(body).not.toContain(stored!.password_encrypted!);
    expect((site.json() as { site: { secrets: SecretDto[] } }).site.secrets.map((s) => s.id)).toContain(
      secret.id,
    );
    const [entry] = await logsOf(t, 'Secret', secret.id);
    expect(entry).toMatchObject({ note: 'Secret Created', parent_model: 'Device', parent_id: w.device.id });
    expect(JSON.stringify(entry)).not.toContain(PASSWORD);
  });

  it('no database row holds a clear password, and no answer of any list holds one', async () => {
    const secret = await create(w.tokens.integrator, { name: 'Camera NVR', password: 'nvr-Pa55-unique' });
    const dump = JSON.stringify(await t.db.select().from(secrets));
    expect(dump).not.toContain('nvr-Pa55-unique');
    const logs = JSON.stringify(await t.db.select().from(activityLogs));
    expect(logs).not.toContain('nvr-Pa55-unique');
    for (const url of [
      `/api/site/secrets?site_id=${w.sites.main.id}`,
      `/api/site/sites?id=${w.sites.main.id}`,
      `/api/site/refresh_site?id=${w.sites.main.id}`,
    ]) {
      const response = await t.call('GET', url, { token: w.tokens.integrator });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).not.toContain('nvr-Pa55-unique');
      expect(response.body, url).not.toContain((await row(secret.id))!.password_encrypted!);
    }
  });

  it('a Reader gets no secrets in the site answer', async () => {
    await create(w.tokens.integrator, { name: 'Visible to contributors' });
    const site = await t.call('GET', `/api/site/sites?id=${w.sites.main.id}`, { token: w.tokens.reader });
    expect(site.statusCode).toBe(200);
    expect((site.json() as { site: { secrets: unknown[] } }).site.secrets).toEqual([]);
  });

  it('accepts a form body and the device_id of the specification', async () => {
    const response = await t.call('POST', '/api/site/secrets', {
      token: w.tokens.contributor,
      ...form({
        site_id: String(w.sites.main.id),
        name: 'Form secret',
        device_id: String(w.device.id),
        private: 'false',
        password: 'form-pass',
      }),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as { secret: SecretDto }).secret).toMatchObject({
      secretable_type: 'Device',
      secretable_id: w.device.id,
    });
  });

  it('filters by link', async () => {
    const onFloor = await create(w.tokens.contributor, {
      name: 'Floor panel',
      secretable_type: 'Floor',
      secretable_id: w.floors.ground.id,
    });
    const { secrets: listed } = await list(
      w.tokens.contributor,
      `site_id=${w.sites.main.id}&secretable_type=Floor&secretable_id=${w.floors.ground.id}`,
    );
    expect(listed.map((s) => s.id)).toEqual([onFloor.id]);
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const before = (await t.db.select().from(secrets)).length;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '' }, 'Name is required'],
      [
        { secretable_type: 'Zone', secretable_id: 1 },
        'Linked item type must be one of: Floor, Location, Device',
      ],
      [{ secretable_type: 'Floor' }, 'Choose both the type and the item to link to, or neither'],
      [
        { secretable_type: 'Floor', secretable_id: w.elsewhere.floor.id },
        'The Floor to link to is not part of this site',
      ],
      [{ device_id: w.foreignDevice.id }, 'The Device to link to is not part of this site'],
      [{ private: 'maybe' }, 'Private must be true or false'],
    ];
    for (const [body, message] of cases) {
      const response = await t.call('POST', '/api/site/secrets', {
        token: w.tokens.contributor,
        body: { site_id: w.sites.main.id, name: 'Bad', ...body },
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorList(response).join(' | '), JSON.stringify(body)).toContain(message);
      expect((response.json() as { code: unknown }).code).toBeTruthy();
    }
    expect((await t.db.select().from(secrets)).length).toBe(before);
  });
});

describe('private secrets', () => {
  it('are visible to their owner only: 404 for anyone else, a Super Admin too', async () => {
    const mine = await create(w.tokens.contributor, { name: 'My own', password: 'mine-only', private: true });
    const own = await list(w.tokens.contributor);
    expect(own.secrets.map((s) => s.id)).toContain(mine.id);
    for (const user of ['full', 'integrator', 'owner', 'superAdmin', 'external'] as const) {
      const { secrets: theirs } = await list(w.tokens[user]);
      expect(
        theirs.map((s) => s.id),
        user,
      ).not.toContain(mine.id);
      expect((await reveal(w.tokens[user], mine.id)).statusCode, user).toBe(404);
      const put = await t.call('PUT', '/api/site/secrets', {
        token: w.tokens[user],
        body: { id: mine.id, name: 'x' },
      });
      expect(put.statusCode, user).toBe(404);
      const del = await t.call('DELETE', `/api/site/secrets?id=${mine.id}`, { token: w.tokens[user] });
      expect(del.statusCode, user).toBe(404);
    }
    const site = await t.call('GET', `/api/site/sites?id=${w.sites.main.id}`, { token: w.tokens.superAdmin });
    expect((site.json() as { site: { secrets: SecretDto[] } }).site.secrets.map((s) => s.id)).not.toContain(
      mine.id,
    );
    const revealed = await reveal(w.tokens.contributor, mine.id);
    expect(revealed.json()).toEqual({ id: mine.id, password: 'mine-only' });
  });

  it('only the owner makes a secret private or shared', async () => {
    const shared = await create(w.tokens.contributor, { name: 'Shared by contributor' });
    const byOther = await t.call('PUT', '/api/site/secrets', {
      token: w.tokens.full,
      body: { id: shared.id, private: true },
    });
    expect(byOther.statusCode).toBe(403);
    expect((byOther.json() as { code: string }).code).toBe('secret_private_owner_only');
    // Others may still edit the shared secret's other fields (and send private unchanged).
    const rename = await t.call('PUT', '/api/site/secrets', {
      token: w.tokens.full,
      body: { id: shared.id, name: 'Renamed', private: false },
    });
    expect(rename.statusCode, rename.body).toBe(200);
    const byOwner = await t.call('PUT', '/api/site/secrets', {
      token: w.tokens.contributor,
      body: { id: shared.id, private: true },
    });
    expect(byOwner.statusCode).toBe(200);
    expect((await list(w.tokens.full)).secrets.map((s) => s.id)).not.toContain(shared.id);
  });
});

describe('updating and deleting', () => {
  it('PUT and DELETE are for Contributors and above', async () => {
    const secret = await create(w.tokens.integrator, { name: 'To change', password: 'p' });
    await expectAccessMatrix(w, 2, (token, user) =>
      t.call('PUT', '/api/site/secrets', { token, body: { id: secret.id, comment: `by ${user}` } }),
    );
    const doomed = await Promise.all(
      Array.from({ length: 9 }, (_, i) => create(w.tokens.integrator, { name: `Doomed ${i}` })),
    );
    let i = 0;
    await expectAccessMatrix(w, 2, (token) => {
      const id = doomed[i++]!.id;
      return t.call('DELETE', `/api/site/secrets?id=${id}`, { token });
    });
  });

  it('keeps the password when absent, replaces it when given, clears it with an empty string', async () => {
    const secret = await create(w.tokens.contributor, { name: 'Rotating', password: 'first' });
    await t.call('PUT', '/api/site/secrets', {
      token: w.tokens.contributor,
      body: { id: secret.id, username: 'u' },
    });
    expect((await reveal(w.tokens.contributor, secret.id)).json()).toMatchObject({ password: 'first' });
    await t.call('PUT', '/api/site/secrets', {
      token: w.tokens.contributor,
      body: { id: secret.id, password: 'second' },
    });
    expect((await reveal(w.tokens.contributor, secret.id)).json()).toMatchObject({ password: 'second' });
    const cleared = await t.call('PUT', '/api/site/secrets', {
      token: w.tokens.contributor,
      body: { id: secret.id, password: '' },
    });
    expect((cleared.json() as { secret: SecretDto }).secret.has_password).toBe(false);
    expect((await reveal(w.tokens.contributor, secret.id)).json()).toMatchObject({ password: null });
  });

  it('re-links to a location, to the site, and refuses a half link or nothing to change', async () => {
    const secret = await create(w.tokens.contributor, { name: 'Moving', device_id: w.device.id });
    const moved = await t.call('PUT', '/api/site/secrets', {
      token: w.tokens.contributor,
      body: { id: secret.id, secretable_type: 'Location', secretable_id: w.locations.office.id },
    });
    expect((moved.json() as { secret: SecretDto }).secret).toMatchObject({
      secretable_type: 'Location',
      device_id: null,
      linked: { name: 'First › Office' },
    });
    const toSite = await t.call('PUT', '/api/site/secrets', {
      token: w.tokens.contributor,
      body: { id: secret.id, secretable_type: '' },
    });
    expect((toSite.json() as { secret: SecretDto }).secret).toMatchObject({
      secretable_type: null,
      secretable_id: null,
      linked: { type: null, name: 'Main' },
    });
    const nothing = await t.call('PUT', '/api/site/secrets', {
      token: w.tokens.contributor,
      body: { id: secret.id },
    });
    expect(nothing.statusCode).toBe(400);
  });

  it('answers 404 for a secret of another tenant, whoever asks', async () => {
    const [foreign] = await t.db
      .insert(secrets)
      .values({ site_id: w.sites.foreign.id, name: 'Foreign secret', user_id: w.users.other.id })
      .returning();
    for (const user of ['integrator', 'contributor', 'full'] as const) {
      expect((await reveal(w.tokens[user], foreign!.id)).statusCode).toBe(404);
      const put = await t.call('PUT', '/api/site/secrets', {
        token: w.tokens[user],
        body: { id: foreign!.id, name: 'x' },
      });
      expect(put.statusCode).toBe(404);
      expect(errorList(put)).toEqual(['Secret not found']);
    }
    expect((await list(w.tokens.integrator, `site_id=${w.sites.foreign.id}`)).response.statusCode).toBe(404);
  });
});

describe('reveal', () => {
  it('is for Contributors and above, answers no-store, and is in the activity log first', async () => {
    const secret = await create(w.tokens.integrator, {
      name: 'Revealed',
      password: PASSWORD,
      secretable_type: 'Device',
      secretable_id: w.device.id,
    });
    await expectAccessMatrix(w, 2, (token) => reveal(token, secret.id));
    const response = await reveal(w.tokens.contributor, secret.id);
    expect(response.json()).toEqual({ id: secret.id, password: PASSWORD });
    expect(response.headers['cache-control']).toBe('no-store');
    const entries = (await logsOf(t, 'Secret', secret.id)).filter((e) => e.note === 'Password revealed');
    // Every allowed caller of the matrix and the contributor above.
    expect(entries.length).toBe(7);
    expect(entries.at(-1)).toMatchObject({ user_id: w.users.contributor.id, parent_id: w.device.id });
    // The device card's Activity tab shows it.
    const logs = await t.call('POST', '/api/site/devices/logs', {
      token: w.tokens.contributor,
      body: { id: w.device.id },
    });
    expect((logs.json() as { logs: Array<{ note: string }> }).logs.map((l) => l.note)).toContain(
      'Password revealed',
    );
  });

  it('a ciphertext tampered with, or copied from another secret, does not decrypt: 409, no password', async () => {
    const a = await create(w.tokens.contributor, { name: 'A', password: 'alpha' });
    const b = await create(w.tokens.contributor, { name: 'B', password: 'bravo' });
    const sealedA = (await row(a.id))!.password_encrypted!;
    await t.db.update(secrets).set({ password_encrypted: sealedA }).where(eq(secrets.id, b.id));
    const copied = await reveal(w.tokens.contributor, b.id);
    expect(copied.statusCode).toBe(409);
    expect(copied.body).not.toContain('alpha');
    const [v, iv, tag, data] = sealedA.split(':') as [string, string, string, string];
    const bytes = Buffer.from(data, 'base64');
    bytes[0] = bytes[0]! ^ 0xff;
    await t.db
      .update(secrets)
      .set({ password_encrypted: [v, iv, tag, bytes.toString('base64')].join(':') })
      .where(eq(secrets.id, a.id));
    const tampered = await reveal(w.tokens.contributor, a.id);
    expect(tampered.statusCode).toBe(409);
    expect((tampered.json() as { code: string }).code).toBe('secret_unreadable');
    // Put things back for the key tests.
    await t.db.delete(secrets).where(eq(secrets.id, a.id));
    await t.db.delete(secrets).where(eq(secrets.id, b.id));
  });

  it('refuses bad input', async () => {
    const response = await t.call('POST', '/api/site/secrets/reveal', {
      token: w.tokens.contributor,
      body: { id: 'abc' },
    });
    expect(response.statusCode).toBe(400);
    expect((await reveal(w.tokens.contributor, 999999)).statusCode).toBe(404);
  });
});

describe('the vault key', () => {
  it('rotation re-encrypts every secret under the new key in one go, and all stay readable', async () => {
    const { assertVaultKeyOpens, rotateVaultKey } = await import('../../src/modules/secrets/keys.ts');
    const before = await t.db.select().from(secrets);
    const withPassword = before.filter((s) => s.password_encrypted);
    expect(withPassword.length).toBeGreaterThan(3);
    const next = createVault(randomBytes(32));
    await expect(assertVaultKeyOpens(t.db, t.ctx.vault)).resolves.toBeUndefined();
    await expect(assertVaultKeyOpens(t.db, next)).rejects.toThrow(/does not decrypt .* stored passwords/);

    const { createMailOutbox } = await import('../../src/platform/mail-outbox.ts');
    const waiting = { to: 'waiting@example.test', subject: 'Reset', text: 'a link', link: 'http://x/reset' };
    await createMailOutbox(t.db, t.ctx.vault).keep(waiting, 'ECONNECTION', 3600);

    const count = await rotateVaultKey(t.db, t.ctx.vault, next);
    expect(count).toBe(withPassword.length);
    // The mail waiting for the SMTP server moved to the new key with the passwords.
    const [kept] = await t.db.select().from(mailOutbox);
    expect(JSON.parse(next.decrypt(kept!.message_encrypted, 'mail-outbox'))).toEqual(waiting);
    await t.db.delete(mailOutbox);
    for (const old of withPassword) {
      const now = (await row(old.id))!;
      expect(now.password_encrypted).not.toBe(old.password_encrypted);
      expect(next.decrypt(now.password_encrypted!, secretBinding(now))).toBe(
        t.ctx.vault.decrypt(old.password_encrypted!, secretBinding(old)),
      );
    }
    await expect(assertVaultKeyOpens(t.db, next)).resolves.toBeUndefined();
    await expect(assertVaultKeyOpens(t.db, t.ctx.vault)).rejects.toThrow(/VAULT_KEY/);

    // A secret sealed under yet another key stops the rotation: nothing moves.
    const [stray] = await t.db
      .insert(secrets)
      .values({ site_id: w.sites.main.id, name: 'Stray', user_id: w.users.integrator.id })
      .returning();
    await t.db
      .update(secrets)
      .set({ password_encrypted: createVault(randomBytes(32)).encrypt('x', secretBinding(stray!)) })
      .where(eq(secrets.id, stray!.id));
    const snapshot = await t.db.select().from(secrets);
    await expect(rotateVaultKey(t.db, next, t.ctx.vault)).rejects.toThrow(new RegExp(`Secret ${stray!.id} `));
    expect(await t.db.select().from(secrets)).toEqual(snapshot);

    // Back to the app's key for any later test.
    await t.db.delete(secrets).where(eq(secrets.id, stray!.id));
    await rotateVaultKey(t.db, next, t.ctx.vault);
  });
});
