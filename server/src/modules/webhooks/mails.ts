import { isLanguage, Role } from '@asbuilt/domain';
import { and, eq } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { registerCatalogue, translate } from '../../platform/i18n.ts';
import en from './locales/en.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import nl from './locales/nl.json' with { type: 'json' };

registerCatalogue('webhooks', { en, fr, nl });

/**
 * Tells the tenant's active Integrators, each in their language, that the server turned an
 * endpoint off. Sent after the change is saved; a mail the SMTP server refuses waits in the outbox.
 */
export async function mailEndpointDisabled(ctx: AppContext, hook: { tenant_id: number; url: string }) {
  const integrators = await ctx.db
    .select({ email: users.email, fname: users.fname, lname: users.lname, language: users.language })
    .from(users)
    .where(
      and(eq(users.tenant_id, hook.tenant_id), eq(users.role, Role.Integrator), eq(users.user_status, true)),
    );
  const link = `${ctx.config.publicUrl}/tenant/webhooks`;
  for (const user of integrators) {
    const language = isLanguage(user.language) ? user.language : 'en';
    const name = `${user.fname} ${user.lname}`.trim() || user.email;
    await ctx.mailer.send({
      to: user.email,
      subject: translate(language, 'webhooks:disabled_mail.subject', { url: hook.url }),
      text: translate(language, 'webhooks:disabled_mail.text', { name, url: hook.url, link }),
      link,
    });
  }
}
