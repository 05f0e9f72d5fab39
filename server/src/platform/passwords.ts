import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { slots } from './slots.ts';

// argon2id with OWASP's recommended memory and time cost (algorithm 2 = Argon2id).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Password hashes run one per spare core: a burst of sign-ins queues behind itself instead of
 * taking every core from the other requests (bench/throughput.ts, the sign-in storm).
 */
const inSlot = slots(Math.max(1, availableParallelism() - 1));

export function hashPassword(password: string): Promise<string> {
  return inSlot(() => hash(password, OPTIONS));
}

export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    // Spend the same time as a real check so an unknown user can't be told apart by timing.
    await inSlot(() => hash(password, OPTIONS));
    return false;
  }
  try {
    return await inSlot(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}
