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
  it("are the session, the permission, the site, and on the list's pages the companies and the devices", () => {
    const permission = { url: '/api/site/permission', body: '{"id":12}' };
    expect(earlyCallsFor('/site/12/devices')).toEqual([
      { url: '/api/global/me' },
      permission,
      { url: '/api/site/refresh_site?id=12' },
      { url: '/api/site/refresh_companies?id=12' },
      { url: '/api/site/refresh_devices?id=12' },
    ]);
    expect(earlyCallsFor('/site/12/vault')).toEqual([
      { url: '/api/global/me' },
      permission,
      { url: '/api/site/refresh_site?id=12' },
    ]);
    expect(earlyCallsFor('/sites')).toEqual([]);
    expect(earlyCallsFor('/site/abc/devices')).toEqual([]);
    expect(earlyCallsFor('/site/12/connections').slice(3)).toEqual([
      { url: '/api/site/connections?site_id=12' },
      { url: '/api/site/refresh_devices?id=12' },
    ]);
    expect(earlyCallsFor('/site/12/schemas').slice(3)).toEqual(
      earlyCallsFor('/site/12/connections').slice(3),
    );
  });

  it('are taken once by the same call of the same session, which sends nothing of its own', async () => {
    const fetch = server();
    vi.stubGlobal('fetch', fetch);
    signedInAs('tok');
    startEarlyCalls('/site/5/devices', 'tok');
    expect(fetch).toHaveBeenCalledTimes(5);
    expect((fetch.mock.calls[4] as unknown as [string, RequestInit])[1].headers).toMatchObject({
      Authorization: 'Bearer tok',
    });

    await expect(request('/site/refresh_devices', { query: { id: 5 } })).resolves.toEqual({
      url: '/api/site/refresh_devices?id=5',
    });
    expect(fetch).toHaveBeenCalledTimes(5);
    // A second ask (a refetch) goes to the server.
    await request('/site/refresh_devices', { query: { id: 5 } });
    expect(fetch).toHaveBeenCalledTimes(6);
  });

  it('take a POST only with the same body', async () => {
    const fetch = server();
    vi.stubGlobal('fetch', fetch);
    signedInAs('tok');
    startEarlyCalls('/site/7/devices', 'tok');
    const [url, init] = fetch.mock.calls[1] as unknown as [string, RequestInit];
    expect([url, init.method, init.body]).toEqual(['/api/site/permission', 'POST', '{"id":7}']);
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json' });

    // Another site's permission is asked of the server; this site's is the early one.
    await request('/site/permission', { method: 'POST', body: { id: 8 } });
    expect(fetch).toHaveBeenCalledTimes(6);
    await request('/site/permission', { method: 'POST', body: { id: 7 } });
    expect(fetch).toHaveBeenCalledTimes(6);
  });

  it('are not given to another session', async () => {
    const fetch = server();
    vi.stubGlobal('fetch', fetch);
    startEarlyCalls('/site/6/devices', 'old');
    signedInAs('new');
    await request('/site/refresh_devices', { query: { id: 6 } });
    expect(fetch).toHaveBeenCalledTimes(6);
    expect((fetch.mock.calls[5] as unknown as [string, RequestInit])[1].headers).toMatchObject({
      Authorization: 'Bearer new',
    });
  });
});
