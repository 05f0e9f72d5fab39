import { availableParallelism } from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const api = (name: string, env: Record<string, string>): TestProjectInlineConfiguration => ({
  test: {
    name,
    include: ['server/test/api/**/*.test.ts'],
    env,
    // Each file starts its own app on its own database; sharing the loaded modules between the
    // files of a worker saves loading the server again for each file.
    isolate: false,
    // Some tests start real server processes or write 10,000 rows of each kind: with two workers
    // sharing two cores they need more than a quick test's time.
    testTimeout: 90_000,
    hookTimeout: 60_000,
  },
});

/** The API tests run on PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set. */
export default defineConfig({
  test: {
    // Vitest's default (one worker fewer than the cores) is a single worker on a 2-core machine,
    // which leaves a core idle while API tests wait on PostgreSQL and the SMTP server: two workers
    // there took the API tests from about 12 minutes of test time to 6.5.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'domain/test/**/*.test.ts',
            'server/test/unit/**/*.test.ts',
            'web/test/**/*.test.ts',
            'client/test/**/*.test.ts',
          ],
        },
      },
      api('api', { TEST_DB: 'pglite' }),
      ...(process.env.TEST_DATABASE_URL ? [api('api-pg', { TEST_DB: 'postgres' })] : []),
    ],
  },
});
