import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Random } from './random.ts';
import { mutated, plausible, type Schema, type Sources } from './schema-values.ts';
import { anyValue, HOSTILE_STRINGS } from './values.ts';

/** One call of the OpenAPI description, with what its inputs look like. */
export interface Operation {
  method: InjectOptions['method'];
  path: string;
  query: { name: string; required: boolean; schema: Schema }[];
  /** The JSON body's schema; undefined when the call takes none (or not JSON). */
  body?: Schema;
  /** Content types of a body that is not JSON (a spreadsheet upload), if any. */
  rawBody: boolean;
}

interface OpenApi {
  paths: Record<string, Record<string, OpenApiOperation>>;
}
interface OpenApiOperation {
  parameters?: { name: string; in: string; required?: boolean; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Every operation of the description, as the fuzzer reads it. */
export function operationsOf(description: unknown): Operation[] {
  const { paths } = description as OpenApi;
  return Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({
        method: method.toUpperCase() as Operation['method'],
        path,
        query: (operation.parameters ?? [])
          .filter((parameter) => parameter.in === 'query')
          .map((parameter) => ({
            name: parameter.name,
            required: parameter.required ?? false,
            schema: parameter.schema ?? {},
          })),
        body: operation.requestBody?.content?.['application/json']?.schema,
        rawBody:
          method !== 'get' && method !== 'delete' && !operation.requestBody?.content?.['application/json'],
      })),
  );
}

export interface FuzzRequest {
  method: Operation['method'];
  url: string;
  payload?: string | Buffer;
  headers: Record<string, string>;
}

const queryText = (value: unknown) =>
  typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);

/** A path parameter: usually a plausible key, sometimes a traversal or junk. */
function pathSegment(random: Random): string {
  return random.pick([
    `${random.int(1, 40)}/${random.int(1, 40)}/file.png`,
    '..%2F..%2Fetc%2Fpasswd',
    '../../vault.key',
    encodeURIComponent(
      random
        .pick(HOSTILE_STRINGS)
        .slice(0, 200)
        .replace(/[\ud800-\udfff]/g, '?'),
    ) || 'x',
    'a/b/c',
  ]);
}

/**
 * The `index`-th input for an operation: even ones fit the schema (ids from `sources`), odd ones
 * break it (a field of the wrong type or out of bounds, a required one missing, an unknown one, or
 * a body that is not JSON at all).
 */
export function fuzzRequest(operation: Operation, index: number, sources: Sources): FuzzRequest {
  const { random } = sources;
  const valid = index % 2 === 0;
  const url = operation.path.replace(/\{[^}]+\}/g, () => pathSegment(random));

  const search = new URLSearchParams();
  for (const parameter of operation.query) {
    if (!valid && random.chance(0.2)) continue;
    if (!parameter.required && random.chance(0.3)) continue;
    const value =
      !valid && random.chance(0.4) ? anyValue(random) : plausible(parameter.schema, parameter.name, sources);
    if (value === null || value === undefined) continue;
    search.append(parameter.name, queryText(value));
    if (!valid && random.chance(0.1)) search.append(parameter.name, queryText(anyValue(random)));
  }
  if (!valid && random.chance(0.2)) search.append(random.pick(['unknown', 'tenant_id', '__proto__']), '1');
  const query = search.toString();

  const headers: Record<string, string> = {};
  let payload: string | Buffer | undefined;
  if (operation.body) {
    headers['content-type'] = 'application/json';
    if (!valid && random.chance(0.1))
      payload = random.pick(['{', '{"a":', 'null', '[]', '"text"', '1', '\u0000']);
    else
      payload = JSON.stringify(
        valid ? plausible(operation.body, '', sources) : mutated(operation.body, sources),
      );
  } else if (operation.rawBody) {
    headers['content-type'] = random.pick(['text/csv', 'application/octet-stream', 'application/json']);
    payload = random.chance(0.5)
      ? Buffer.from(Array.from({ length: random.int(0, 2000) }, () => random.int(0, 255)))
      : `code,name\n${random.pick(HOSTILE_STRINGS).slice(0, 500)},x\n`;
  }
  return {
    method: operation.method,
    url: query ? `${url}?${query}` : url,
    headers,
    ...(payload !== undefined ? { payload } : {}),
  };
}

/** Sends a generated request as the holder of `token`. */
export function sendAs(
  app: FastifyInstance,
  request: FuzzRequest,
  token: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: request.method,
    url: request.url,
    headers: { ...request.headers, authorization: `Bearer ${token}` },
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
  });
}
