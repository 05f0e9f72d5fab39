import { availableParallelism } from 'node:os';
import { callsInFlight } from './calls-in-flight.ts';
import { hashThreads } from './hash-threads.ts';

// argon2id with OWASP's recommended memory and time cost (algorithm 2 = Argon2id).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Password hashes run one per spare core, on threads of low priority that rest between hashes
 * while other calls are in flight: a burst of sign-ins queues behind itself instead of taking the
 * processors from the other requests (bench/throughput.ts, the sign-in storm).
 */
export const HASH_THREADS = Math.max(1, availableParallelism() - 1);
const threads = hashThreads(HASH_THREADS, () => callsInFlight() > 0);

export function hashPassword(password: string): Promise<string> {
  return threads.run<string>({ verify: false, password, options: OPTIONS });
}

let checksAgainstHashes = 0;

/**
 * How many passwords were checked against a stored hash in this process: how a test sees that a
 * refused sign-in did the same work as any other (a deactivated account's is checked too).
 */
export function passwordChecks(): number {
  return checksAgainstHashes;
}

export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    // Spend the same time as a real check so an unknown user can't be told apart by timing.
    await hashPassword(password);
    return false;
  }
  checksAgainstHashes++;
  try {
    return await threads.run<boolean>({ verify: true, hash: passwordHash, password });
  } catch {
    return false;
  }
}
