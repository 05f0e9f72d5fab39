import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedHook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A webhook receiver on 127.0.0.1 (a real node:http server): it keeps every request and answers
 * with `status` (and `reply` as its body); `/redirect/N` answers a redirect N times before `/`.
 */
export async function startReceiver() {
  const received: ReceivedHook[] = [];
  const state = { status: 200, reply: 'ok' };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const hops = /^\/redirect\/(\d+)$/.exec(path);
      if (hops) {
        const left = Number(hops[1]) - 1;
        res.writeHead(307, { location: left > 0 ? `/redirect/${left}` : '/' }).end();
        return;
      }
      res.writeHead(state.status, { 'content-type': 'text/plain' }).end(state.reply);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    received,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
