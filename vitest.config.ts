import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['domain/test/**/*.test.ts', 'server/test/unit/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['server/test/api/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
