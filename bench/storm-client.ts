/**
 * The parent side of the sign-in storm benches (throughput.ts, sign-in-cost.ts): the bench API
 * in a process of its own (serve-api.ts), and the storm's sender in another (sign-in-storm.ts).
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { BENCH_USER } from './generate-devices.ts';

export interface ApiProcess {
  address: string;
  token: string;
  siteId: number;
  kind: string;
  /** The server's process, to read its threads' processor time. */
  process: ChildProcess;
  close(): Promise<void>;
}

/**
 * The bench API with `devices` on its site. The storm's users arrive through a proxy on loopback,
 * each from an address of its own, as people of one company signing in at nine; from one address
 * the sign-in limit (60 a minute) would turn most of them away at once.
 */
export async function startApiProcess(devices: string): Promise<ApiProcess> {
  const server = spawn(
    process.execPath,
    ['--import', 'tsx', new URL('./serve-api.ts', import.meta.url).pathname, devices, 'TRUST_PROXY=loopback'],
    { stdio: ['pipe', 'pipe', 'inherit'], env: process.env },
  );
  const [line] = (await once(createInterface({ input: server.stdout! }), 'line')) as [string];
  const api = JSON.parse(line) as { address: string; token: string; siteId: number; kind: string };
  return {
    ...api,
    process: server,
    async close() {
      server.stdin!.end();
      await once(server, 'exit');
    },
  };
}

/** The storm's sender: `during(until)` sends bursts of 50 sign-ins until `until` settles. */
export function startStormer(api: ApiProcess) {
  const stormer = fork(new URL('./sign-in-storm.ts', import.meta.url).pathname, {
    execArgv: ['--import', 'tsx'],
  });
  return {
    process: stormer,
    /** Each sign-in's time (all must pass). */
    async during(until: Promise<unknown>): Promise<number[]> {
      stormer.send({
        type: 'start',
        address: api.address,
        username: BENCH_USER.email,
        password: BENCH_USER.password,
      });
      await until;
      const answer = once(stormer, 'message') as Promise<[{ times?: number[]; error?: string }]>;
      stormer.send({ type: 'stop' });
      const [{ times, error }] = await answer;
      if (!times) throw new Error(`the sign-in storm: ${error}`);
      return times;
    },
    close() {
      stormer.disconnect();
    },
  };
}
