import { cpus, totalmem } from 'node:os';

/** The machine a figure was measured on, as every report names it; `browser` adds the Chromium used. */
export function describeMachine(browser?: string): string {
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  const machine = `${cpus().length} × ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GB RAM, Node ${process.version}`;
  return browser ? `${machine}, ${browser}` : machine;
}
