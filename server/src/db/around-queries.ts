import type pg from 'pg';

type Query = (...args: unknown[]) => unknown;

/**
 * Wraps a connection's `query` so that `start` runs as each query is sent and `end` as it ends,
 * with its error if it failed (whatever `end` answers is what the caller gets instead), for the
 * callback form and the promise form alike. The guards of db/ stack on it.
 */
export function aroundQueries(
  client: pg.ClientBase,
  hooks: { start?: () => void; end: (error: unknown) => unknown },
): void {
  const query = client.query.bind(client) as Query;
  (client as unknown as { query: Query }).query = (...args) => {
    hooks.start?.();
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      args[args.length - 1] = (error: unknown, ...rest: unknown[]) =>
        (callback as Query)(hooks.end(error), ...rest);
      return query(...args);
    }
    const result = query(...args);
    if (result && typeof (result as PromiseLike<unknown>).then === 'function') {
      return (result as Promise<unknown>).then(
        (value) => {
          hooks.end(undefined);
          return value;
        },
        (error: unknown) => {
          throw hooks.end(error);
        },
      );
    }
    hooks.end(undefined); // a submittable (cursor, stream) reports its end itself; not used by the app
    return result;
  };
}
