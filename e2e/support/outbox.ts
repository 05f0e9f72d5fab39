import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

const outboxDir = () => path.join(process.env.E2E_DATA_DIR!, 'outbox');

/** Names of the mails in the server's outbox, oldest first. */
export async function outboxFiles(): Promise<string[]> {
  try {
    return (await readdir(outboxDir())).sort();
  } catch {
    return [];
  }
}

/** Waits for a new mail to `to` (not among `seen`) and returns the first link in it. */
export async function waitForLink(to: string, seen: string[], timeoutMs = 10_000): Promise<URL> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const name of await outboxFiles()) {
      if (seen.includes(name)) continue;
      const text = await readFile(path.join(outboxDir(), name), 'utf8');
      if (!text.includes(`To: ${to}`)) continue;
      const match = text.match(/https?:\/\/\S+/);
      if (match) return new URL(match[0]);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No mail to ${to} arrived in the outbox`);
}
