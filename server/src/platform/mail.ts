import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { MailOutbox, Outcome, WaitingMail } from './mail-outbox.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The link the message carries, printed on the console in outbox mode. */
  link?: string;
  /** Extra headers (List-Unsubscribe of the reminder mails); their values pass through `headerValue`. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** The longest each step of an SMTP exchange may take, in ms (MAIL_LEASE_SECONDS covers them all). */
export const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

/**
 * A header value on one line: line breaks and every other control character become a space. A
 * subject typed by a user (a ticket's) must not end its header and write another (`Bcc:`).
 */
export function headerValue(value: string): string {
  return value
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** The message with its header values cleaned: every transport sends only what this returns. */
function withCleanHeaders(message: MailMessage): MailMessage {
  const headers = message.headers
    ? Object.fromEntries(Object.entries(message.headers).map(([name, value]) => [name, headerValue(value)]))
    : undefined;
  return {
    ...message,
    to: headerValue(message.to),
    subject: headerValue(message.subject),
    ...(headers && { headers }),
  };
}

/**
 * SMTP when a URL is configured; otherwise one file per message in the outbox folder. Both get
 * their header values (from, to, subject) through `headerValue`.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  const transport = createTransport({ ...options, from: headerValue(options.from) });
  return { send: (message) => transport.send(withCleanHeaders(message)) };
}

function createTransport(options: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    // The URL's own settings come first; these only replace nodemailer's defaults (2 minutes to
    // connect, 10 of silence), which held a request for minutes behind an unreachable host.
    const transport = nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS });
    return {
      async send(message) {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.headers && { headers: message.headers }),
        });
        options.log.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
    };
  }
  return {
    async send(message) {
      await mkdir(options.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(options.outboxDir, `${stamp}-${randomUUID().slice(0, 8)}.eml`);
      const body = [
        `From: ${options.from}`,
        `To: ${message.to}`,
        `Subject: ${message.subject}`,
        ...Object.entries(message.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
        `Date: ${new Date().toUTCString()}`,
        'Content-Type: text/plain; charset=utf-8',
        '',
        message.text,
        '',
      ].join('\n');
      await writeFile(file, body, { mode: 0o600 });
      // The outbox stands in for a mail server on a laptop, so the link goes to the console (not the log).
      const link = message.link ? `\n   link: ${message.link}` : '';
      console.log(`\n✉  Mail to ${message.to}: "${message.subject}"\n   saved in ${file}${link}\n`);
    },
  };
}

/** Seconds before each new try of a mail the SMTP server did not take (MAIL_RETRY_SECONDS). */
export const MAIL_RETRY_SECONDS = [30, 120, 600, 1800];

/**
 * The longest a server goes without looking in the outbox, even when nothing it knows of waits:
 * for the mails of another server on the same PostgreSQL that stopped before sending them.
 */
export const MAIL_OUTBOX_IDLE_SECONDS = 300;

export interface RetryingMailer extends Mailer {
  /** Tries the mails a previous run left waiting, and keeps trying the waiting ones. */
  start(): void;
  /** Stops the tries (the server is closing) once the one under way is done; the rest wait in the outbox. */
  close(): Promise<void>;
}

/** The innermost error: a failed query's own message holds its parameters, its cause does not. */
function rootOf(error: unknown): Error {
  let e = error;
  while (e instanceof Error && e.cause instanceof Error) e = e.cause;
  return e instanceof Error ? e : new Error(String(error));
}

/** What the outbox records of a refusal: its code, as nodemailer's messages may name the recipient. */
function refusal(error: unknown): string {
  const e = rootOf(error) as Error & { code?: unknown; responseCode?: unknown };
  return [e.code, e.responseCode].filter((part) => part !== undefined).join(' ') || e.name;
}

/**
 * A mail the SMTP server refuses or can't take (it is down) is kept in the outbox (the database,
 * sealed with the vault key) and tried again after each delay, in the background: the call that
 * sent it answers as if it went, so a password-reset request answers the same whether the address
 * is known and the mail server up, or not. Kept mails survive a restart; the logs name them,
 * never their text or links.
 */
export function retrying(
  inner: Mailer,
  outbox: MailOutbox,
  log: FastifyBaseLogger,
  options: { delaysSeconds?: number[]; idleSeconds?: number } = {},
): RetryingMailer {
  const delays = options.delaysSeconds ?? MAIL_RETRY_SECONDS;
  const idle = options.idleSeconds ?? MAIL_OUTBOX_IDLE_SECONDS;
  let closed = false;
  let wake: NodeJS.Timeout | undefined;
  let wakeAt = Number.POSITIVE_INFINITY;
  let pass: Promise<void> | undefined;
  let passAgain = false;

  const wakeWithin = (seconds: number) => {
    const at = Date.now() + seconds * 1000;
    if (closed || at >= wakeAt) return;
    clearTimeout(wake);
    wakeAt = at;
    wake = setTimeout(() => {
      wakeAt = Number.POSITIVE_INFINITY;
      runPass();
    }, seconds * 1000);
    wake.unref();
  };

  // After the last delay a mail is given up and its row deleted, not marked: nothing would ever
  // send a marked row, its link expires soon anyway, and the log names it.
  const tryAgain = async ({ attempts, message }: WaitingMail): Promise<Outcome> => {
    if (!message) {
      log.error({ reason: 'sealed with another vault key' }, 'mail given up');
      return 'done';
    }
    const facts = { to: message.to, subject: message.subject };
    try {
      await inner.send(message);
      log.info({ ...facts, tries: attempts + 1 }, 'mail sent on retry');
      return 'done';
    } catch (error) {
      const delay = delays[attempts];
      const reason = rootOf(error).message;
      if (delay === undefined) {
        log.error({ ...facts, reason, tries: attempts + 1 }, 'mail given up');
        return 'done';
      }
      log.warn({ ...facts, reason, retry_in_seconds: delay }, 'mail not sent; will retry');
      return { retryInSeconds: delay, reason: refusal(error) };
    }
  };

  /** Tries the due mails; answers the seconds until the next pass. */
  const drain = async (): Promise<number> => {
    let took = true;
    while (took && !closed) took = await outbox.takeDue(tryAgain);
    if (closed) return idle;
    // A mail due now that was not taken was being taken by another server: look again shortly.
    return Math.min(idle, Math.max(1, (await outbox.nextDueIn()) ?? idle));
  };

  // One pass at a time: a wake-up during a pass runs another pass after it, not beside it.
  const runPass = () => {
    if (pass) {
      passAgain = true;
      return;
    }
    pass = drain()
      .catch((error: unknown) => {
        log.error({ reason: rootOf(error).message }, 'mail outbox unreachable');
        return Math.min(idle, delays[0] ?? idle);
      })
      .then((next) => {
        pass = undefined;
        wakeWithin(passAgain ? 0 : next);
        passAgain = false;
      });
  };

  const keep = async (message: MailMessage, error: unknown) => {
    const delay = delays[0];
    const facts = { to: message.to, subject: message.subject, reason: rootOf(error).message };
    if (delay === undefined) {
      log.error(facts, 'mail given up');
      return;
    }
    try {
      await outbox.keep(message, refusal(error), delay);
    } catch (outboxError) {
      log.error({ ...facts, outbox: rootOf(outboxError).message }, 'mail given up: outbox unreachable');
      return;
    }
    log.warn({ ...facts, retry_in_seconds: delay }, 'mail not sent; will retry');
    wakeWithin(delay);
  };

  return {
    async send(message) {
      try {
        await inner.send(message);
      } catch (error) {
        await keep(message, error);
      }
    },
    start: () => wakeWithin(0),
    async close() {
      closed = true;
      clearTimeout(wake);
      await pass;
    },
  };
}
