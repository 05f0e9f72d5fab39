/**
 * Playwright's `test`, on the worker's own server (support/server.ts), with every page watched: a
 * Content-Security-Policy violation on any screen a test visits fails that test (issue 15: the app
 * runs under a policy without inline script).
 */
import { test as base, expect } from '@playwright/test';
import { workerServer } from './server.ts';

export const test = base.extend<{ cspViolations: string[] }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  baseURL: async ({}, use, testInfo) => {
    await use(workerServer(testInfo.parallelIndex).url);
  },
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      const watch = (page: import('@playwright/test').Page) =>
        page.on('console', (message) => {
          if (/Content Security Policy/i.test(message.text()))
            violations.push(`${page.url()}: ${message.text()}`);
        });
      for (const page of context.pages()) watch(page);
      context.on('page', watch);
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
