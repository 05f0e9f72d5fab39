import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { secrets } from '../../db/schema.ts';
import { resealMailOutbox } from '../../platform/mail-outbox.ts';
import { secretBinding, type Vault } from '../../platform/vault.ts';
import { resealSsoSecrets } from '../sso/keys.ts';
import { resealTwoFactorSecrets } from '../two-factor/keys.ts';
import { resealWebhookSecrets } from '../webhooks/secrets.ts';
import { sealedPasswords } from './queries.ts';

/** Why the server won't start, or a rotation won't run: said in words an operator can act on. */
export class VaultKeyError extends Error {
  override name = 'VaultKeyError';
}

/**
 * At start: every stored password must open with the key in force. A wrong VAULT_KEY (or a lost
 * key file, replaced by a new one) would otherwise show up only when someone reveals a password.
 */
export async function assertVaultKeyOpens(db: DbOrTx, vault: Vault): Promise<void> {
  const rows = await sealedPasswords(db);
  const failed = rows.filter((row) => !opens(vault, row));
  if (failed.length === 0) return;
  throw new VaultKeyError(
    `The vault key does not decrypt ${failed.length} of the ${rows.length} stored passwords ` +
      `(secret ids ${failed
        .slice(0, 5)
        .map((r) => r.id)
        .join(', ')}${failed.length > 5 ? ', …' : ''}). ` +
      'Start with the VAULT_KEY (or the DATA_DIR/vault.key file) they were encrypted with; ' +
      'to move to a new key, run `npm run rotate-vault-key` with the old key in place.',
  );
}

function opens(vault: Vault, row: { id: number; site_id: number; sealed: string | null }): boolean {
  try {
    vault.decrypt(row.sealed!, secretBinding(row));
    return true;
  } catch {
    return false;
  }
}

/**
 * Re-encrypts every stored password (and every waiting mail) from one key to the other in one
 * transaction: either all move or none does. Answers how many passwords moved.
 */
export async function rotateVaultKey(db: Db, from: Vault, to: Vault): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await sealedPasswords(tx).for('update');
    for (const row of rows) {
      let plain: string;
      try {
        plain = from.decrypt(row.sealed!, secretBinding(row));
      } catch {
        throw new VaultKeyError(
          `Secret ${row.id} does not decrypt with the current key: nothing was changed. ` +
            'Run the rotation with the key the secrets were encrypted with.',
        );
      }
      await tx
        .update(secrets)
        .set({ password_encrypted: to.encrypt(plain, secretBinding(row)) })
        .where(eq(secrets.id, row.id));
    }
    // Mails waiting for the SMTP server, sign-in codes' secrets and webhook signing secrets are
    // sealed with the same key.
    await resealMailOutbox(tx, from, to);
    await resealTwoFactorSecrets(tx, from, to);
    await resealSsoSecrets(tx, from, to);
    await resealWebhookSecrets(tx, from, to);
    return rows.length;
  });
}
