import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The link the message carries, printed on the console in outbox mode. */
  link?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** SMTP when a URL is configured; otherwise one file per message in the outbox folder. */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
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

export interface RetryingMailer extends Mailer {
  /** Mails waiting for their next try. */
  pending(): number;
  /** Stops the waiting tries (the server is closing); those mails are not sent. */
  close(): void;
}

/**
 * A mail the SMTP server refuses or can't take (it is down) is kept and tried again after each
 * delay, in the background: the call that sent it answers as if it went, so a password-reset
 * request answers the same whether the address is known and the mail server up, or not. Kept in
 * memory: a restart loses the waiting mails (the logs name them, never their links).
 */
export function retrying(
  inner: Mailer,
  log: FastifyBaseLogger,
  delaysSeconds = MAIL_RETRY_SECONDS,
): RetryingMailer {
  const timers = new Set<NodeJS.Timeout>();
  const attempt = async (message: MailMessage, tries: number): Promise<void> => {
    try {
      await inner.send(message);
      if (tries > 0)
        log.info({ to: message.to, subject: message.subject, tries: tries + 1 }, 'mail sent on retry');
    } catch (error) {
      const delay = delaysSeconds[tries];
      const facts = { to: message.to, subject: message.subject, reason: (error as Error).message };
      if (delay === undefined) {
        log.error(facts, 'mail given up');
        return;
      }
      log.warn({ ...facts, retry_in_seconds: delay }, 'mail not sent; will retry');
      const timer = setTimeout(() => {
        timers.delete(timer);
        void attempt(message, tries + 1);
      }, delay * 1000);
      timer.unref();
      timers.add(timer);
    }
  };
  return {
    send: (message) => attempt(message, 0),
    pending: () => timers.size,
    close: () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
