import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API, type ApiErrorBody, type PublicUser } from '@parley/shared';
import { buildTestApp, type TestApp } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newUser, newUserRow, PASSWORD } from '../../../test/factories.test-helpers';
import { linkIn, startLocalSmtp, type LocalSmtp } from '../../../test/smtp.test-helpers';
import { readMailEnv } from '../../config/mail-settings';
import type { AppConfig } from '../../config/config.types';
import type { DeepPartial } from '../../../test/app.test-helpers';
import { getUser, postLogin } from '../auth/auth.test-helpers';
import { startSession } from '../auth/sessions.service';
import { grantDueInviteGift } from '../balance/registration-gift';
import { readBalance } from '../ledger/ledger.repository';
import { buildSmsTestApp, phoneLogin, sendCode, type SmsTestApp } from '../sms/sms.test-helpers';
import { accountCall } from './account.test-helpers';
import type { NewUserRow } from './users.table';

let smtp: LocalSmtp;
beforeAll(async () => {
  smtp = await startLocalSmtp();
});
afterAll(async () => smtp?.close());

const withMail = (): DeepPartial<AppConfig> => ({
  mail: readMailEnv(smtp.env)!,
  app: { emailEnabled: true },
});

describe.each(testDialects())('binding a phone or an e-mail on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  /** A signed-in user made as a row (an app with e-mail on would not sign a new registration in). */
  async function signedInRow(row: Partial<NewUserRow> & { password?: string }) {
    const user = await newUserRow(t.database.db, row);
    const deps = { config: t.config, database: t.database, redis: null };
    return { user, token: (await startSession(deps, user, { userAgent: null })).token };
  }

  const inviteGiftKeys = async (userId: string) =>
    (
      await t.database.db
        .selectFrom('ledger_entries')
        .select('unique_key')
        .where('user_id', '=', userId)
        .where('unique_key', 'like', 'invite-gift:%')
        .execute()
    ).map((r) => r.unique_key);

  /** A signed-in user invited by another (a@example.com), with no invite gift yet. */
  async function invitedRow(row: Partial<NewUserRow> & { password?: string }) {
    const inviter = await signedInRow({ email: 'a@example.com', password: PASSWORD });
    return signedInRow({ ...row, inviter_id: inviter.user.id });
  }

  /** Follows an e-mail's verify link, as the page it opens does. */
  const follow = (link: URL) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/verifyEmail',
      payload: { token: link.searchParams.get('token'), userId: link.searchParams.get('userId') },
    });

  /** Makes an account call that must be refused: its status, and what the error body holds. */
  async function expectRefused(
    call: Parameters<typeof accountCall>[1],
    token: string,
    payload: Record<string, unknown>,
    status: number,
    error: Partial<ApiErrorBody>,
  ) {
    const res = await accountCall(t.app, call, token, payload);
    expect(res.statusCode).toBe(status);
    expect(res.json<ApiErrorBody>()).toMatchObject(error);
  }

  describe('POST /api/user/phone', () => {
    it('binds the phone with the code texted to it; the phone then signs in to this account', async () => {
      const sms = await buildSmsTestApp(dialect);
      t = sms;
      const me = await newUser(t.app, { email: 'me@example.com' });
      expect((await sendCode(t.app, '13900139000')).statusCode).toBe(200);
      const res = await accountCall(t.app, 'bindPhone', me.token, {
        phone: '139 0013 9000',
        verifyCode: sms.codeFor('13900139000'),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<PublicUser>()).toMatchObject({ id: me.user.id, phone: '13900139000' });
      expect((await postLogin(t.app, '13900139000', PASSWORD)).json<{ user: PublicUser }>().user.id).toBe(
        me.user.id,
      );
      // The code was used up by the binding.
      const again = await phoneLogin(t.app, { phone: '13900139000', verifyCode: sms.codeFor('13900139000') });
      expect(again.json<ApiErrorBody>().key).toBe('com_auth_verify_code_expired');
    });

    it('refuses a wrong code with 400 and binds nothing', async () => {
      const sms = await buildSmsTestApp(dialect);
      t = sms;
      const me = await newUser(t.app);
      await sendCode(t.app, '13900139000');
      const wrong = sms.codeFor('13900139000') === '000000' ? '111111' : '000000';
      await expectRefused('bindPhone', me.token, { phone: '13900139000', verifyCode: wrong }, 400, {
        field: 'verifyCode',
        key: 'com_auth_verify_code_wrong',
      });
      expect((await getUser(t.app, me.token)).json<PublicUser>().phone).toBeUndefined();
    });

    it("refuses another account's phone with 409 after the code, and keeps the code for signing in there", async () => {
      const sms: SmsTestApp = await buildSmsTestApp(dialect);
      t = sms;
      await newUserRow(t.database.db, { phone: '13900139000', password: PASSWORD });
      const me = await newUser(t.app);
      await sendCode(t.app, '13900139000');
      const code = sms.codeFor('13900139000');
      await expectRefused('bindPhone', me.token, { phone: '13900139000', verifyCode: code }, 409, {
        code: 'CONFLICT',
        message: 'This phone number is already bound to another account.',
        key: 'com_ui_account_phone_taken',
      });
      expect((await getUser(t.app, me.token)).json<PublicUser>().phone).toBeUndefined();
      expect((await phoneLogin(t.app, { phone: '13900139000', verifyCode: code })).statusCode).toBe(200);
    });

    it('refuses an account that already has a phone with 409, and answers 403 with SMS off', async () => {
      const sms = await buildSmsTestApp(dialect);
      t = sms;
      const { token } = await signedInRow({ phone: '13700137000', password: PASSWORD });
      await sendCode(t.app, '13900139000');
      const payload = { phone: '13900139000', verifyCode: sms.codeFor('13900139000') };
      await expectRefused('bindPhone', token, payload, 409, { key: 'com_ui_account_phone_already_bound' });
      await t.close();

      t = await buildTestApp(dialect);
      const me = await newUser(t.app);
      const off = { phone: '13900139000', verifyCode: '123456' };
      await expectRefused('bindPhone', me.token, off, 403, { key: 'com_auth_sms_disabled' });
    });

    it('releases the pending invite gift once: binding the phone proves it, a later e-mail adds nothing', async () => {
      const sms = await buildSmsTestApp(dialect, {
        ...withMail(),
        app: { checkBalance: true, emailEnabled: true },
      });
      t = sms;
      // Registered with an e-mail nobody proved: no invite gift yet.
      const { user, token } = await invitedRow({ email: 'b@example.com', password: PASSWORD });
      expect(await inviteGiftKeys(user.id)).toEqual([]);

      await sendCode(t.app, '13900139000');
      const bound = await accountCall(t.app, 'bindPhone', token, {
        phone: '13900139000',
        verifyCode: sms.codeFor('13900139000'),
      });
      expect(bound.statusCode).toBe(200);
      expect(await inviteGiftKeys(user.id)).toEqual([`invite-gift:${user.id}`]);
      // 0.5 yuan = 50000 units; no registration gift was granted to this row.
      expect((await readBalance(t.database.db, user.id)).credits).toBe(50_000);

      expect(
        (await accountCall(t.app, 'requestEmailChange', token, { email: 'b@example.com' })).statusCode,
      ).toBe(200);
      const verify = await follow(linkIn(await smtp.nextMail('b@example.com'), '/verify'));
      expect(verify.statusCode).toBe(200);
      expect(await inviteGiftKeys(user.id)).toEqual([`invite-gift:${user.id}`]);
      expect((await readBalance(t.database.db, user.id)).credits).toBe(50_000);
    });
  });

  describe('POST /api/user/email/change and the link', () => {
    it("mails a link to a phone user's new address; following it binds the address, verified, once", async () => {
      t = await buildTestApp(dialect, { ...withMail(), app: { checkBalance: true, emailEnabled: true } });
      const { user, token } = await invitedRow({
        phone: '13900139000',
        name: '139****9000',
        password: PASSWORD,
      });
      // The invitee's phone was proved at sign-up, as a phone sign-up's is: its invite gift was granted then.
      const deps = { config: t.config, database: t.database, redis: null };
      await grantDueInviteGift(deps, user.id);

      const res = await accountCall(
        t.app,
        'requestEmailChange',
        token,
        { email: ' New@Example.com ' },
        {
          'accept-language': 'zh-CN,zh;q=0.9',
        },
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        message: 'A verification link has been sent to this address. It is valid for 15 minutes.',
      });
      // Not bound until the link is followed.
      expect((await getUser(t.app, token)).json<PublicUser>().email).toBeUndefined();

      const mail = await smtp.nextMail('new@example.com');
      expect(mail.subject).toBe('Parley：验证您的邮箱');
      expect(mail.text).toContain('139****9000，您好：');
      const link = linkIn(mail, '/verify');
      expect(link.searchParams.get('userId')).toBe(user.id);
      const verified = await follow(link);
      expect(verified.statusCode).toBe(200);
      expect(verified.json()).toEqual({ message: 'Email verified and bound to your account.' });
      expect((await getUser(t.app, token)).json<PublicUser>()).toMatchObject({
        email: 'new@example.com',
        emailVerified: true,
        phone: '13900139000',
      });
      expect(await inviteGiftKeys(user.id)).toEqual([`invite-gift:${user.id}`]);
      expect((await postLogin(t.app, 'new@example.com', PASSWORD)).statusCode).toBe(200);

      const twice = await follow(link);
      expect(twice.statusCode).toBe(400);
      expect(twice.json<ApiErrorBody>().message).toBe('Invalid or expired activation link');
    });

    it("verifies the account's own unverified address, which releases the invite gift", async () => {
      t = await buildTestApp(dialect, { ...withMail(), app: { checkBalance: true, emailEnabled: true } });
      const { user, token } = await invitedRow({ email: 'b@example.com', password: PASSWORD });
      expect(
        (await accountCall(t.app, 'requestEmailChange', token, { email: 'b@example.com' })).statusCode,
      ).toBe(200);
      expect(await inviteGiftKeys(user.id)).toEqual([]);
      expect((await follow(linkIn(await smtp.nextMail('b@example.com'), '/verify'))).statusCode).toBe(200);
      expect((await getUser(t.app, token)).json<PublicUser>().emailVerified).toBe(true);
      expect(await inviteGiftKeys(user.id)).toEqual([`invite-gift:${user.id}`]);
    });

    it("refuses another account's address and a verified account with 409, mailing nothing", async () => {
      t = await buildTestApp(dialect, withMail());
      await signedInRow({ email: 'taken@example.com', password: PASSWORD });
      const phoneUser = await signedInRow({ phone: '13900139000', password: PASSWORD });
      await expectRefused('requestEmailChange', phoneUser.token, { email: 'taken@example.com' }, 409, {
        code: 'CONFLICT',
        key: 'com_ui_account_email_taken',
      });

      const verified = await signedInRow({ email: 'v@example.com', email_verified: 1, password: PASSWORD });
      await expectRefused('requestEmailChange', verified.token, { email: 'other@example.com' }, 409, {
        key: 'com_ui_account_email_already_bound',
      });
      expect(await t.database.db.selectFrom('email_tokens').selectAll().execute()).toEqual([]);
    });

    it('refuses a bad address with 400, and answers 403 while e-mail is off', async () => {
      t = await buildTestApp(dialect, withMail());
      const { token } = await signedInRow({ phone: '13900139000', password: PASSWORD });
      await expectRefused('requestEmailChange', token, { email: 'not-an-address' }, 400, {
        field: 'email',
        key: 'com_auth_email_pattern',
      });
      await t.close();

      t = await buildTestApp(dialect);
      const phoneUser = await signedInRow({ phone: '13900139000', password: PASSWORD });
      await expectRefused('requestEmailChange', phoneUser.token, { email: 'me@example.com' }, 403, {
        message: 'Email is not set up on this server, so an email address cannot be bound or verified.',
        key: 'com_ui_account_email_off',
      });
    });

    it('refuses to bind an address another account took between the mail and the link, with 409', async () => {
      t = await buildTestApp(dialect, withMail());
      const { token } = await signedInRow({ phone: '13900139000', password: PASSWORD });
      await accountCall(t.app, 'requestEmailChange', token, { email: 'race@example.com' });
      const link = linkIn(await smtp.nextMail('race@example.com'), '/verify');
      await newUserRow(t.database.db, { email: 'race@example.com' });
      const res = await follow(link);
      expect(res.statusCode).toBe(409);
      expect(res.json<ApiErrorBody>().key).toBe('com_ui_account_email_taken');
      expect((await getUser(t.app, token)).json<PublicUser>().email).toBeUndefined();
    });
  });

  it('answers 401 to every account call without a signed-in user', async () => {
    t = await buildTestApp(dialect);
    for (const [method, url] of [
      ['POST', API.user + '/phone'],
      ['POST', API.user + '/email/change'],
      ['POST', API.user + '/password'],
      ['DELETE', API.user + '/delete'],
    ] as const) {
      expect((await t.app.inject({ method, url, payload: {} })).statusCode).toBe(401);
    }
  });
});
