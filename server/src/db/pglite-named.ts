import { type PGlite, parse, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';

/**
 * Statements kept parsed and planned in the embedded database, as node-postgres keeps a named
 * statement on each PostgreSQL connection. PGlite's `query` parses and plans its text again at
 * every call (an unnamed statement), in six calls into the database: the session look-up, sent
 * by every signed-in call, took 1.0 ms that way and 0.45 ms as a named statement on the bench host.
 *
 * Only the texts `prepared()` names (db/prepared.ts) take this way: the statements every call
 * sends, whose plans do not depend on their values.
 */
const keptTexts = new Set<string>();

/** Marks a statement's text as one to keep parsed in each embedded database. */
export function keepParsed(text: string) {
  keptTexts.add(text);
}

export const isKeptParsed = (text: string) => keptTexts.has(text);

interface Parsed {
  name: string;
  /** The type of each parameter, as PostgreSQL resolved it. */
  types: number[];
}

const parsedIn = new WeakMap<PGlite, Map<string, Parsed>>();

const { serialize } = protocol;

function joined(parts: Uint8Array[]) {
  const bytes = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return bytes;
}

/**
 * `client.query(text, params, options)` through a statement parsed once in this database: bind,
 * describe, execute and sync sent in one message. Outside a transaction it waits for any other's
 * transaction to end, as `query` does; inside one (`inTransaction`), the transaction holds that
 * turn already.
 */
export function queryKeptParsed<T>(
  client: PGlite,
  text: string,
  params: unknown[] | undefined,
  options: QueryOptions | undefined,
  inTransaction: boolean,
): Promise<Results<T>> {
  const run = () =>
    client._runExclusiveQuery(async () => {
      let statements = parsedIn.get(client);
      if (!statements) {
        statements = new Map();
        parsedIn.set(client, statements);
      }
      let statement = statements.get(text);
      if (!statement) {
        const name = `kept_${statements.size + 1}`;
        const described = await client.execProtocolStream(
          joined([
            serialize.parse({ name, text }),
            serialize.describe({ type: 'S', name }),
            serialize.sync(),
          ]),
          { syncToFs: false },
        );
        statement = { name, types: parse.parseDescribeStatementResults(described) };
        statements.set(text, statement);
      }
      const { types } = statement;
      const values = (params ?? []).map((value, i) => {
        if (value === null || value === undefined) return null;
        const serializer = client.serializers[types[i]!];
        return serializer ? serializer(value) : String(value);
      });
      try {
        const messages = await client.execProtocolStream(
          joined([
            serialize.bind({ statement: statement.name, values }),
            serialize.describe({ type: 'P' }),
            serialize.execute({}),
            serialize.sync(),
          ]),
          { syncToFs: !inTransaction },
        );
        return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
      } catch (error) {
        // What PGlite's own `query` adds to a database error: the statement and its values.
        throw Object.assign(error as Error, { query: text, params, queryOptions: options });
      }
    });
  return inTransaction ? run() : client._runExclusiveTransaction(run);
}
