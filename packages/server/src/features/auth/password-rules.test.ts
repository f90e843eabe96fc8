import { afterEach, describe, expect, it } from 'vitest';
import { VALIDATION_TEXT_EN, type ApiErrorBody, type ResetRequestResult } from '@parley/shared';
import { buildTestApp, type TestApp } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newUser, registration } from '../../../test/factories.test-helpers';
import { postLogin, postRegister } from './auth.test-helpers';

// docs/reference/accounts.md (Hardening): a new password is neither the account's e-mail nor a common password.

const STRONG = 'violet tractor sings';
const WEAK: [string, (email: string) => string, 'com_auth_password_is_email' | 'com_auth_password_common'][] =
  [
    ['the e-mail itself, in other case', (email) => email.toUpperCase(), 'com_auth_password_is_email'],
    ['the e-mail’s part before the @', (email) => email.split('@')[0]!, 'com_auth_password_is_email'],
    ['a common password', () => 'Password123', 'com_auth_password_common'],
    ['another common one, whatever its case', () => 'QWERTYUIOP', 'com_auth_password_common'],
  ];

function expectWeak(res: { statusCode: number; json: <T>() => T }, key: keyof typeof VALIDATION_TEXT_EN) {
  expect(res.statusCode).toBe(400);
  expect(res.json<ApiErrorBody>()).toMatchObject({
    code: 'VALIDATION',
    field: 'password',
    key,
    message: VALIDATION_TEXT_EN[key],
  });
}

describe.each(testDialects())('password rules on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it.each(WEAK)('refuses at sign-up %s, and creates no account', async (_case, password, key) => {
    t = await buildTestApp(dialect);
    const email = 'ada.lovelace@example.com';
    const chosen = password(email);
    const res = await postRegister(
      t.app,
      registration({ email, password: chosen, confirm_password: chosen }),
    );
    expectWeak(res, key);
    expect(await t.database.db.selectFrom('users').select('id').execute()).toHaveLength(0);
  });

  it('accepts a strong password at sign-up', async () => {
    t = await buildTestApp(dialect);
    const res = await postRegister(t.app, registration({ password: STRONG, confirm_password: STRONG }));
    expect(res.statusCode).toBe(201);
  });

  it.each(WEAK)(
    'refuses at reset %s; the link still works for a strong one',
    async (_case, password, key) => {
      // The link comes back in the answer (a local trial's setting), which spares the test a mail server.
      t = await buildTestApp(dialect, { auth: { passwordResetLinkInResponse: true } });
      const email = 'ada.lovelace@example.com';
      await newUser(t.app, { email });
      const asked = await t.app.inject({
        method: 'POST',
        url: '/api/auth/requestPasswordReset',
        payload: { email },
      });
      const link = new URL(asked.json<ResetRequestResult>().link!);
      const reset = (chosen: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/resetPassword',
          payload: {
            token: link.searchParams.get('token'),
            userId: link.searchParams.get('userId'),
            password: chosen,
            confirm_password: chosen,
          },
        });
      expectWeak(await reset(password(email)), key);
      expect((await reset(STRONG)).statusCode).toBe(200);
      expect((await postLogin(t.app, email, STRONG)).statusCode).toBe(200);
    },
  );
});
