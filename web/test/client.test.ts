import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, request, setUnauthorizedHandler } from '../src/api/client.ts';

function answer(status: number, body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(() => {});
});

describe('api client', () => {
  it('sends JSON to /api without credentials and returns the body', async () => {
    const fetch = answer(200, { ok: true });
    vi.stubGlobal('fetch', fetch);
    await expect(request('/admin/users/logout', { method: 'POST', body: { a: 1 } })).resolves.toEqual({
      ok: true,
    });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/admin/users/logout');
    expect(init.credentials).toBe('omit');
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('builds the query string and skips empty values', async () => {
    const fetch = answer(200, {});
    vi.stubGlobal('fetch', fetch);
    await request('/site/sites', { query: { id: 7, q: undefined, r: null } });
    expect((fetch.mock.calls[0] as unknown as [string])[0]).toBe('/api/site/sites?id=7');
  });

  it('throws an ApiError with one message per server error entry', async () => {
    vi.stubGlobal('fetch', answer(422, { error: ['row 2: name', 'row 3: model'] }));
    const error = await request('/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).issues.map((issue) => issue.message)).toEqual(['row 2: name', 'row 3: model']);
  });

  it('accepts a single error string and non-JSON answers', async () => {
    vi.stubGlobal('fetch', answer(400, { error: 'Bad' }));
    await expect(request('/x')).rejects.toMatchObject({ issues: [{ code: '', message: 'Bad' }] });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { status: 502 })),
    );
    await expect(request('/x')).rejects.toMatchObject({
      status: 502,
      issues: [{ clientKey: 'request_failed', params: { status: 502 }, message: 'Request failed (502)' }],
    });
  });

  it('ends the session on a 401 of an authenticated call only', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    vi.stubGlobal('fetch', answer(401, { error: 'Please sign in' }));
    await expect(request('/global/me')).rejects.toMatchObject({ status: 401, sessionExpired: true });
    expect(handler).toHaveBeenCalledTimes(1);
    await expect(
      request('/admin/users/login', { method: 'POST', body: {}, auth: false }),
    ).rejects.toMatchObject({
      sessionExpired: false,
      issues: [{ message: 'Please sign in' }],
    });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('keeps the code and parameters of each problem, aligned with its message', async () => {
    vi.stubGlobal(
      'fetch',
      answer(400, {
        error: ['Name is required', 'Status "A" is listed twice'],
        code: ['field_required', 'status_listed_twice'],
        params: [{ field: 'name' }, { name: 'A' }],
      }),
    );
    await expect(request('/x')).rejects.toMatchObject({
      issues: [
        { code: 'field_required', params: { field: 'name' }, message: 'Name is required' },
        { code: 'status_listed_twice', params: { name: 'A' }, message: 'Status "A" is listed twice' },
      ],
    });
  });

  it('keeps how long the server asks to wait (Retry-After), in seconds', async () => {
    const refuse = (retryAfter?: string) =>
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: 'Too many attempts', code: 'too_many_attempts' }), {
            status: 429,
            headers: retryAfter ? { 'Retry-After': retryAfter } : {},
          }),
      );
    vi.stubGlobal('fetch', refuse('540'));
    await expect(request('/x')).rejects.toMatchObject({ status: 429, retryAfterSeconds: 540 });
    vi.stubGlobal('fetch', refuse(new Date(Date.now() + 120_000).toUTCString()));
    const dated = (await request('/x').catch((e: unknown) => e)) as ApiError;
    expect(dated.retryAfterSeconds).toBeGreaterThan(100);
    expect(dated.retryAfterSeconds).toBeLessThanOrEqual(120);
    vi.stubGlobal('fetch', refuse());
    await expect(request('/x')).rejects.toMatchObject({ retryAfterSeconds: undefined });
  });

  it('turns a network failure into a readable error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(request('/x')).rejects.toMatchObject({ status: 0 });
  });
});
