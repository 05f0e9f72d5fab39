import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { HandoverPackDto } from '@asbuilt/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments, handoverPacks, sites, users } from '../../src/db/schema.ts';
import { makePack } from '../../src/modules/handover/job.ts';
import { PackQueue } from '../../src/modules/handover/queue.ts';
import type { Actor } from '../../src/platform/actor.ts';
import { inflateEntry, zipDirectory } from '../../src/platform/spreadsheet/zip-read.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createDevice } from '../support/factories.ts';
import { PDF, PNG } from '../support/files.ts';
import { errorList, expectAccessMatrix, logsOf, type SiteWorld, siteWorld } from '../support/sites.ts';

let t: TestApp;
let w: SiteWorld;

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
}, 120_000);
afterAll(() => t?.close());

const ask = (token: string, body: Record<string, unknown>) =>
  t.call('POST', '/api/site/handover', { token, body });
const list = async (siteId: number, token = w.tokens.integrator) => {
  const response = await t.call('GET', `/api/site/handover?site_id=${siteId}`, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().packs as HandoverPackDto[];
};

/** Polls the list until the pack is done or failed, keeping every progress seen. */
async function finish(
  siteId: number,
  id: number,
  seen: number[] = [],
  token = w.tokens.integrator,
): Promise<HandoverPackDto> {
  const until = Date.now() + 80_000;
  while (Date.now() < until) {
    const pack = (await list(siteId, token)).find((p) => p.id === id);
    if (!pack) throw new Error(`pack ${id} is gone`);
    seen.push(pack.progress);
    if (pack.status === 'done' || pack.status === 'failed') return pack;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`pack ${id} not finished in time`);
}

async function download(url: string) {
  return t.call('GET', url);
}

/** A stored attachment linked to `target` (null: the site itself). */
async function attach(
  siteId: number,
  name: string,
  data: Buffer,
  target: { type: 'Floor' | 'Location' | 'Device'; id: number } | null,
) {
  const key = `attachments/${siteId}/${Math.random().toString(36).slice(2)}-${name.replace(/[^A-Za-z0-9.]/g, '_')}`;
  await t.ctx.storage.put(key, data, 'application/octet-stream');
  const [row] = await t.db
    .insert(attachments)
    .values({
      site_id: siteId,
      url: key,
      filename: name,
      original_filename: name,
      file_type: name.split('.').pop()!,
      size: data.length,
      attachable_type: target?.type ?? null,
      attachable_id: target?.id ?? null,
    })
    .returning();
  return row!;
}

async function actorOf(userId: number): Promise<Actor> {
  const [user] = await t.db.select().from(users).where(eq(users.id, userId));
  const { password_hash: _, ...rest } = user!;
  return {
    userId: user!.id,
    tenantId: user!.tenant_id,
    role: user!.role,
    sessionId: 0,
    impersonatorId: null,
    user: rest,
  };
}

describe('handover packs', () => {
  it("GET lists a site's packs for Readers up; another tenant's site answers 404", async () => {
    const answers = await expectAccessMatrix(w, 1, (token) =>
      t.call('GET', `/api/site/handover?site_id=${w.sites.main.id}`, { token }),
    );
    expect(errorList(answers.other)).toEqual(['Site not found']);
    expect(answers.reader.json()).toEqual({ packs: expect.any(Array) });
    const missing = await t.call('GET', '/api/site/handover', { token: w.tokens.integrator });
    expect(missing.statusCode).toBe(400);
  });

  it("POST refuses bad options with 400 and a code, another tenant's site with 404, a Reader with 403", async () => {
    const main = w.sites.main.id;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ site_id: main }, 'field_one_of'],
      [{ site_id: main, format: 'docx' }, 'field_one_of'],
      [{ site_id: main, format: 'pdf', sections: [] }, 'field_required'],
      [{ site_id: main, format: 'pdf', sections: ['secrets'] }, 'field_one_of'],
      [{ site_id: main, format: 'pdf', language: 'de' }, 'language_unknown'],
      [{ site_id: main, format: 'pdf', floor_ids: ['x'] }, 'field_not_number'],
      [{ site_id: main, format: 'pdf', floor_ids: [w.elsewhere.floor.id] }, 'floor_not_on_site'],
      [{ site_id: main, format: 'pdf', include_archived: 'maybe' }, 'field_not_boolean'],
    ];
    for (const [body, code] of cases) {
      const response = await ask(w.tokens.integrator, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error).toBeTruthy();
      expect(JSON.stringify(response.json()), JSON.stringify(body)).toContain(code);
    }
    const foreign = await ask(w.tokens.integrator, { site_id: w.sites.foreign.id, format: 'pdf' });
    expect(foreign.statusCode).toBe(404);
    expect(errorList(foreign)).toEqual(['Site not found']);
    const reader = await ask(w.tokens.reader, { site_id: main, format: 'pdf' });
    expect(reader.statusCode).toBe(403);
    const none = await t.db.select().from(handoverPacks).where(eq(handoverPacks.site_id, w.sites.foreign.id));
    expect(none).toEqual([]);
  });

  it('POST answers 409 while the asker already has two packs of the site queued or being made', async () => {
    const waiting = async () => {
      const [row] = await t.db
        .insert(handoverPacks)
        .values({
          tenant_id: w.a.id,
          site_id: w.sites.main.id,
          user_id: w.users.owner.id,
          format: 'pdf',
          language: 'en',
          options: { sections: ['summary'], floor_ids: null, include_archived: false },
        })
        .returning();
      return row!.id;
    };
    const ids = [await waiting(), await waiting()];
    const busy = await ask(w.tokens.owner, { site_id: w.sites.main.id, format: 'pdf' });
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({ code: 'handover_pack_busy', params: { count: 2 } });
    // Another user is not held back.
    const other = await ask(w.tokens.integrator, {
      site_id: w.sites.main.id,
      format: 'pdf',
      sections: ['summary'],
    });
    expect(other.statusCode).toBe(200);
    await finish(w.sites.main.id, other.json().id);
    await t.db.delete(handoverPacks).where(inArray(handoverPacks.id, ids));
  });

  it('a Contributor makes a PDF pack: progress up to 100, a signed URL that downloads without a session, logged', async () => {
    const response = await ask(w.tokens.contributor, {
      site_id: w.sites.main.id,
      format: 'pdf',
      sections: ['devices', 'summary'],
      language: 'nl',
    });
    expect(response.statusCode, response.body).toBe(200);
    const { id, number } = response.json() as { id: number; number: string };
    const seen: number[] = [];
    const pack = await finish(w.sites.main.id, id, seen);
    // Numbered within the site, as the site's counter says: never a platform-wide id.
    const [site] = await t.db
      .select({ counter: sites.handover_counter })
      .from(sites)
      .where(eq(sites.id, w.sites.main.id));
    expect(number).toBe(`HP-${String(site!.counter).padStart(5, '0')}`);
    expect(pack.number).toBe(number);
    // Another tenant's first pack is its site's first, whatever this tenant has made.
    const foreign = await ask(w.tokens.other, { site_id: w.sites.foreign.id, format: 'pdf' });
    expect(foreign.statusCode, foreign.body).toBe(200);
    expect(foreign.json().number).toBe('HP-00001');
    await finish(w.sites.foreign.id, foreign.json().id, [], w.tokens.other);
    expect(pack).toMatchObject({
      id,
      status: 'done',
      progress: 100,
      step: null,
      format: 'pdf',
      language: 'nl',
      options: { sections: ['summary', 'devices'], floor_ids: null, include_archived: false },
      error_code: null,
      user: { id: w.users.contributor.id, name: expect.any(String) },
    });
    expect(seen.every((value, i) => i === 0 || value >= seen[i - 1]!)).toBe(true);
    expect(pack.pages).toBeGreaterThan(0);
    expect(pack.size).toBeGreaterThan(0);
    expect(pack.finished_at).toEqual(expect.any(String));

    const file = await download(pack.url!);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain('Opleveringsdossier');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(file.rawPayload.length).toBe(pack.size);

    const url = new URL(pack.url!, 'http://x');
    const signature = url.searchParams.get('signature')!;
    const tampered = [
      (u: URL) =>
        u.searchParams.set('signature', `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`),
      (u: URL) => u.searchParams.set('name', 'other.pdf'),
      (u: URL) => u.searchParams.set('expires', String(Number(u.searchParams.get('expires')) + 3600)),
    ];
    for (const change of tampered) {
      const edited = new URL(url);
      change(edited);
      const refused = await download(`${edited.pathname}${edited.search}`);
      expect(refused.statusCode).toBe(403);
    }

    const [log] = await logsOf(t, 'HandoverPack', id);
    expect(log).toMatchObject({
      action: 'created',
      site_id: w.sites.main.id,
      user_id: w.users.contributor.id,
    });
  });

  it("the language defaults to the asker's and the sections to all but the datasheets", async () => {
    await t.db.update(users).set({ language: 'fr' }).where(eq(users.id, w.users.full.id));
    const response = await ask(w.tokens.full, { site_id: w.sites.main.id, format: 'pdf' });
    const pack = await finish(w.sites.main.id, response.json().id);
    expect(pack.language).toBe('fr');
    expect(pack.options.sections).not.toContain('datasheets');
    expect(pack.options.sections).toContain('devices');
    expect(pack.status).toBe('done');
  });

  it('a ZIP holds the PDF, the exports and every attachment under its name, in folders by floor, location and device', async () => {
    const site = w.sites.main.id;
    const odd = await createDevice(t, {
      siteId: site,
      productId: w.products.own.id,
      code: 'ODD-1',
      name: '<script>alert(1)</script>',
      note: 'Geplaatst boven het valse plafond, naast de brandklep',
      floor_id: w.floors.ground.id,
      location_id: w.locations.lobby.id,
    });
    const archived = await createDevice(t, {
      siteId: site,
      productId: w.products.own.id,
      code: 'OLD-1',
      archived: true,
    });
    await attach(site, 'Site plan.pdf', PDF, null);
    await attach(site, 'Ground.png', PNG, { type: 'Floor', id: w.floors.ground.id });
    await attach(site, 'Lobby.png', PNG, { type: 'Location', id: w.locations.lobby.id });
    await attach(site, 'Manual.pdf', PDF, { type: 'Device', id: odd.id });
    await attach(site, 'manual.pdf', PDF, { type: 'Device', id: odd.id });
    await attach(site, 'Old.pdf', PDF, { type: 'Device', id: archived.id });
    await attach(site, 'Office.png', PNG, { type: 'Location', id: w.locations.office.id });

    const response = await ask(w.tokens.integrator, {
      site_id: site,
      format: 'zip',
      sections: ['devices'],
      language: 'en',
    });
    const pack = await finish(site, response.json().id);
    expect(pack.status, pack.error_code ?? '').toBe('done');
    const file = await download(pack.url!);
    expect(file.headers['content-type']).toBe('application/zip');
    const entries = zipDirectory(file.rawPayload)!;
    const names = entries.map((entry) => entry.name);
    expect(names).toEqual(
      expect.arrayContaining([
        `Main - Handover pack ${pack.number}.pdf`,
        'Exports/Main devices.xlsx',
        'Exports/Main floors.xlsx',
        'Exports/Main connections.xlsx',
        'Attachments/Site plan.pdf',
        'Attachments/Ground/Ground.png',
        'Attachments/Ground/Lobby/Lobby.png',
        'Attachments/Ground/Lobby/ODD-1 _script_alert(1)__script_/Manual.pdf',
        'Attachments/Ground/Lobby/ODD-1 _script_alert(1)__script_/manual (2).pdf',
        'Attachments/First/Office/Office.png',
      ]),
    );
    expect(names.some((name) => name.includes('Old.pdf'))).toBe(false);
    const manual = entries.find((entry) => entry.name.endsWith('/Manual.pdf'))!;
    expect(inflateEntry(file.rawPayload, manual)).toEqual(PDF);
    const pdf = entries.find((entry) => entry.name.endsWith('.pdf') && !entry.name.includes('/'))!;
    expect(inflateEntry(file.rawPayload, pdf).subarray(0, 5).toString()).toBe('%PDF-');

    // Asked floors only: the other floors' files are left out, the site's own stay; archived devices when asked.
    const some = await ask(w.tokens.integrator, {
      site_id: site,
      format: 'zip',
      sections: ['devices'],
      floor_ids: [w.floors.first.id],
      include_archived: true,
    });
    const second = await finish(site, some.json().id);
    const secondNames = zipDirectory((await download(second.url!)).rawPayload)!.map((entry) => entry.name);
    expect(secondNames).toContain('Attachments/Site plan.pdf');
    expect(secondNames).toContain('Attachments/First/Office/Office.png');
    expect(secondNames.some((name) => name.includes('Ground'))).toBe(false);
  });

  it('the eleventh pack of a site removes the oldest, row and file', async () => {
    const site = w.sites.second.id;
    const old: Array<{ id: number; key: string }> = [];
    for (let i = 0; i < 10; i++) {
      const key = `handover/${site}/old-${i}.pdf`;
      await t.ctx.storage.put(key, PDF, 'application/pdf');
      const [row] = await t.db
        .insert(handoverPacks)
        .values({
          tenant_id: w.a.id,
          site_id: site,
          status: 'done',
          progress: 100,
          format: 'pdf',
          language: 'en',
          storage_key: key,
          size: PDF.length,
          pages: 1,
          options: { sections: ['summary'], floor_ids: null, include_archived: false },
          created_at: new Date(Date.now() - (20 - i) * 60_000),
          finished_at: new Date(Date.now() - (20 - i) * 60_000),
        })
        .returning();
      old.push({ id: row!.id, key });
    }
    const response = await ask(w.tokens.integrator, { site_id: site, format: 'pdf', sections: ['summary'] });
    const made = await finish(site, response.json().id);
    expect(made.status).toBe('done');
    const packs = await list(site);
    expect(packs).toHaveLength(10);
    expect(packs[0]!.id).toBe(made.id);
    expect(packs.map((p) => p.id)).not.toContain(old[0]!.id);
    expect(packs.map((p) => p.id)).toContain(old[1]!.id);
    expect(await t.ctx.storage.read(old[0]!.key)).toBeNull();
    expect(await t.ctx.storage.read(old[1]!.key)).not.toBeNull();
  });

  it('DELETE removes a pack and its file for Contributors up; Readers 403; another tenant and unknown ids 404', async () => {
    const response = await ask(w.tokens.integrator, {
      site_id: w.sites.main.id,
      format: 'pdf',
      sections: ['summary'],
    });
    const pack = await finish(w.sites.main.id, response.json().id);
    const [row] = await t.db.select().from(handoverPacks).where(eq(handoverPacks.id, pack.id));

    const reader = await t.call('DELETE', `/api/site/handover?id=${pack.id}`, { token: w.tokens.reader });
    expect(reader.statusCode).toBe(403);
    const other = await t.call('DELETE', `/api/site/handover?id=${pack.id}`, { token: w.tokens.other });
    expect(other.statusCode).toBe(404);
    expect(errorList(other)).toEqual(['Handover pack not found']);
    const noAccess = await t.call('DELETE', `/api/site/handover?id=${pack.id}`, { token: w.tokens.noAccess });
    expect(noAccess.statusCode).toBe(404);
    const unknown = await t.call('DELETE', '/api/site/handover?id=99999999', { token: w.tokens.integrator });
    expect(unknown.statusCode).toBe(404);
    const bad = await t.call('DELETE', '/api/site/handover?id=abc', { token: w.tokens.integrator });
    expect(bad.statusCode).toBe(400);

    const done = await t.call('DELETE', `/api/site/handover?id=${pack.id}`, { token: w.tokens.contributor });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ id: pack.id });
    expect(await t.db.select().from(handoverPacks).where(eq(handoverPacks.id, pack.id))).toEqual([]);
    expect(await t.ctx.storage.read(row!.storage_key!)).toBeNull();
    expect((await download(pack.url!)).statusCode).toBe(404);
    const logs = await logsOf(t, 'HandoverPack', pack.id);
    expect(logs.map((log) => log.action)).toEqual(['created', 'deleted']);
  });

  it('a pack deleted while it waits or is made leaves neither a row nor a file', async () => {
    const site = w.sites.second.id;
    const first = (
      await ask(w.tokens.integrator, { site_id: site, format: 'zip', sections: ['summary'] })
    ).json().id;
    const second = (
      await ask(w.tokens.integrator, { site_id: site, format: 'pdf', sections: ['summary'] })
    ).json().id;
    for (const id of [first, second]) {
      const deleted = await t.call('DELETE', `/api/site/handover?id=${id}`, { token: w.tokens.integrator });
      expect(deleted.statusCode).toBe(200);
    }
    // A third pack made after them shows the queue went on.
    const third = (
      await ask(w.tokens.integrator, { site_id: site, format: 'pdf', sections: ['summary'] })
    ).json().id;
    expect((await finish(site, third)).status).toBe('done');
    const rows = await t.db
      .select()
      .from(handoverPacks)
      .where(inArray(handoverPacks.id, [first, second]));
    expect(rows).toEqual([]);
    const stored = await readdir(path.join(t.dataDir, 'files', 'handover', String(site)));
    const keys = (await t.db.select().from(handoverPacks).where(eq(handoverPacks.site_id, site))).map((row) =>
      path.basename(row.storage_key ?? ''),
    );
    expect(stored.filter((name) => !keys.includes(name))).toEqual([]);
    expect(await readdir(path.join(t.dataDir, 'tmp')).catch(() => [])).toEqual([]);
  });

  it('a pack whose maker can no longer export fails with a code; a pack left by a stopped server is failed as interrupted', async () => {
    const [queued] = await t.db
      .insert(handoverPacks)
      .values({
        tenant_id: w.a.id,
        site_id: w.sites.main.id,
        format: 'zip',
        language: 'en',
        options: { sections: ['summary'], floor_ids: null, include_archived: false },
      })
      .returning();
    // A Reader: the ZIP's device export needs a Contributor.
    const noop = { warn: () => undefined, error: () => undefined } as never;
    await makePack(
      t.ctx,
      { packId: queued!.id, actor: await actorOf(w.users.reader.id) },
      new AbortController().signal,
      noop,
    );
    const [failed] = await t.db.select().from(handoverPacks).where(eq(handoverPacks.id, queued!.id));
    expect(failed).toMatchObject({ status: 'failed', error_code: 'render_failed', storage_key: null });

    const [left] = await t.db
      .insert(handoverPacks)
      .values({
        tenant_id: w.a.id,
        site_id: w.sites.main.id,
        status: 'running',
        progress: 40,
        step: 'devices',
        format: 'pdf',
        language: 'en',
        options: { sections: ['summary'], floor_ids: null, include_archived: false },
      })
      .returning();
    await t.db
      .update(handoverPacks)
      .set({ updated_at: new Date(Date.now() - 5 * 60_000) })
      .where(eq(handoverPacks.id, left!.id));
    const shown = (await list(w.sites.main.id)).find((p) => p.id === left!.id);
    expect(shown).toMatchObject({ status: 'failed', error_code: 'interrupted', url: null });
  });

  it('the queue makes one pack at a time, drops a cancelled one and marks the ones left when closing', async () => {
    const insert = async () => {
      const [row] = await t.db
        .insert(handoverPacks)
        .values({
          tenant_id: w.a.id,
          site_id: w.sites.second.id,
          format: 'pdf',
          language: 'en',
          options: { sections: ['summary'], floor_ids: null, include_archived: false },
        })
        .returning();
      return row!.id;
    };
    let running = 0;
    let most = 0;
    const made: number[] = [];
    let release: () => void = () => undefined;
    const queue = new PackQueue(
      t.ctx,
      async (_ctx, job, signal) => {
        running++;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => {
          release = resolve;
          signal.addEventListener('abort', () => resolve(), { once: true });
        });
        made.push(job.packId);
        running--;
      },
      { warn: () => undefined, error: () => undefined } as never,
    );
    const actor = await actorOf(w.users.integrator.id);
    const [a, b, c, d] = [await insert(), await insert(), await insert(), await insert()];
    for (const packId of [a, b, c, d]) queue.add({ packId, actor });
    queue.cancel(b);
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(made).toEqual([a]);
    await queue.close();
    expect(most).toBe(1);
    expect(made).toEqual([a, c]);
    const [left] = await t.db
      .select()
      .from(handoverPacks)
      .where(and(eq(handoverPacks.id, d), eq(handoverPacks.status, 'failed')));
    expect(left?.error_code).toBe('interrupted');
  });
});
