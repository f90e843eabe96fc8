import { afterEach, describe, expect, it } from 'vitest';
import { API, REFRESH_COOKIE } from '@parley/shared';
import { buildTestApp, type TestApp } from '../app.test-helpers';
import { newUser, PASSWORD } from '../factories.test-helpers';
import { LibreChatClient } from './client.test-helpers';

// The LibreChat client's session handling against Parley (docs/reference/accounts.md (Sessions and tokens)): its
// request layer retries a refresh answered 401 as `?retry=true` and waits for the refresh in flight, which is that
// same refresh. Parley must answer so that a tab always ends signed in or at /login, never waiting.

const TIMEOUT = 'timed out (the client is waiting on itself)';

/** `promise`, or TIMEOUT when it has not settled within `ms`: proves the client did not deadlock. */
function within<T>(promise: Promise<T>, ms = 3000): Promise<T | typeof TIMEOUT> {
  return Promise.race([
    promise,
    new Promise<typeof TIMEOUT>((resolve) => setTimeout(() => resolve(TIMEOUT), ms).unref()),
  ]);
}

describe('LibreChat client sessions', () => {
  let t: TestApp;
  let base: string;
  afterEach(async () => t?.close());

  async function start() {
    t = await buildTestApp('sqlite');
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  }

  it('sends a fresh tab without a cookie to /login, and a later 401 in that tab settles too', async () => {
    await start();
    const client = new LibreChatClient(base);
    expect(await within(client.start())).toBe('login');
    expect(client.sent).toEqual([`POST ${API.refresh}`]);
    // The tab's next call without a token: 401, one refresh (a 200 without a token), then /login.
    expect(await within(client.get(API.user).then(() => 'settled'))).toBe('settled');
    expect(client.navigations).toEqual(['/login', '/login']);
    expect(client.sent.filter((s) => s.startsWith(`POST ${API.refresh}`))).toHaveLength(2);
  });

  it('sends a tab whose cookie names a revoked session to /login: 401, then 403 on ?retry=true', async () => {
    await start();
    const { cookie } = await newUser(t.app);
    await t.app.inject({ method: 'POST', url: API.logout, cookies: { [REFRESH_COOKIE]: cookie } });
    const client = new LibreChatClient(base);
    client.cookie = cookie;
    expect(await within(client.start())).toBe('login');
    expect(client.sent).toEqual([`POST ${API.refresh}`, `POST ${API.refresh}`]);
    // Both answers cleared the dead cookie, so the browser stops sending it.
    expect(client.cookie).toBeNull();
    expect(await within(client.get(API.user).then(() => 'settled'))).toBe('settled');
    expect(client.navigations[0]).toBe('/login');
  });

  it('sends a tab whose cookie is not a refresh token at all to /login', async () => {
    await start();
    const client = new LibreChatClient(base);
    client.cookie = 'not-a-refresh-token';
    expect(await within(client.start())).toBe('login');
    expect(client.cookie).toBeNull();
  });

  it('keeps a signed-in tab working when its access token goes stale: 401, refresh by cookie, retry', async () => {
    await start();
    const { user } = await newUser(t.app, { email: 'tab@example.com' });
    const client = new LibreChatClient(base);
    await client.login('tab@example.com', PASSWORD);
    const firstCookie = client.cookie;
    client.token = 'stale';
    const answers = await within(
      Promise.all([client.get<{ id: string }>(API.user), client.get<{ id: string }>(API.user)]),
    );
    expect(answers).toEqual([
      expect.objectContaining({ id: user.id }),
      expect.objectContaining({ id: user.id }),
    ]);
    expect(client.navigations).toEqual([]);
    expect(client.cookie).not.toBe(firstCookie);
    // A reload of that tab: the silent refresh signs it in with the rotated cookie.
    const reloaded = new LibreChatClient(base);
    reloaded.cookie = client.cookie;
    expect(await within(reloaded.start())).toBe('signed-in');
  });

  it('sends the tab to /login after a logout: the cleared cookie makes the next start a 200 without a token', async () => {
    await start();
    await newUser(t.app, { email: 'out@example.com' });
    const client = new LibreChatClient(base);
    await client.login('out@example.com', PASSWORD);
    await client.post(API.logout);
    expect(client.cookie).toBeNull();
    client.token = null;
    expect(await within(client.start())).toBe('login');
  });
});
