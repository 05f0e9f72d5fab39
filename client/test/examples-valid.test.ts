/**
 * Every example in the API's description (issue 45) is an instance of its own schema: a
 * parameter's, a request body's and each JSON 2xx answer's. A hand-written example that names a
 * field the call no longer has, or a value the schema refuses, fails here.
 */
import Ajv, { type AnySchema } from 'ajv';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { HAND_WRITTEN } from '../../server/src/platform/openapi-examples.ts';
import { describeApi } from '../scripts/generate.ts';

type Schema = Record<string, unknown>;
type MediaType = { schema?: Schema; example?: unknown; examples?: Record<string, { $ref?: string }> };
type Operation = {
  operationId: string;
  parameters?: Array<{ name: string; in: string; schema?: Schema; example?: unknown }>;
  requestBody?: { content?: Record<string, MediaType> };
  responses?: Record<string, { content?: Record<string, MediaType> }>;
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas?: Record<string, Schema>; examples?: Record<string, { value: unknown }> };
};

const COMPONENTS = 'description.json';

/**
 * An OpenAPI 3.0 schema as the JSON Schema ajv reads: `nullable` becomes a union with null, a
 * boolean `exclusiveMinimum` a number, and references point into the description's components.
 */
function jsonSchemaOf(schema: Schema): Schema {
  let result: Schema = { ...schema };
  if (typeof result.$ref === 'string') result.$ref = `${COMPONENTS}${result.$ref}`;
  if (result.properties) {
    result.properties = Object.fromEntries(
      Object.entries(result.properties as Record<string, Schema>).map(([key, value]) => [
        key,
        jsonSchemaOf(value),
      ]),
    );
  }
  for (const key of ['items', 'additionalProperties', 'not']) {
    if (result[key] && typeof result[key] === 'object') result[key] = jsonSchemaOf(result[key] as Schema);
  }
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    if (Array.isArray(result[key])) result[key] = (result[key] as Schema[]).map(jsonSchemaOf);
  }
  for (const [exclusive, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (result[exclusive] === true) {
      result[exclusive] = result[bound];
      delete result[bound];
    } else if (result[exclusive] === false) delete result[exclusive];
  }
  delete result.example;
  if (result.nullable === true) {
    delete result.nullable;
    result = { anyOf: [result, { type: 'null' }] };
  }
  return result;
}

let document: Document;
let ajv: Ajv;

beforeAll(async () => {
  document = JSON.parse(await describeApi()) as Document;
  ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  const schemas = Object.entries(document.components.schemas ?? {}).map(([name, schema]) => [
    name,
    jsonSchemaOf(schema),
  ]);
  ajv.addSchema({ components: { schemas: Object.fromEntries(schemas) } }, COMPONENTS);
}, 180_000);

const operations = () =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ call: `${method} ${path}`, operation })),
  );

/** The example of a media type, written there or shared under components.examples. */
function exampleOf(media: MediaType): unknown {
  if ('example' in media) return media.example;
  const ref = media.examples?.example?.$ref;
  if (!ref) return undefined;
  return document.components.examples?.[ref.replace('#/components/examples/', '')]?.value;
}

/** Every example of the description with its schema, named by the call and its place. */
function examples() {
  const found: Array<{ where: string; schema: Schema | undefined; example: unknown }> = [];
  for (const { call, operation } of operations()) {
    for (const parameter of operation.parameters ?? []) {
      found.push({
        where: `${call} ${parameter.in} ${parameter.name}`,
        schema: parameter.schema,
        example: parameter.example,
      });
    }
    const body = operation.requestBody?.content?.['application/json'];
    if (body) found.push({ where: `${call} body`, schema: body.schema, example: exampleOf(body) });
    for (const [code, response] of Object.entries(operation.responses ?? {})) {
      const answer = response.content?.['application/json'];
      if (code.startsWith('2') && answer)
        found.push({ where: `${call} ${code}`, schema: answer.schema, example: exampleOf(answer) });
    }
  }
  return found;
}

describe('the API description’s examples', () => {
  it('give every parameter, JSON body and JSON answer an example', () => {
    const found = examples();
    expect(found.length).toBeGreaterThan(300);
    expect(found.filter(({ example }) => example === undefined).map(({ where }) => where)).toEqual([]);
  });

  it('are each valid against their own schema', () => {
    const invalid = examples().flatMap(({ where, schema, example }) => {
      const validate = ajv.compile(jsonSchemaOf(schema ?? {}) as AnySchema);
      return validate(example) ? [] : [`${where}: ${ajv.errorsText(validate.errors)}`];
    });
    expect(invalid).toEqual([]);
    // Compiling about 500 schemas takes seconds on a busy machine.
  }, 120_000);

  it('are hand-written for the main calls, each of which still exists', () => {
    const ids = new Set(operations().map(({ operation }) => operation.operationId));
    expect(Object.keys(HAND_WRITTEN).filter((id) => !ids.has(id))).toEqual([]);
    const device = document.paths['/api/site/devices']?.get;
    const answer = exampleOf(device!.responses!['200']!.content!['application/json']!);
    expect(answer).toMatchObject({ device: { code: 'AP-0.12', ip: '10.20.0.12', mac: '24:5A:4C:1B:0F:3E' } });
  });

  it('are a small part of the description, shared where calls give the same one', () => {
    const size = JSON.stringify(document).length;
    const withoutExamples = JSON.stringify(document, (key, value) =>
      key === 'example' || key === 'examples' ? undefined : value,
    ).length;
    expect(size / withoutExamples).toBeLessThan(1.5);
    expect(Object.keys(document.components.examples ?? {}).length).toBeGreaterThan(0);
  });

  it('rejects an example that breaks its schema (the check is not a formality)', () => {
    const media = document.paths['/api/site/devices']!.get!.responses!['200']!.content!['application/json']!;
    const validate = ajv.compile(jsonSchemaOf(media.schema!) as AnySchema);
    const { device } = exampleOf(media) as { device: Record<string, unknown> };
    expect(validate({ device })).toBe(true);
    expect(validate({ device: { code: 'AP-0.12' } })).toBe(false);
    expect(validate({ device: { ...device, extra: 1 } })).toBe(false);
    expect(validate({ device: { ...device, floor_id: 'GF' } })).toBe(false);
  });
});
