/**
 * `npm run api:client`: the API's description as the server builds it, written to
 * client/openapi.json, and the TypeScript types of every call generated from it into
 * client/src/schema.d.ts. client/test/drift.test.ts fails when either differs from what is
 * committed, so the client can't drift from the server.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type {} from '@fastify/swagger';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { openDatabase } from '../../server/src/db/client.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const DESCRIPTION_FILE = path.join(here, '..', 'openapi.json');
export const TYPES_FILE = path.join(here, '..', 'src', 'schema.d.ts');

/** The description of an app on a throwaway database, with the settings that change no call. */
export async function describeApi(): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'asbuilt-openapi-'));
  const database = await openDatabase({});
  try {
    const config = loadConfig({
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      VAULT_KEY: 'openapi-description',
      WEB_DIST: path.join(dataDir, 'no-web'),
    });
    const { app } = await buildApp({ config, database, logger: false });
    await app.ready();
    const text = `${JSON.stringify(app.swagger(), null, 2)}\n`;
    await app.close();
    return text;
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The types openapi-typescript makes of a description. */
export async function typesOf(description: string): Promise<string> {
  return COMMENT_HEADER + astToString(await openapiTS(JSON.parse(description)));
}

async function main() {
  const description = await describeApi();
  await writeFile(DESCRIPTION_FILE, description);
  await writeFile(TYPES_FILE, await typesOf(description));
  console.log(
    `Wrote ${path.relative(process.cwd(), DESCRIPTION_FILE)} and ${path.relative(process.cwd(), TYPES_FILE)}`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
