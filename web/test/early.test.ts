import { afterEach, describe, expect, it, vi } from 'vitest';
import { request } from '../src/api/client.ts';
import { earlyCallsFor, startEarlyCalls } from '../src/api/early.ts';
import { TOKEN_KEY } from '../src/lib/session.ts';

/** The browser's storage holding the session of `token` (these tests run in Node). */
function signedInAs(token: string) {
  const items = new Map([[TOKEN_KEY, token]]);
  vi.stubGlobal('localStorage', { getItem: (key: string) => items.get(key) ?? null });
}

/** A fetch that answers each URL with its own body, counting the calls. */
function server() {
  return vi.fn(async (url: string) => new Response(JSON.stringify({ url }), { status: 200 }));
}

afterEach(() => vi.unstubAllGlobals());

describe('calls started early by the bootstrap', () => {
  it("are the session, the site, and on the list's pages the companies and the devices", () => {
    expect(earlyCallsFor('/site/12/devices')).toEqual([
      '/api/global/me',
      '/api/site/refresh_site?id=12',
      '/api/site/refresh_companies?id=12',
      '/api/site/refresh_devices?id=12',
    ]);
    expect(earlyCallsFor('/site/12/vault')).toEqual(['/api/global/me', '/api/site/refresh_site?id=12']);
    expect(earlyCallsFor('/sites')).toEqual([]);
    expect(earlyCallsFor('/site/abc/devices')).toEqual([]);
  });

  it('are taken once by the same call of the same session, which sends nothing of its own', async () => {
    const fetch = server();
    vi.stubGlobal('fetch', fetch);
    signedInAs('tok');
    startEarlyCalls('/site/5/devices', 'tok');
    expect(fetch).toHaveBeenCalledTimes(4);
    expect((fetch.mock.calls[3] as unknown as [string, RequestInit])[1].headers).toMatchObject({
      Authorization: 'Bearer tok',
    });

    await expect(request('/site/refresh_devices', { query: { id: 5 } })).resolves.toEqual({
      url: '/api/site/refresh_devices?id=5',
    });
    expect(fetch).toHaveBeenCalledTimes(4);
    // A second ask (a refetch) goes to the server.
    await request('/site/refresh_devices', { query: { id: 5 } });
    expect(fetch).toHaveBeenCalledTimes(5);
  });

  it('are not given to another session', async () => {
    const fetch = server();
    vi.stubGlobal('fetch', fetch);
    startEarlyCalls('/site/6/devices', 'old');
    signedInAs('new');
    await request('/site/refresh_devices', { query: { id: 6 } });
    expect(fetch).toHaveBeenCalledTimes(5);
    expect((fetch.mock.calls[4] as unknown as [string, RequestInit])[1].headers).toMatchObject({
      Authorization: 'Bearer new',
    });
  });
});
