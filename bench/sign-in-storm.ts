/**
 * The sign-in storm of `throughput.ts`, sent from a process of its own: fifty sign-ins sent and
 * read on the load generator's event loop delayed the reads' answers it was timing, so the storm
 * was counted twice. Started with `fork`; a `start` message begins bursts of 50 sign-ins at once,
 * one burst after another, until `stop`, which is answered with every sign-in's time. Each comes
 * through the trusted proxy from an address of its own (the limit per address is 60 a minute).
 */
interface Start {
  type: 'start';
  address: string;
  username: string;
  password: string;
}

let sent = 0;
let running: Promise<number[]> | null = null;
let stopping = false;

async function signIn(address: string, body: string) {
  const n = sent++;
  const started = performance.now();
  const response = await fetch(`${address}/api/admin/users/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    },
    body,
  });
  await response.arrayBuffer();
  // Every sign-in must pass: a refusal answered at once would make a storm of nothing.
  if (response.status !== 200) throw new Error(`a sign-in answered ${response.status}`);
  return performance.now() - started;
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
