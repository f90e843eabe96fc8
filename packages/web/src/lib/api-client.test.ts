import { describe, expect, it, vi } from 'vitest';
import { API, type AuthResult, type PublicUser } from '@parley/shared';
import { createApiClient } from './api-client';
import { ApiError } from './api-error';

const user: PublicUser = {
  id: 'u1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  role: 'USER',
  provider: 'local',
  plugins: [],
  inviteCode: 'abc123',
  emailVerified: true,
  hasPassword: true,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

interface Call {
  url: string;
  auth: string | null;
}

/** A fake server: `/api/user` accepts only `validToken`; refresh answers per the given script. */
function setup(opts: {
  refreshOk: boolean;
  userAlways401?: boolean;
  refreshDelayMs?: number;
  /** The signed-out answer when the refresh fails: 401 (a dead cookie) or a 200 without a token (no cookie). */
  noSession?: 'status401' | 'noToken200';
}) {
  let token: string | null = 'stale';
  const calls: Call[] = [];
  const newToken = 'fresh';
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const auth = new Headers(init?.headers).get('Authorization');
    calls.push({ url, auth });
    if (url.startsWith(API.refresh)) {
      await new Promise((r) => setTimeout(r, opts.refreshDelayMs ?? 5));
      const body: AuthResult = { token: newToken, user };
      if (opts.refreshOk) return json(200, body);
      return opts.noSession === 'noToken200'
        ? json(200, { message: 'No session: sign in to get one.' })
        : json(401, { code: 'UNAUTHORIZED', message: 'No session' });
    }
    if (!opts.userAlways401 && auth === `Bearer ${newToken}`) return json(200, user);
    return json(401, { code: 'UNAUTHORIZED', message: 'Token expired' });
  });
  const onAuthFailure = vi.fn();
  const onRefreshed = vi.fn((r: AuthResult) => {
    token = r.token;
  });
  const client = createApiClient({
    fetch: fetchImpl as unknown as typeof fetch,
    getToken: () => token,
    onRefreshed,
    onAuthFailure,
    getSearch: () => '?inviteCode=xyz',
  });
  const refreshCalls = () => calls.filter((c) => c.url.startsWith(API.refresh));
  const userCalls = () => calls.filter((c) => c.url === API.user);
  return { client, calls, onAuthFailure, onRefreshed, refreshCalls, userCalls };
}

describe('api client 401 handling', () => {
  it('shares one refresh between concurrent 401s and retries each call with the new token', async () => {
    const t = setup({ refreshOk: true, refreshDelayMs: 20 });
    const results = await Promise.all([
      t.client.request<PublicUser>(API.user),
      t.client.request<PublicUser>(API.user),
      t.client.request<PublicUser>(API.user),
    ]);
    expect(results.map((r) => r.id)).toEqual(['u1', 'u1', 'u1']);
    expect(t.refreshCalls()).toHaveLength(1);
    expect(t.onRefreshed).toHaveBeenCalledTimes(1);
    const retried = t.userCalls().filter((c) => c.auth === 'Bearer fresh');
    expect(retried).toHaveLength(3);
  });

  it('retries a call once only', async () => {
    const t = setup({ refreshOk: true, userAlways401: true });
    await expect(t.client.request(API.user)).rejects.toMatchObject({ status: 401 });
    expect(t.userCalls()).toHaveLength(2);
    expect(t.refreshCalls()).toHaveLength(1);
  });

  it('calls the go-to-login callback with the query string when the refresh fails', async () => {
    const t = setup({ refreshOk: false });
    const error = await t.client.request(API.user).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(t.onAuthFailure).toHaveBeenCalledTimes(1);
    expect(t.onAuthFailure).toHaveBeenCalledWith('?inviteCode=xyz');
    expect(t.userCalls()).toHaveLength(1);
  });

  it('reads a refresh answered 200 without a token as signed out: to /login once, nothing waits', async () => {
    const t = setup({ refreshOk: false, noSession: 'noToken200' });
    const outcomes = await Promise.allSettled([t.client.request(API.user), t.client.request(API.user)]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect(outcomes.map((o) => (o as PromiseRejectedResult).reason)).toMatchObject([
      { status: 401 },
      { status: 401 },
    ]);
    expect(t.refreshCalls()).toHaveLength(1);
    expect(t.onRefreshed).not.toHaveBeenCalled();
    expect(t.onAuthFailure).toHaveBeenCalledTimes(2);
    // A later call in the same tab settles the same way.
    await expect(t.client.request(API.user)).rejects.toMatchObject({ status: 401 });
    expect(t.refreshCalls()).toHaveLength(2);
  });

  it('settles a refresh answered 401 whose ?retry=true is answered 403', async () => {
    const fetchImpl = vi.fn(async (input: RequestInfo | URL) =>
      String(input).includes('retry=true')
        ? json(403, { code: 'FORBIDDEN', message: 'expired' })
        : json(401, { code: 'UNAUTHORIZED', message: 'expired' }),
    );
    const onAuthFailure = vi.fn();
    const client = createApiClient({
      fetch: fetchImpl as unknown as typeof fetch,
      getToken: () => null,
      onRefreshed: vi.fn(),
      onAuthFailure,
      getSearch: () => '',
    });
    await expect(client.request(API.refresh, { method: 'POST' })).rejects.toMatchObject({ status: 401 });
    expect(fetchImpl.mock.calls.map(([input]) => String(input))).toEqual([
      API.refresh,
      `${API.refresh}?retry=true`,
    ]);
    expect(onAuthFailure).toHaveBeenCalledTimes(1);
  });

  it('leaves the redirect to the caller when asked to', async () => {
    const t = setup({ refreshOk: false });
    await expect(t.client.request(API.user, { redirectOnAuthFailure: false })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(t.onAuthFailure).not.toHaveBeenCalled();
  });

  it('adds ?retry=true when the failing call was the refresh itself', async () => {
    let n = 0;
    const fetchImpl = vi.fn(async (_input: RequestInfo | URL) => {
      n += 1;
      // The first refresh fails, the retried one succeeds.
      return n === 1 ? json(401, { message: 'expired' }) : json(200, { token: 'fresh', user });
    });
    const client = createApiClient({
      fetch: fetchImpl as unknown as typeof fetch,
      getToken: () => null,
      onRefreshed: vi.fn(),
      onAuthFailure: vi.fn(),
      getSearch: () => '',
    });
    const result = await client.request<AuthResult>(API.refresh, { method: 'POST' });
    expect(result.token).toBe('fresh');
    const urls = fetchImpl.mock.calls.map(([input]) => String(input));
    expect(urls).toEqual([API.refresh, `${API.refresh}?retry=true`]);
  });

  it('does not refresh on a 401 when the call opts out (login)', async () => {
    const t = setup({ refreshOk: true });
    await expect(
      t.client.request(API.login, { method: 'POST', refreshOn401: false, json: {} }),
    ).rejects.toMatchObject({
      status: 401,
    });
    expect(t.refreshCalls()).toHaveLength(0);
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    const client = createApiClient({
      fetch: (() => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch,
      getToken: () => null,
      onRefreshed: vi.fn(),
      onAuthFailure: vi.fn(),
      getSearch: () => '',
    });
    await expect(client.request(API.config)).rejects.toMatchObject({ status: 0 });
  });
});
