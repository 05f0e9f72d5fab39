import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { outboxDir } from './server.ts';

/** Names of the mails in the server's outbox, oldest first. */
export async function outboxFiles(): Promise<string[]> {
  try {
    return (await readdir(outboxDir())).sort();
  } catch {
    return [];
  }
}

/** Waits for a new mail to `to` (not among `seen`) and returns its text, headers included. */
export async function waitForMail(to: string, seen: string[], timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const name of await outboxFiles()) {
      if (seen.includes(name)) continue;
      const text = await readFile(path.join(outboxDir(), name), 'utf8');
      if (text.includes(`To: ${to}`)) return text;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No mail to ${to} arrived in the outbox`);
}

/** Waits for a new mail to `to` (not among `seen`) and returns the first link in it. */
export async function waitForLink(to: string, seen: string[], timeoutMs = 10_000): Promise<URL> {
  const match = (await waitForMail(to, seen, timeoutMs)).match(/https?:\/\/\S+/);
  if (!match) throw new Error(`The mail to ${to} holds no link`);
  return new URL(match[0]);
}
