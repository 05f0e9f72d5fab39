/**
 * The API's description at /api/docs/json (issue 45): the calls only (the web app's files are not
 * calls), each with an operationId, its tags, its request and answer schemas, and the bearer
 * scheme a session or a personal API token is sent with. The typed client in client/ is generated
 * from it (`npm run api:client`), and a test fails when the two drift apart.
 */
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

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

/** Zod schemas to JSON Schema, the web app's routes hidden, and the calls without a session marked so. */
export const describeRoute: Transform = (input) => {
  if (!input.url.startsWith('/api/')) return { schema: { hide: true } as never, url: input.url };
  const described = jsonSchemaTransform(input);
  if (input.route.config && (input.route.config as { public?: boolean }).public) {
    return { ...described, schema: { ...described.schema, security: [] } };
  }
  return described;
};

/** A download's answer is a file, not JSON: its Content-Type header names the kind. */
const FILE_ANSWER = {
  description: 'A file; its Content-Type header names its kind (PDF, .xlsx, vCard, a picture…).',
  content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
};

/**
 * What a route-by-route transform can't see: operationIds unique across the document, a file
 * answer for the downloads (their routes declare no JSON answer), and a name for the stored file
 * key of the file routes' wildcard.
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
      if (!answered) responses['200'] = FILE_ANSWER;
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
  return withSharedError({ ...document, paths }) as ReturnType<TransformObject>;
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
