import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { hashThreads } from '../../src/platform/hash-threads.ts';
import { hashPassword, verifyPassword } from '../../src/platform/passwords.ts';

/** The nice value of each of this process's threads (Linux). */
const niceValues = () =>
  readdirSync('/proc/self/task').map((task) => {
    const fields = readFileSync(`/proc/self/task/${task}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[16]);
  });

describe('passwords', () => {
  it('hashes with argon2id and tells the right password from a wrong one', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'correct horse')).toBe(true);
    expect(await verifyPassword(hash, 'correct horsf')).toBe(false);
  });

  it('answers false for a missing or damaged hash instead of failing', async () => {
    expect(await verifyPassword(null, 'anything')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
  });

  it.runIf(process.platform === 'linux')('hashes on a thread of the lowest priority', async () => {
    await hashPassword('nice');
    expect(niceValues()).toContain(19);
    expect(niceValues()).toContain(0);
  });
});

describe('hashThreads', () => {
  it('runs at most `size` jobs at once and the rest in arrival order', async () => {
    const threads = hashThreads(1);
    const options = { algorithm: 2, memoryCost: 1024, timeCost: 1, parallelism: 1 };
    const order: number[] = [];
    const hashes = await Promise.all(
      [0, 1, 2].map((n) =>
        threads.run<string>({ verify: false, password: `p${n}`, options }).then((hash) => {
          order.push(n);
          return hash;
        }),
      ),
    );
    expect(order).toEqual([0, 1, 2]);
    expect(await threads.run({ verify: true, hash: hashes[2]!, password: 'p2' })).toBe(true);
  });

  it('rejects a job that fails, and the thread goes on with the next', async () => {
    const threads = hashThreads(1);
    await expect(threads.run({ verify: true, hash: 'garbage', password: 'x' })).rejects.toThrow();
    const options = { algorithm: 2, memoryCost: 1024, timeCost: 1, parallelism: 1 };
    expect(await threads.run<string>({ verify: false, password: 'after', options })).toMatch(/^\$argon2id/);
  });

  it('rests before a queued hash while others wait, and only then', async () => {
    // Fake setTimeout only: the rest is one, and the threads' messages still come in for real.
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      let othersWaiting = true;
      const threads = hashThreads(1, () => othersWaiting);
      const options = { algorithm: 2, memoryCost: 1024, timeCost: 1, parallelism: 1 };
      const settled: number[] = [];
      const hash = (n: number) =>
        threads.run({ verify: false, password: `p${n}`, options }).then(() => settled.push(n));
      const jobs = [hash(0), hash(1)];
      await jobs[0];
      await pumpFor(300);
      expect(settled).toEqual([0]);
      expect(vi.getTimerCount()).toBe(1);
      othersWaiting = false;
      vi.runOnlyPendingTimers();
      await jobs[1];
      // Nobody else waits now: the next two go straight after each other, with no rest between.
      await Promise.all([hash(2), hash(3)]);
      expect(settled).toEqual([0, 1, 2, 3]);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

/** Lets the event loop run (threads' messages included) for `ms` of real time, without a timer. */
async function pumpFor(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) await new Promise((resolve) => setImmediate(resolve));
}
