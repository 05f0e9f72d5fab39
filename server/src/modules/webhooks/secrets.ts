import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { webhooks } from '../../db/schema.ts';
import type { Vault } from '../../platform/vault.ts';

/** What an endpoint's signing secret is sealed to: its own row, so a ciphertext copied onto another fails to open. */
export const webhookBinding = (hook: { id: number; tenant_id: number }) =>
  `webhook:${hook.tenant_id}:${hook.id}`;

export function sealSecret(vault: Vault, hook: { id: number; tenant_id: number }, secret: string): string {
  return vault.encrypt(secret, webhookBinding(hook));
}

/** null when it does not open with this vault key (the key was changed since). */
export function openSecret(
  vault: Vault,
  hook: { id: number; tenant_id: number; secret_encrypted: string },
): string | null {
  try {
    return vault.decrypt(hook.secret_encrypted, webhookBinding(hook));
  } catch {
    return null;
  }
}

/**
 * Re-seals every endpoint's secret from one vault key to the other, in the key rotation's
 * transaction (secrets/keys.ts). A secret the old key does not open stays as it is: its endpoint
 * logs `secret_unreadable` until it is given a new secret.
 */
export async function resealWebhookSecrets(q: DbOrTx, from: Vault, to: Vault): Promise<number> {
  const rows = await q.select().from(webhooks).for('update');
  let moved = 0;
  for (const row of rows) {
    const plain = openSecret(from, row);
    if (plain === null) continue;
    await q
      .update(webhooks)
      .set({ secret_encrypted: sealSecret(to, row, plain) })
      .where(eq(webhooks.id, row.id));
    moved++;
  }
  return moved;
}
