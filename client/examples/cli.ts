/** What the examples share when run from a shell: where Asbuilt is, and the token to use. */
import { asbuiltClient } from '../src/index.ts';

export function clientFromEnvironment() {
  const baseUrl = process.env.ASBUILT_URL ?? 'http://localhost:3000';
  const token = process.env.ASBUILT_TOKEN;
  if (!token) {
    console.error('Set ASBUILT_TOKEN to a personal API token (profile page, API tokens).');
    process.exit(2);
  }
  return asbuiltClient({ baseUrl, token });
}

/** True when the module is the script node was asked to run, not an import (the tests import them). */
export function isMain(moduleUrl: string): boolean {
  return (
    Boolean(process.argv[1]) && new URL(moduleUrl).pathname === new URL(`file://${process.argv[1]}`).pathname
  );
}
