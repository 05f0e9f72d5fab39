/**
 * Runs at most `size` pieces of work at once; the others wait in arrival order. A finished piece
 * hands its slot straight to the next in line, so the count never overshoots.
 */
export function slots(size: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function inSlot<T>(work: () => Promise<T>): Promise<T> {
    if (running < size) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
