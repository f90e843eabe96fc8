import { afterEach, describe, expect, it } from 'vitest';
import { API, REFRESH_COOKIE, type AuthResult, type ResetRequestResult } from '@parley/shared';
import { buildTestApp, testConfig, type TestApp } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newUser, PASSWORD } from '../../../test/factories.test-helpers';
import { signAccessToken } from './access-token';
import { getUser, postLogin } from './auth.test-helpers';

// docs/reference/accounts.md (Hardening): an access token works only while the session it was issued for does.

const NEW_PASSWORD = 'a brand new password';

describe.each(testDialects())('access tokens end with their session on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  const logout = (cookie: string) =>
    t.app.inject({ method: 'POST', url: API.logout, cookies: { [REFRESH_COOKIE]: cookie } });

  it('refuses the access token at once after logout, even one the guard has already cached', async () => {
    t = await buildTestApp(dialect);
    const ada = await newUser(t.app, { email: 'ada@example.com' });
    const login = await postLogin(t.app, 'ada@example.com', PASSWORD);
    const laptop = login.json<AuthResult>().token;
    expect((await getUser(t.app, ada.token)).statusCode).toBe(200);
    expect((await getUser(t.app, laptop)).statusCode).toBe(200);
    expect((await logout(ada.cookie)).statusCode).toBe(200);
    expect((await getUser(t.app, ada.token)).statusCode).toBe(401);
    // The other session of the same user (another device) goes on.
    expect((await getUser(t.app, laptop)).statusCode).toBe(200);
  });

  it('refuses every old access token of the user after a password reset, and no one else’s', async () => {
    // The link comes back in the answer (a local trial's setting), which spares the test a mail server.
    t = await buildTestApp(dialect, { auth: { passwordResetLinkInResponse: true } });
    const ada = await newUser(t.app, { email: 'ada@example.com' });
    const second = (await postLogin(t.app, 'ada@example.com', PASSWORD)).json<AuthResult>().token;
    const grace = await newUser(t.app, { email: 'grace@example.com' });
    for (const token of [ada.token, second, grace.token]) {
      expect((await getUser(t.app, token)).statusCode).toBe(200);
    }
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/requestPasswordReset',
      payload: { email: 'ada@example.com' },
    });
    const link = new URL(asked.json<ResetRequestResult>().link!);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/resetPassword',
      payload: {
        token: link.searchParams.get('token'),
        userId: link.searchParams.get('userId'),
        password: NEW_PASSWORD,
        confirm_password: NEW_PASSWORD,
      },
    });
    expect(reset.statusCode).toBe(200);
    expect((await getUser(t.app, ada.token)).statusCode).toBe(401);
    expect((await getUser(t.app, second)).statusCode).toBe(401);
    expect((await getUser(t.app, grace.token)).statusCode).toBe(200);
    const fresh = (await postLogin(t.app, 'ada@example.com', NEW_PASSWORD)).json<AuthResult>().token;
    expect((await getUser(t.app, fresh)).statusCode).toBe(200);
  });

  it('refuses a validly signed token that names no session, or another user’s session', async () => {
    t = await buildTestApp(dialect);
    const ada = await newUser(t.app);
    const grace = await newUser(t.app);
    const { jwtSecret } = testConfig().secrets;
    expect(
      (await getUser(t.app, await signAccessToken(jwtSecret, ada.user.id, ada.sessionId))).statusCode,
    ).toBe(200);
    const foreign = await signAccessToken(jwtSecret, ada.user.id, grace.sessionId);
    expect((await getUser(t.app, foreign)).statusCode).toBe(401);
    const unknown = await signAccessToken(jwtSecret, ada.user.id, 'no-such-session');
    expect((await getUser(t.app, unknown)).statusCode).toBe(401);
  });
});
