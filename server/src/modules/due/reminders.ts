import {
  DUE_DAYS_DEFAULT,
  defaultReminderFrequency,
  type ReminderPreferences,
  type ReminderPreferencesUpdate,
} from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { reminderPreferences } from '../../db/schema.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { reachableSites } from '../../platform/policy.ts';

type Row = typeof reminderPreferences.$inferSelect;

const present = (row: Row): ReminderPreferences => ({
  frequency: row.frequency as ReminderPreferences['frequency'],
  weekday: row.weekday,
  days: row.days,
  site_ids: row.site_ids ?? [],
});

/** A user's reminder settings: their own, or their role's default until they change one. */
export async function preferencesOf(
  db: DbOrTx,
  user: { id: number; role: number },
): Promise<ReminderPreferences> {
  const [row] = await db.select().from(reminderPreferences).where(eq(reminderPreferences.user_id, user.id));
  if (row) return present(row);
  return { frequency: defaultReminderFrequency(user.role), weekday: 1, days: DUE_DAYS_DEFAULT, site_ids: [] };
}

/** GET /api/global/me/reminders. */
export async function getReminders(ctx: AppContext, actor: Actor) {
  return { reminders: await preferencesOf(ctx.db, { id: actor.userId, role: actor.role }) };
}

/** PUT /api/global/me/reminders: absent fields keep their value; sites must be ones the actor can open. */
export async function putReminders(ctx: AppContext, actor: Actor, input: ReminderPreferencesUpdate) {
  return ctx.db.transaction(async (tx) => {
    if (input.site_ids && input.site_ids.length > 0) {
      const reached = new Set((await reachableSites(tx, actor)).map((r) => r.site.id));
      if (input.site_ids.some((id) => !reached.has(id))) throw notFound('site_not_found');
    }
    const current = await preferencesOf(tx, { id: actor.userId, role: actor.role });
    const next = {
      frequency: input.frequency ?? current.frequency,
      weekday: input.weekday ?? current.weekday,
      days: input.days ?? current.days,
      site_ids: input.site_ids ? [...new Set(input.site_ids)] : current.site_ids,
    };
    const values = { ...next, site_ids: next.site_ids.length > 0 ? next.site_ids : null };
    const [row] = await tx
      .insert(reminderPreferences)
      .values({ user_id: actor.userId, ...values })
      .onConflictDoUpdate({ target: reminderPreferences.user_id, set: values })
      .returning();
    return { reminders: present(row!) };
  });
}

/** The signed unsubscribe link's one effect: no more reminder mails for this user. */
export async function stopReminders(db: DbOrTx, userId: number): Promise<void> {
  await db
    .insert(reminderPreferences)
    .values({ user_id: userId, frequency: 'none' })
    .onConflictDoUpdate({ target: reminderPreferences.user_id, set: { frequency: 'none' } });
}
