import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { tenants } from '../../src/db/schema.ts';

describe('embedded database', () => {
  // PGlite only: the PostgreSQL run has no data directory.
  it.skipIf(process.env.TEST_DB === 'postgres')(
    'keeps its data in the data directory across a restart, migrating again harmlessly',
    async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'asbuilt-db-'));
      try {
        const first = await openDatabase({ dataDir: dir });
        await first.db.insert(tenants).values({ name: 'Survivor' });
        await first.close();

        const second = await openDatabase({ dataDir: dir });
        const rows = await second.db.select().from(tenants);
        await second.close();
        expect(rows.map((r) => r.name)).toEqual(['Survivor']);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
});
