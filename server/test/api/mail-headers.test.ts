import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMailer, headerValue } from '../../src/platform/mail.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { type SiteWorld, siteWorld } from '../support/sites.ts';

/**
 * Header values typed by users (a ticket's subject) or configured (the sender) never end their
 * header and write another: line breaks and other control characters become spaces, for SMTP and
 * for the file outbox alike.
 */

const INJECTED = 'Printer down\r\nBcc: spy@evil.test\nX-Injected: yes';

/** The header lines of a raw message (folded lines joined). */
const headersOf = (raw: string) =>
  raw
    .split(/\r?\n\r?\n/)[0]!
    .replace(/\r?\n[ \t]+/g, ' ')
    .split(/\r?\n/);

let t: TestApp;
let w: SiteWorld;

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
});
afterAll(() => t?.close());

describe('mail headers', () => {
  it('turns line breaks and control characters into single spaces', () => {
    expect(headerValue('a\r\nBcc: b\u0000c\u2028d\te\u007f')).toBe('a Bcc: b c d e');
    expect(headerValue('Plain subject: #12')).toBe('Plain subject: #12');
  });

  it('keeps a ticket subject with CR/LF on one Subject line over SMTP, with no Bcc', async () => {
    const since = t.smtp.messages.length;
    const response = await t.call('POST', '/api/support/tickets', {
      token: w.tokens.contributor,
      body: { site_id: w.sites.main.id, subject: INJECTED, assignee_id: w.users.integrator.id },
    });
    expect(response.statusCode, response.body).toBe(200);
    const mail = await t.smtp.waitFor(w.users.integrator.email.toLowerCase(), since);
    const headers = headersOf(mail.raw);
    expect(headers.filter((h) => /^(bcc|x-injected):/i.test(h))).toEqual([]);
    expect(headers.find((h) => h.startsWith('Subject:'))).toContain(
      'Printer down Bcc: spy@evil.test X-Injected: yes',
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(t.smtp.messages.slice(since).flatMap((m) => m.to)).not.toContain('spy@evil.test');
  });

  it('writes the file outbox with one line per header', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'asbuilt-outbox-'));
    const log = { info: () => undefined } as unknown as FastifyBaseLogger;
    const quiet = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      const mailer = createMailer({
        from: 'Asbuilt\r\nBcc: from@evil.test <no-reply@asbuilt.test>',
        outboxDir: dir,
        log,
      });
      await mailer.send({
        to: 'ann@example.test\r\nCc: cc@evil.test',
        subject: INJECTED,
        text: 'Body\r\nstays',
      });
      const [file] = await readdir(dir);
      const raw = await readFile(path.join(dir, file!), 'utf8');
      const headers = headersOf(raw);
      expect(headers.filter((h) => /^(bcc|cc|x-injected):/i.test(h))).toEqual([]);
      expect(headers).toContain('Subject: Printer down Bcc: spy@evil.test X-Injected: yes');
      expect(headers).toContain('To: ann@example.test Cc: cc@evil.test');
      expect(headers).toContain('From: Asbuilt Bcc: from@evil.test <no-reply@asbuilt.test>');
      // The text is the body, not a header: its line breaks stay.
      expect(raw).toContain('Body\r\nstays');
    } finally {
      quiet.mockRestore();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
