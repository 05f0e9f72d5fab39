/**
 * Telling "the database is out of reach" (PostgreSQL restarting, the network cut) from every
 * other failure, so that such calls answer 503 and not 500. Only errors that came from the
 * database count: those Drizzle wraps around a failed query, PostgreSQL's own, and those of the
 * pool's connections (marked by pool-guards.ts); a mail or S3 server refusing a connection is not
 * the database.
 */

const FROM_DATABASE = Symbol('from database');

/** Socket errors, SQLSTATE class 08 and the shutdown codes, and node-postgres's words. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  '57P01',
  '57P02',
  '57P03',
]);
const UNREACHABLE_WORDS =
  /Connection terminated|not queryable|terminating connection|the database system is (starting up|shutting down)/i;

/** Marks an error as the database's own; answers it, for rethrowing. */
export function markFromDatabase(error: unknown): unknown {
  if (error && typeof error === 'object') (error as Record<symbol, boolean>)[FROM_DATABASE] = true;
  return error;
}

function chain(error: unknown): object[] {
  const links: object[] = [];
  let e: unknown = error;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    links.push(e);
    e = (e as { cause?: unknown }).cause;
  }
  return links;
}

export function isDatabaseUnreachable(error: unknown): boolean {
  const links = chain(error);
  const fromDatabase = links.some(
    (e) =>
      (e as Record<symbol, unknown>)[FROM_DATABASE] === true ||
      (e as { name?: unknown }).name === 'DrizzleQueryError' ||
      'severity' in e, // node-postgres's DatabaseError: PostgreSQL said it
  );
  if (!fromDatabase) return false;
  return links.some((e) => {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || code.startsWith('08'))) return true;
    return UNREACHABLE_WORDS.test(String((e as { message?: unknown }).message ?? ''));
  });
}
