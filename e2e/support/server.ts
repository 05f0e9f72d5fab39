import path from 'node:path';
import { test } from '@playwright/test';

/**
 * The server and the data of the worker running the current test (playwright.config.ts starts one
 * per worker): a worker's parallel index stays its own while it runs, and a worker started again
 * after a failure takes over the free one.
 */
export function workerServer(index = test.info().parallelIndex) {
  const port = Number(process.env.E2E_PORT) + index;
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir: `${process.env.E2E_DATA_DIR}-${index}`,
  };
}

export const outboxDir = () => path.join(workerServer().dataDir, 'outbox');
