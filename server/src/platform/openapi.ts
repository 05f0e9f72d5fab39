/**
 * The API's description at /api/docs/json (issue 45): the calls only (the web app's files are not
 * calls), each with an operationId, its tags, its request and answer schemas, and the bearer
 * scheme a session or a personal API token is sent with. The typed client in client/ is generated
 * from it (`npm run api:client`), and a test fails when the two drift apart.
 */
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { withExamples } from './openapi-examples.ts';

type Transform = NonNullable<FastifyDynamicSwaggerOptions['transform']>;
type TransformObject = NonNullable<FastifyDynamicSwaggerOptions['transformObject']>;
/** The document as this module reads and writes it (the library's own types are a union of versions). */
type OpenApiDocument = { paths?: unknown; components?: unknown; [key: string]: unknown };
type Operation = {
  operationId?: string;
  responses?: Record<string, { description?: string; content?: unknown }>;
  parameters?: Array<{ name: string; in: string }>;
  summary?: string;
  description?: string;
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** `post` + `/api/site/devices/bulk` → `postSiteDevicesBulk`; stable, so client code keeps compiling. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '')
    .replace(/\{[^}]*\}/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return method.toLowerCase() + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
}

/**
 * Zod schemas to JSON Schema, the web app's routes and the description's own pages hidden, and
 * the calls without a session marked so. A call can't hide itself: one left out of the
 * description would also escape the test that its answers have a schema.
 */
export const describeRoute: Transform = (input) => {
  if (!input.url.startsWith('/api/') || input.url.startsWith('/api/docs')) {
    return { schema: { hide: true } as never, url: input.url };
  }
  const { hide: _hidden, ...schema } = (input.schema ?? {}) as { hide?: boolean };
  const described = jsonSchemaTransform({ ...input, schema } as typeof input);
  if (input.route.config && (input.route.config as { public?: boolean }).public) {
    return { ...described, schema: { ...described.schema, security: [] } };
  }
  return described;
};

/**
 * The calls whose answer is a file, which no JSON schema describes (the serializer checks every
 * other answer against its schema in every test). Any other call without a schema for its 2xx
 * answer is left without one in the description, and client/test/answer-schemas.test.ts names it.
 */
export const FILE_ANSWERS: ReadonlySet<string> = new Set([
  'get /api/files/{key}',
  'get /api/calendar/{file}',
  'get /api/site/floors/export',
  'get /api/site/contacts/export',
  'get /api/site/connections/export',
  'post /api/site/devices/export',
  'post /api/site/devices/labels',
  'post /api/site/connections/labels',
  'get /api/admin/products/export',
  'post /api/admin/products/import',
  'get /api/admin/companies/export',
  'post /api/admin/companies/import',
  'post /api/admin/jobs/export_json',
]);

/** The calls that answer a redirect (no body to check), by the status they answer. */
export const REDIRECT_ANSWERS: ReadonlyMap<string, string> = new Map([
  ['get /api/global/sso/callback', '303'],
]);

const REDIRECT_ANSWER = {
  description: 'A redirect: its Location header names where the browser goes next.',
  headers: { Location: { schema: { type: 'string' } } },
};

/** A download's answer is a file, not JSON: its Content-Type header names the kind. */
const FILE_ANSWER = {
  description: 'A file; its Content-Type header names its kind (PDF, .xlsx, vCard, a picture…).',
  content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
};

/**
 * What a route-by-route transform can't see: operationIds unique across the document, a file
 * answer for the downloads (their routes declare no JSON answer), a name for the stored file
 * key of the file routes' wildcard, and examples.
 */
export const describeDocument: TransformObject = (documentObject) => {
  const document = (documentObject as unknown as { openapiObject: OpenApiDocument }).openapiObject;
  const paths: Record<string, Record<string, Operation>> = {};
  for (const [rawPath, item] of Object.entries(
    (document.paths ?? {}) as Record<string, Record<string, Operation>>,
  )) {
    const path = rawPath.replace('{*}', '{key}');
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      operation.operationId ??= operationIdOf(method, path);
      operation.responses ??= {};
      const responses = operation.responses;
      const answered = Object.keys(responses).some(
        (code) => code.startsWith('2') && responses[code]?.content,
      );
      const call = `${method} ${path}`;
      if (!answered && FILE_ANSWERS.has(call)) responses['200'] = FILE_ANSWER;
      const redirect = REDIRECT_ANSWERS.get(call);
      if (redirect) {
        // Swagger documents a route without a response schema as a 200 ("Default Response") that never comes.
        if (!answered) delete responses['200'];
        responses[redirect] = REDIRECT_ANSWER;
      }
      if (path !== rawPath) {
        operation.parameters = [
          ...(operation.parameters ?? []).filter((parameter) => parameter.in !== 'path'),
          {
            name: 'key',
            in: 'path',
            required: true,
            description: 'The stored file’s key, as a signed URL names it',
            schema: { type: 'string' },
          } as never,
        ];
      }
    }
    paths[path] = item;
  }
  return withExamples(withSharedError({ ...document, paths })) as ReturnType<TransformObject>;
};

type MediaTypes = Record<string, { schema?: unknown }>;

/**
 * Every refusal answers the same `{ error, code, params? }`: written once under
 * components.schemas.Error and referred to, instead of once per status of each call (it was two
 * thirds of the description's size). The shape is the one most refusals give, so nothing is assumed.
 */
function withSharedError(document: OpenApiDocument): OpenApiDocument {
  const refusals: MediaTypes[] = [];
  for (const item of Object.values(document.paths ?? {}) as Array<Record<string, Operation>>) {
    for (const method of METHODS) {
      for (const [code, response] of Object.entries(item[method]?.responses ?? {})) {
        if (/^[45]/.test(code) && response.content) refusals.push(response.content as MediaTypes);
      }
    }
  }
  const counts = new Map<string, number>();
  for (const content of refusals) {
    const text = JSON.stringify(content['application/json']?.schema);
    counts.set(text, (counts.get(text) ?? 0) + 1);
  }
  const [shared] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] ?? [];
  if (!shared || shared === 'undefined') return document;
  for (const content of refusals) {
    const json = content['application/json'];
    if (json && JSON.stringify(json.schema) === shared) json.schema = { $ref: '#/components/schemas/Error' };
  }
  const components = (document.components ?? {}) as { schemas?: Record<string, unknown> };
  return {
    ...document,
    components: { ...components, schemas: { ...components.schemas, Error: JSON.parse(shared) } },
  } as OpenApiDocument;
}
