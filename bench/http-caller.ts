/**
 * The API benchmarks' caller in a process of its own, so that the server's time is not mixed
 * with the client's work on one event loop. Started by `httpCaller`; each message is a GET to
 * make, each answer its time and size.
 */
interface Ask {
  url: string;
  token: string;
  encoding: 'identity' | 'gzip';
}

process.on('message', async ({ url, token, encoding }: Ask) => {
  const started = performance.now();
  try {
    const response = await fetch(url, {
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': encoding },
    });
    const bytes = (await response.arrayBuffer()).byteLength;
    process.send?.({ ms: performance.now() - started, status: response.status, bytes });
  } catch (error) {
    process.send?.({ error: String(error) });
  }
});
process.on('disconnect', () => process.exit(0));
