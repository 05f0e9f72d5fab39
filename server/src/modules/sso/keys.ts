import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { tenantSso } from '../../db/schema.ts';
import type { Vault } from '../../platform/vault.ts';
import { ssoSecretBinding } from './provider.ts';

/** The providers' client secrets move with the vault key, in the rotation's transaction. */
export async function resealSsoSecrets(tx: DbOrTx, from: Vault, to: Vault): Promise<number> {
  const rows = await tx
    .select({ tenant_id: tenantSso.tenant_id, sealed: tenantSso.client_secret_encrypted })
    .from(tenantSso)
    .for('update');
  for (const row of rows) {
    const secret = from.decrypt(row.sealed, ssoSecretBinding(row.tenant_id));
    await tx
      .update(tenantSso)
      .set({ client_secret_encrypted: to.encrypt(secret, ssoSecretBinding(row.tenant_id)) })
      .where(eq(tenantSso.tenant_id, row.tenant_id));
  }
  return rows.length;
}
