import { asc, eq, lte, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import type { MailMessage } from './mail.ts';
import type { Vault } from './vault.ts';

/** What a kept message is sealed to: no other vault ciphertext opens as a mail, nor a mail as one. */
const BINDING = 'mail-outbox';

export interface WaitingMail {
  /** Tries made so far. */
  attempts: number;
  /** null when it does not open with this vault key (the key was rotated since it was kept). */
  message: MailMessage | null;
}

/** What becomes of a mail after a try: gone (sent or given up), or tried again after a wait. */
export type Outcome = 'done' | { retryInSeconds: number; reason: string };

/** The mails waiting in the database (mail_outbox) for their next try, sealed with the vault key. */
export interface MailOutbox {
  keep(message: MailMessage, reason: string, retryInSeconds: number): Promise<void>;
  /** Seconds until the earliest waiting mail is due (0 or less: due now); undefined when none waits. */
  nextDueIn(): Promise<number | undefined>;
  /** Hands one due mail to `attempt` and stores its outcome; false when no mail is due. */
  takeDue(attempt: (mail: WaitingMail) => Promise<Outcome>): Promise<boolean>;
}

const inSeconds = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;

/**
 * How long a mail taken for a try is held back from every other taker: longer than the longest try
 * (the SMTP timeouts, mail.ts). A server that stops mid-try leaves it due again once this is past.
 */
export const MAIL_LEASE_SECONDS = 600;

export function createMailOutbox(
  db: Database['db'],
  vault: Vault,
  options: { leaseSeconds?: number } = {},
): MailOutbox {
  const lease = options.leaseSeconds ?? MAIL_LEASE_SECONDS;
  const open = (sealed: string): MailMessage | null => {
    try {
      return JSON.parse(vault.decrypt(sealed, BINDING)) as MailMessage;
    } catch {
      return null;
    }
  };

  /**
   * The earliest due mail, taken in one statement: its next try is moved past the lease, so no
   * other pass or server takes it meanwhile, and no lock or transaction is held while the mail
   * server answers (on PGlite a transaction would hold up every other query that long).
   * `id = (subquery)` runs the subquery once; `id in (subquery)` becomes a join that PostgreSQL may
   * run again for another outer row, each run skipping the rows the last one locked, so that one
   * claim leased several mails and handed on only the first (seen in CI with two takers).
   */
  const claim = async () => {
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(lte(mailOutbox.next_attempt_at, sql`now()`))
      .orderBy(asc(mailOutbox.next_attempt_at))
      .limit(1)
      .for('update', { skipLocked: true });
    const [row] = await db
      .update(mailOutbox)
      .set({ next_attempt_at: inSeconds(lease) })
      .where(sql`${mailOutbox.id} = (${due})`)
      .returning();
    return row;
  };

  return {
    async keep(message, reason, retryInSeconds) {
      await db.insert(mailOutbox).values({
        message_encrypted: vault.encrypt(JSON.stringify(message), BINDING),
        attempts: 1,
        next_attempt_at: inSeconds(retryInSeconds),
        last_error: reason,
      });
    },

    async nextDueIn() {
      const [row] = await db
        .select({ wait: sql<string | null>`extract(epoch from min(${mailOutbox.next_attempt_at}) - now())` })
        .from(mailOutbox);
      return row?.wait == null ? undefined : Number(row.wait);
    },

    async takeDue(attempt) {
      const row = await claim();
      if (!row) return false;
      const outcome = await attempt({ attempts: row.attempts, message: open(row.message_encrypted) });
      if (outcome === 'done') {
        await db.delete(mailOutbox).where(eq(mailOutbox.id, row.id));
      } else {
        await db
          .update(mailOutbox)
          .set({
            attempts: row.attempts + 1,
            next_attempt_at: inSeconds(outcome.retryInSeconds),
            last_error: outcome.reason,
          })
          .where(eq(mailOutbox.id, row.id));
      }
      return true;
    },
  };
}

/**
 * Re-seals the waiting mails from one vault key to the other, in the key rotation's transaction.
 * A mail the old key does not open stays as it is (it is given up, and logged, when tried).
 */
export async function resealMailOutbox(q: DbOrTx, from: Vault, to: Vault): Promise<number> {
  const rows = await q.select().from(mailOutbox).for('update');
  let moved = 0;
  for (const row of rows) {
    let plain: string;
    try {
      plain = from.decrypt(row.message_encrypted, BINDING);
    } catch {
      continue;
    }
    await q
      .update(mailOutbox)
      .set({ message_encrypted: to.encrypt(plain, BINDING) })
      .where(eq(mailOutbox.id, row.id));
    moved++;
  }
  return moved;
}
