/**
 * The API tests check every answer against its documented schema (issue 45): the serializer
 * (server/src/platform/serializer.ts) refuses, outside production, an answer that differs from
 * its route's zod schema. A route without a schema for its 2xx answer would escape that check,
 * so every /api call must document one, but for the few that answer a file or a redirect.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config.ts';
import { describeRoute, FILE_ANSWERS, REDIRECT_ANSWERS } from '../../server/src/platform/openapi.ts';
import { describeApi } from '../scripts/generate.ts';

type Operation = { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> };
type Document = { paths: Record<string, Record<string, Operation>> };

let document: Document;

beforeAll(async () => {
  document = JSON.parse(await describeApi()) as Document;
}, 180_000);

const calls = () =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ call: `${method} ${path}`, operation })),
  );

describe('the answers’ schemas', () => {
  it('are checked by the serializer outside production, so in every API test', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).checkAnswers).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).checkAnswers).toBe(false);
  });

  it('exist for the 2xx answer of every /api call but the file downloads', () => {
    const unchecked = calls().filter(({ call, operation }) => {
      const json = Object.entries(operation.responses ?? {}).some(
        ([code, response]) => code.startsWith('2') && response.content?.['application/json']?.schema,
      );
      return !json && !FILE_ANSWERS.has(call) && !REDIRECT_ANSWERS.has(call);
    });
    expect(
      unchecked.map(({ call }) => call),
      'give these routes a response schema for their 2xx answer (or list them in FILE_ANSWERS or REDIRECT_ANSWERS of server/src/platform/openapi.ts)',
    ).toEqual([]);
  });

  it('are redirects for the listed redirecting calls, each of which is a call', () => {
    const described = new Map(calls().map(({ call, operation }) => [call, operation]));
    for (const [call, status] of REDIRECT_ANSWERS) {
      expect(described.has(call), `REDIRECT_ANSWERS names ${call}, which no longer exists`).toBe(true);
      expect(
        Object.keys(described.get(call)?.responses ?? {}).filter((code) => /^[23]/.test(code)),
        call,
      ).toEqual([status]);
    }
  });

  it('are files for the listed downloads, each of which is a call', () => {
    const described = new Map(calls().map(({ call, operation }) => [call, operation]));
    const stale = [...FILE_ANSWERS].filter((call) => !described.has(call));
    expect(stale, 'FILE_ANSWERS names calls that no longer exist').toEqual([]);
    for (const call of FILE_ANSWERS) {
      expect(Object.keys(described.get(call)?.responses?.['200']?.content ?? {}), call).toEqual([
        'application/octet-stream',
      ]);
    }
  });

  it('cannot be escaped by hiding an /api route from the description', () => {
    const openapiObject = { openapi: '3.0.3' };
    const route = { url: '/api/site/example', method: 'GET', schema: { hide: true }, config: {} };
    const described = describeRoute({ schema: route.schema, url: route.url, route, openapiObject } as never);
    expect((described.schema as { hide?: boolean }).hide).toBeUndefined();
    const docs = describeRoute({ schema: {}, url: '/api/docs/json', route, openapiObject } as never);
    expect((docs.schema as { hide?: boolean }).hide).toBe(true);
  });
});
