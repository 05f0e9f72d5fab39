/**
 * The API's description (issue 45) is complete and valid, and the committed description and
 * client are what the server produces: `npm run api:client` remakes them.
 */
import { readFile } from 'node:fs/promises';
import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { REDIRECT_ANSWERS } from '../../server/src/platform/openapi.ts';
import { DESCRIPTION_FILE, describeApi, TYPES_FILE, typesOf } from '../scripts/generate.ts';

type Operation = {
  operationId?: string;
  tags?: string[];
  security?: unknown[];
  responses?: Record<string, { content?: Record<string, unknown> }>;
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
  security: unknown[];
};

let text: string;
let document: Document;
const operations = () =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
  );

beforeAll(async () => {
  text = await describeApi();
  document = JSON.parse(text) as Document;
  // Building the app takes a minute or more when the machine runs other tests beside this one.
}, 180_000);

describe('the API description', () => {
  it('is a valid OpenAPI document', async () => {
    const result = await new Validator().validate(JSON.parse(text));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists the calls only, not the web app’s files', () => {
    const paths = Object.keys(document.paths);
    expect(paths.length).toBeGreaterThan(100);
    expect(paths.filter((path) => !path.startsWith('/api/'))).toEqual([]);
    expect(paths).toContain('/api/site/devices');
  });

  it('gives every call a unique operationId, tags and a documented answer', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    expect(
      operations()
        .filter(({ operation }) => !operation.tags?.length)
        .map((o) => o.path),
    ).toEqual([]);
    // A redirect has no body to document; client/test/answer-schemas.test.ts checks those calls.
    const unanswered = operations().filter(
      ({ path, method, operation }) =>
        !REDIRECT_ANSWERS.has(`${method} ${path}`) &&
        !Object.entries(operation.responses ?? {}).some(
          ([code, response]) => code.startsWith('2') && response.content,
        ),
    );
    expect(unanswered.map(({ method, path }) => `${method} ${path}`)).toEqual([]);
    expect(document.paths['/api/site/devices']?.get?.operationId).toBe('getSiteDevices');
  });

  it('names the bearer scheme, and marks the calls made without a session', () => {
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.security).toEqual([{ bearer: [] }]);
    expect(document.paths['/api/admin/users/login']?.post?.security).toEqual([]);
    expect(document.paths['/api/global/public/device']?.post?.security).toEqual([]);
    expect(document.paths['/api/site/devices']?.get?.security).toBeUndefined();
  });

  it('is what is committed in client/, with the client’s types made from it (npm run api:client)', async () => {
    const committed = await readFile(DESCRIPTION_FILE, 'utf8');
    expect(committed === text, 'client/openapi.json differs from the server: run `npm run api:client`').toBe(
      true,
    );
    const types = await readFile(TYPES_FILE, 'utf8');
    expect(types === (await typesOf(text)), 'client/src/schema.d.ts is stale: run `npm run api:client`').toBe(
      true,
    );
  }, 60_000);
});
