/**
 * The sign-in storm of `throughput.ts`, sent from a process of its own: fifty sign-ins sent and
 * read on the load generator's event loop delayed the reads' answers it was timing, so the storm
 * was counted twice. Started with `fork`; a `start` message begins bursts of 50 sign-ins at once,
 * one burst after another, until `stop`, which is answered with every sign-in's time. Each comes
 * through the trusted proxy from an address of its own (the limit per address is 60 a minute).
 */
import { Agent, request } from 'node:http';

interface Start {
  type: 'start';
  address: string;
  username: string;
  password: string;
}

/** Kept-alive connections, fifty at most, as autocannon keeps them for the reads. */
const agent = new Agent({ keepAlive: true, maxSockets: 50 });
let sent = 0;
let running: Promise<number[]> | null = null;
let stopping = false;

/**
 * One sign-in through node:http rather than fetch, which cost this process about 1.2 ms of
 * processor a sign-in, on the two processors the server and the database share.
 */
function signIn(address: string, body: string) {
  const n = sent++;
  const started = performance.now();
  return new Promise<number>((resolve, reject) => {
    const call = request(
      `${address}/api/admin/users/login`,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
        },
      },
      (response) => {
        response.resume();
        response.on('error', reject);
        response.on('end', () => {
          // Every sign-in must pass: a refusal answered at once would make a storm of nothing.
          if (response.statusCode !== 200) reject(new Error(`a sign-in answered ${response.statusCode}`));
          else resolve(performance.now() - started);
        });
      },
    );
    call.on('error', reject);
    call.end(body);
  });
}

async function bursts({ address, username, password }: Start) {
  const body = JSON.stringify({ username, password });
  const times: number[] = [];
  while (!stopping) {
    times.push(...(await Promise.all(Array.from({ length: 50 }, () => signIn(address, body)))));
  }
  return times;
}

process.on('message', async (message: Start | { type: 'stop' }) => {
  if (message.type === 'start') {
    stopping = false;
    running = bursts(message);
    running.catch(() => undefined);
    return;
  }
  stopping = true;
  try {
    process.send?.({ times: await running });
  } catch (error) {
    process.send?.({ error: String(error) });
  }
});
process.on('disconnect', () => process.exit(0));
