import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { userTwoFactor } from '../../db/schema.ts';
import type { Vault } from '../../platform/vault.ts';
import { twoFactorBinding } from './codes.ts';

/**
 * The TOTP secrets are sealed with the vault key: a key rotation moves them with the passwords,
 * in the same transaction, or their users could no longer sign in. Answers how many moved.
 */
export async function resealTwoFactorSecrets(tx: DbOrTx, from: Vault, to: Vault): Promise<number> {
  const rows = await tx
    .select({ user_id: userTwoFactor.user_id, sealed: userTwoFactor.secret_encrypted })
    .from(userTwoFactor)
    .for('update');
  for (const row of rows) {
    const secret = from.decrypt(row.sealed, twoFactorBinding(row.user_id));
    await tx
      .update(userTwoFactor)
      .set({ secret_encrypted: to.encrypt(secret, twoFactorBinding(row.user_id)) })
      .where(eq(userTwoFactor.user_id, row.user_id));
  }
  return rows.length;
}
