import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { sendReminders } from './job.ts';

const EVERY_MS = 60 * 60_000;

/**
 * Runs the reminder job at start and then every hour until `stop` is called; never throws. Each
 * user's digest goes out on the first run of their day; the runs after it find the items claimed
 * (reminders_sent), so several servers, or a restart, mail nothing twice.
 */
export function startReminderSchedule(ctx: AppContext, log: FastifyBaseLogger): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const mailed = await sendReminders(ctx);
      if (mailed > 0) log.info({ mailed }, 'reminder mails sent');
    } catch (error) {
      log.warn({ err: error }, 'reminder mails not sent');
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(run, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
