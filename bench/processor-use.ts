/**
 * Processor time by process while something runs (Linux, from /proc): the app's server, each kind
 * of Chromium process (its main `browser` process, `renderer`, `gpu-process`, `utility` for the
 * network service), this bench, and everything else. A first visit keeps this host's two
 * processors nearly full, so a cut anywhere shortens it about half as much as its size; this says
 * where the processor time goes (BENCH_CPU=1 in devices-page.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';

/** ms per clock tick: Linux reports process times in ticks of 1/100 s. */
const TICK_MS = 10;

function kindOf(pid: number, command: string[], serverPid: number | undefined): string {
  if (pid === process.pid) return 'bench';
  if (serverPid !== undefined && pid === serverPid) return 'server';
  // Chromium rewrites its command line into one string: split on spaces too.
  if (command[0]?.includes('chromium')) {
    return command.find((arg) => arg.startsWith('--type='))?.slice('--type='.length) ?? 'browser';
  }
  return 'other';
}

/** Each kind's processor time so far, in ms (empty where /proc cannot be read). */
export function processorTimeByKind(serverPid?: number): Map<string, number> {
  const times = new Map<string, number>();
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return times;
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // utime and stime: fields 14 and 15, counted after the command's closing parenthesis.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(fields[11]) + Number(fields[12]);
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/);
      const kind = kindOf(Number(pid), command, serverPid);
      times.set(kind, (times.get(kind) ?? 0) + ticks * TICK_MS);
    } catch {
      // the process ended meanwhile
    }
  }
  return times;
}

/** What a timed load reads before and after itself: the sums, and which process is the server. */
export interface ProcessorWatch {
  use: ProcessorUse;
  serverPid?: number;
}

/** Sums, per kind, the time spent between each pair of readings. */
export class ProcessorUse {
  private readonly spent = new Map<string, number>();
  private runs = 0;

  add(before: Map<string, number>, after: Map<string, number>) {
    this.runs++;
    for (const [kind, ms] of after) {
      this.spent.set(kind, (this.spent.get(kind) ?? 0) + ms - (before.get(kind) ?? 0));
    }
  }

  /** "renderer 1364, server 346, …" ms per run, largest first. */
  perRun(): string {
    return [...this.spent]
      .map(([kind, ms]) => [kind, Math.round(ms / Math.max(1, this.runs))] as const)
      .filter(([, ms]) => ms > 0)
      .sort((a, b) => b[1] - a[1])
      .map(([kind, ms]) => `${kind} ${ms}`)
      .join(', ');
  }
}
