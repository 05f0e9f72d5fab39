import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { mailOutbox, tenants, users } from '../../src/db/schema.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createTenant, createUser } from '../support/factories.ts';
import { freePort } from '../support/ports.ts';
import { linkIn, startSmtp } from '../support/smtp.ts';

/**
 * Issue 15, SMTP down: a password-reset request answers the same as for an unknown address, its
 * answer carries no token, and the mail is kept and sent once the mail server is back. It is kept
 * in the database, sealed: it survives a restart, and two servers on one PostgreSQL send it once.
 */

let t: TestApp;
let port: number;
let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;

beforeAll(async () => {
  port = await freePort();
  t = await startTestApp({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAIL_RETRY_SECONDS: '0.5,0.5,0.5,0.5,0.5,0.5',
  });
});
afterAll(async () => {
  await smtp?.close();
  await t?.close();
});

describe('forgot password while the mail server is down', () => {
  it('answers the same as for an unknown address, then the mail goes once the server is back', async () => {
    const user = await createUser(t, { tenantId: (await createTenant(t)).id });
    const known = await t.call('POST', '/api/global/password/forgot', {
      body: { email: user.email },
      ip: '10.9.0.1',
    });
    const unknown = await t.call('POST', '/api/global/password/forgot', {
      body: { email: 'nobody@example.test' },
      ip: '10.9.0.2',
    });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.body).not.toMatch(/token|reset_password/);

    smtp = await startSmtp(port);
    const mail = await smtp.waitFor(user.email.toLowerCase(), 0, 10_000);
    const link = linkIn(mail);
    expect(link.pathname).toBe('/reset_password');
    expect(link.searchParams.get('token')!.length).toBeGreaterThan(40);
    expect(smtp.messages.some((m) => m.to.includes('nobody@example.test'))).toBe(false);
  });
});

const pgUrl = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
const RETRY = Array.from({ length: 20 }, () => '0.5').join(',');

/** Where a server keeps its data: a data directory (PGlite), or a schema of the test PostgreSQL. */
interface Place {
  dataDir: string;
  schemaName: string;
}

interface Server {
  database: Database;
  logs: string[];
  forgot(email: string, ip: string): Promise<number>;
  close(): Promise<void>;
}

const places: Place[] = [];
const servers: Server[] = [];
const mailServers: Array<{ close(): Promise<void> }> = [];

async function newPlace(): Promise<Place> {
  const place = {
    dataDir: await mkdtemp(path.join(tmpdir(), 'asbuilt-mail-')),
    schemaName: `mail_${randomUUID().replaceAll('-', '')}`,
  };
  places.push(place);
  return place;
}

/** A server as main.ts starts one (up to listening), its mails going to `smtpPort`. */
async function startServer(place: Place, smtpPort: number): Promise<Server> {
  const database = await openDatabase(
    pgUrl
      ? { url: pgUrl, schemaName: place.schemaName, strictConnections: true }
      : { dataDir: path.join(place.dataDir, 'db') },
  );
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const config = loadConfig({
    DATA_DIR: place.dataDir,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_RETRY_SECONDS: RETRY,
    PUBLIC_URL: 'http://asbuilt.test',
    SEED_DEMO: 'false',
    VAULT_KEY: 'mail-retry-vault-key',
    WEB_DIST: path.join(place.dataDir, 'no-web'),
  });
  const { app } = await buildApp({ config, database, logStream });
  await app.ready();
  let closed = false;
  const server: Server = {
    database,
    logs,
    async forgot(email, ip) {
      const answer = await app.inject({
        method: 'POST',
        url: '/api/global/password/forgot',
        payload: { email },
        remoteAddress: ip,
      });
      return answer.statusCode;
    },
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await database.close();
    },
  };
  servers.push(server);
  return server;
}

async function addUser(db: Database['db'], email: string) {
  const [tenant] = await db
    .insert(tenants)
    .values({ name: `Tenant of ${email}` })
    .returning();
  await db
    .insert(users)
    .values({ tenant_id: tenant!.id, email, username: email, fname: 'Mail', lname: 'User' });
}

const outboxRows = (db: Database['db']) => db.select().from(mailOutbox);

async function untilOutboxEmpty(db: Database['db'], timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while ((await outboxRows(db)).length > 0) {
    if (Date.now() > deadline) throw new Error('The outbox is still not empty');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Longer than a retry delay and a pass: a mail sent twice would have arrived twice by then. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 2500));

afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  for (const mailServer of mailServers.splice(0)) await mailServer.close();
  for (const place of places.splice(0)) {
    if (pgUrl) {
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${place.schemaName}" CASCADE`);
      await client.end();
    }
    await rm(place.dataDir, { recursive: true, force: true });
  }
});

describe('a mail kept while the mail server is down', () => {
  it('survives a restart, sealed, and goes exactly once when the mail server is back', async () => {
    const port = await freePort();
    const place = await newPlace();
    const email = 'restart@example.test';
    const before = await startServer(place, port);
    await addUser(before.database.db, email);
    expect(await before.forgot(email, '10.9.1.1')).toBe(200);
    const [kept] = await outboxRows(before.database.db);
    expect(kept).toBeDefined();
    await before.close();

    const smtp = await startSmtp(port);
    mailServers.push(smtp);
    const after = await startServer(place, port);
    const token = linkIn(await smtp.waitFor(email, 0, 10_000)).searchParams.get('token')!;
    expect(token.length).toBeGreaterThan(40);
    await untilOutboxEmpty(after.database.db);
    await settle();
    expect(smtp.messages.filter((m) => m.to.includes(email))).toHaveLength(1);

    // The kept row holds the message sealed: neither the link's token nor the address shows.
    const stored = JSON.stringify(kept);
    expect(stored).not.toContain(token);
    expect(stored).not.toContain(encodeURIComponent(token));
    expect(stored).not.toContain('reset_password');
    expect(stored).not.toContain(email);
    expect(kept!.last_error).toMatch(/^[A-Z]/);
    const logs = [...before.logs, ...after.logs].join('');
    expect(logs).toContain('mail sent on retry');
    expect(logs).not.toContain(token);
  });
});

/**
 * A mail server that takes its time over each mail (the recipients of each are kept): a mail
 * stays long under way, and the other server looks in the outbox meanwhile.
 */
async function startSlowSmtp(port: number, delayMs = 400): Promise<string[]> {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        received.push(...session.envelope.rcptTo.map((r) => r.address));
        setTimeout(callback, delayMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  mailServers.push({ close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
  return received;
}

describe.skipIf(!pgUrl)('two servers on one PostgreSQL', () => {
  it('send each kept mail once', async () => {
    const port = await freePort();
    const place = await newPlace();
    const first = await startServer(place, port);
    const emails = Array.from({ length: 5 }, (_, i) => `twin-${i}@example.test`);
    for (const email of emails) await addUser(first.database.db, email);
    for (const [i, email] of emails.entries()) expect(await first.forgot(email, `10.9.2.${i}`)).toBe(200);
    // Started now, the second server finds the kept mails as a restarted one would.
    const second = await startServer(place, port);
    expect(await outboxRows(second.database.db)).toHaveLength(emails.length);

    const received = await startSlowSmtp(port);
    await untilOutboxEmpty(first.database.db, 20_000);
    await settle();
    for (const email of emails) expect(received.filter((to) => to === email)).toHaveLength(1);
  });
});
