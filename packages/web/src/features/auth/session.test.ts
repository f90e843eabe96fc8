import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API, AUTH_MESSAGES } from '@parley/shared';

// The start-up check against the refresh answers of docs/reference/accounts.md (Sessions and tokens): whatever the
// server says, the page ends signed out or signed in, and never waits forever.

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Resolves with 'timeout' when `promise` has not settled within `ms`. */
const settles = (promise: Promise<unknown>, ms = 2000) =>
  Promise.race([
    promise.then(() => 'settled'),
    new Promise((resolve) => setTimeout(() => resolve('timeout'), ms)),
  ]);

async function freshSession(answers: Response[]) {
  const fetchMock = vi.fn(async () => answers.shift() ?? json(500, { message: 'unexpected call' }));
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('window', { location: { search: '', assign: vi.fn() } });
  vi.resetModules();
  const session = await import('./session');
  const { useAuthStore } = await import('./auth.store');
  session.installSession();
  return { session, useAuthStore, fetchMock };
}

describe('the start-up session check', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => vi.unstubAllGlobals());

  it('reads a 200 without a token (no refresh cookie) as signed out, with one call', async () => {
    const t = await freshSession([json(200, { message: AUTH_MESSAGES.noSession })]);
    expect(await settles(t.session.startSession())).toBe('settled');
    expect(t.useAuthStore.getState()).toMatchObject({ token: null, status: 'unauthenticated' });
    expect(t.fetchMock).toHaveBeenCalledTimes(1);
  });

  it('ends signed out when the refresh is 401 and its retry 403, after exactly those two calls', async () => {
    const t = await freshSession([
      json(401, { code: 'UNAUTHORIZED', message: AUTH_MESSAGES.sessionExpired }),
      json(403, { code: 'FORBIDDEN', message: AUTH_MESSAGES.sessionExpired }),
    ]);
    expect(await settles(t.session.startSession())).toBe('settled');
    expect(t.useAuthStore.getState()).toMatchObject({ token: null, status: 'unauthenticated' });
    const urls = t.fetchMock.mock.calls.map((call) => String((call as unknown[])[0]));
    expect(urls).toEqual([API.refresh, `${API.refresh}?retry=true`]);
  });
});
