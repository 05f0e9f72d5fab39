import { describe, expect, it } from 'vitest';
import { slots } from '../../src/platform/slots.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('slots', () => {
  it('runs at most its size at once, the rest in arrival order, and passes on results and errors', async () => {
    const inSlot = slots(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const work = (n: number) =>
      inSlot(async () => {
        running++;
        most = Math.max(most, running);
        await tick();
        order.push(n);
        running--;
        if (n === 3) throw new Error('three');
        return n * 10;
      });
    const results = await Promise.allSettled([1, 2, 3, 4, 5, 6].map(work));
    expect(most).toBe(2);
    expect(order).toEqual([1, 2, 3, 4, 5, 6]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      10,
      20,
      'three',
      40,
      50,
      60,
    ]);
    // Nothing is left holding a slot: two more start at once.
    let together = 0;
    await Promise.all(
      [1, 2].map(() =>
        inSlot(async () => {
          together++;
          await tick();
          expect(together).toBe(2);
        }),
      ),
    );
  });
});
