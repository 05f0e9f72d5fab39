import type { TenantSettingsDto } from '@asbuilt/domain';
import { Role } from '@asbuilt/domain';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { tenants, uploads } from '../../db/schema.ts';
import { changesOf, logActivity } from '../../platform/activity.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { can } from '../../platform/policy.ts';
import { takeUpload } from '../uploads/service.ts';
import { logoTenant } from './scope.ts';

/** The tenant's logo (issue 42): shown on its settings page and printed on its handover packs' cover. */

type TenantRow = typeof tenants.$inferSelect;

/** The change as the log shows it: whether there is a logo (its storage key means nothing to a reader). */
const LOGGED_FIELD = 'logo';

function present(ctx: AppContext, actor: Actor, row: TenantRow): TenantSettingsDto {
  return {
    id: row.id,
    name: row.name,
    logo_url: ctx.storage.signedUrl(row.logo_key),
    can_edit: can(actor, 'tenant:settings'),
  };
}

/** GET /api/tenant/settings: every user reads their own tenant; a Super Admin any tenant. */
export async function tenantSettings(
  ctx: AppContext,
  actor: Actor,
  tenantId: number | undefined,
): Promise<TenantSettingsDto> {
  const id = tenantId ?? actor.tenantId;
  if (id !== actor.tenantId && actor.role !== Role.SuperAdmin) throw notFound('tenant_not_found');
  const [row] = await ctx.db.select().from(tenants).where(eq(tenants.id, id)).limit(1);
  if (!row) throw notFound('tenant_not_found');
  return present(ctx, actor, row);
}

/**
 * Sets (a verified upload's `key`) or removes (null) the logo, logged in the tenant's activity. The
 * replaced file and its upload row go once the change is saved, so the quota stops counting it.
 */
export async function setLogo(
  ctx: AppContext,
  actor: Actor,
  tenantId: number | undefined,
  key: string | null,
): Promise<TenantSettingsDto> {
  const id = await logoTenant(ctx.db, actor, tenantId);
  const { row, replaced } = await ctx.db.transaction(async (tx) => {
    const [existing] = await tx.select().from(tenants).where(eq(tenants.id, id)).limit(1).for('update');
    if (!existing) throw notFound('tenant_not_found');
    if (key === existing.logo_key) return { row: existing, replaced: null };
    if (key) await takeUpload(tx, key, { folder: 'logos', tenantId: id });
    const [updated] = await tx.update(tenants).set({ logo_key: key }).where(eq(tenants.id, id)).returning();
    await logActivity(tx, actor, {
      objectModel: 'Tenant',
      objectId: id,
      objectName: existing.name,
      action: 'updated',
      note: key ? 'Logo uploaded' : 'Logo removed',
      tenantId: id,
      changes: changesOf({ [LOGGED_FIELD]: Boolean(existing.logo_key) }, { [LOGGED_FIELD]: Boolean(key) }),
    });
    if (existing.logo_key) await forgetUpload(tx, existing.logo_key);
    return { row: updated!, replaced: existing.logo_key };
  });
  if (replaced) await ctx.storage.remove(replaced).catch(() => undefined);
  return present(ctx, actor, row);
}

async function forgetUpload(tx: DbOrTx, key: string) {
  await tx.delete(uploads).where(and(eq(uploads.key, key), eq(uploads.folder, 'logos')));
}
