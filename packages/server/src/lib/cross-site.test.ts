import { afterEach, describe, expect, it } from 'vitest';
import { API, AUTH_MESSAGES, pathOf, REFRESH_COOKIE, routeUrl, type ApiErrorBody } from '@parley/shared';
import { buildTestApp, type TestApp } from '../../test/app.test-helpers';
import { testDialects } from '../../test/dialects.test-helpers';
import { newUser, PASSWORD } from '../../test/factories.test-helpers';

// docs/reference/accounts.md (Hardening): a page on another site cannot sign anyone out (nor in, nor up).

describe.each(testDialects())('sign-in routes against cross-site requests on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  const expectRefused = (res: { statusCode: number; json: <T>() => T }, message: string) => {
    expect(res.statusCode).toBe(403);
    expect(res.json<ApiErrorBody>()).toMatchObject({ code: 'FORBIDDEN', message });
  };
  const refreshes = async (cookie: string) =>
    (await t.app.inject({ method: 'POST', url: API.refresh, cookies: { [REFRESH_COOKIE]: cookie } }))
      .statusCode;

  it('refuses a text/plain form posted to logout, and the session lives on', async () => {
    t = await buildTestApp(dialect);
    const { cookie } = await newUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: API.logout,
      headers: { 'content-type': 'text/plain', origin: 'https://evil.example' },
      cookies: { [REFRESH_COOKIE]: cookie },
      payload: 'a=b',
    });
    expectRefused(res, AUTH_MESSAGES.crossSiteRefused);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await refreshes(cookie)).toBe(200);
  });

  it('refuses a body that is not JSON even without an Origin (an old browser, a form)', async () => {
    t = await buildTestApp(dialect);
    const { cookie } = await newUser(t.app);
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: API.logout,
        headers: { 'content-type': type },
        cookies: { [REFRESH_COOKIE]: cookie },
        payload: '',
      });
      expectRefused(res, AUTH_MESSAGES.jsonBodyRequired);
    }
    const bodyWithoutType = await t.app.inject({
      method: 'POST',
      url: API.login,
      headers: { 'content-length': '3' },
      payload: 'a=b',
    });
    expect(bodyWithoutType.statusCode).toBe(403);
    expect(await refreshes(cookie)).toBe(200);
  });

  it('refuses a foreign Origin and Sec-Fetch-Site: cross-site on every POST under /api/auth', async () => {
    t = await buildTestApp(dialect);
    await newUser(t.app, { email: 'ada@example.com' });
    const calls = [
      API.login,
      API.register,
      API.refresh,
      API.logout,
      pathOf('requestPasswordReset'),
      pathOf('resetPassword'),
    ];
    for (const url of [...calls, pathOf('verifyEmail')]) {
      const foreign = await t.app.inject({
        method: 'POST',
        url,
        headers: { origin: 'https://evil.example' },
        payload: { email: 'ada@example.com', password: PASSWORD },
      });
      expectRefused(foreign, AUTH_MESSAGES.crossSiteRefused);
      const crossSite = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'sec-fetch-site': 'cross-site' },
        payload: { email: 'ada@example.com', password: PASSWORD },
      });
      expectRefused(crossSite, AUTH_MESSAGES.crossSiteRefused);
    }
    const sandboxed = await t.app.inject({
      method: 'POST',
      url: API.logout,
      headers: { origin: 'null' },
    });
    expectRefused(sandboxed, AUTH_MESSAGES.crossSiteRefused);
  });

  it('lets the site itself through: its configured domains, its own host, same-site fetches, API clients', async () => {
    t = await buildTestApp(dialect, {
      domainClient: 'https://chat.example.com',
      domainServer: 'https://api.example.com/',
    });
    await newUser(t.app, { email: 'ada@example.com' });
    const login = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: API.login,
        headers,
        payload: { email: 'ada@example.com', password: PASSWORD },
      });
    expect(
      (await login({ origin: 'https://chat.example.com', 'sec-fetch-site': 'same-origin' })).statusCode,
    ).toBe(200);
    // A client served from another site on purpose is named by DOMAIN_CLIENT, so its cross-site calls pass.
    expect(
      (await login({ origin: 'https://chat.example.com', 'sec-fetch-site': 'cross-site' })).statusCode,
    ).toBe(200);
    expect((await login({ origin: 'https://api.example.com' })).statusCode).toBe(200);
    expect(
      (await login({ origin: 'http://parley.internal:3080', host: 'parley.internal:3080' })).statusCode,
    ).toBe(200);
    expect((await login({ 'sec-fetch-site': 'same-site' })).statusCode).toBe(200);
    expect((await login({ 'content-type': 'application/json; charset=utf-8' })).statusCode).toBe(200);
    // A look-alike of a configured domain is not it.
    expectRefused(
      await login({ origin: 'https://chat.example.com.evil.example' }),
      AUTH_MESSAGES.crossSiteRefused,
    );
    // Bodiless refresh and logout, and an empty JSON body, as clients send them.
    expect((await t.app.inject({ method: 'POST', url: API.refresh })).statusCode).toBe(200);
    const emptyJson = await t.app.inject({
      method: 'POST',
      url: API.logout,
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(emptyJson.statusCode).toBe(200);
  });

  it('leaves GET routes alone (the invite check), whatever the Origin', async () => {
    t = await buildTestApp(dialect);
    const { user } = await newUser(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: routeUrl('checkInvite', { code: user.inviteCode }),
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(200);
  });
});
