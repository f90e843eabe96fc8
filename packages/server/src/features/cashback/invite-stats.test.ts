import { afterEach, describe, expect, it, vi } from 'vitest';
import { API, type AuthResult } from '@parley/shared';
import { buildTestApp, type TestApp } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newUser, type NewUser } from '../../../test/factories.test-helpers';
import { readBalance } from '../ledger/ledger.repository';
import { recordWithdrawal } from './cashback.repository';
import { recordCashback } from './record-cashback';
import { activateAccount } from '../auth/activation.service';
import { buildSmsTestApp, phoneLogin, sendCode } from '../sms/sms.test-helpers';

const stats = async (t: TestApp, user: NewUser) =>
  (
    await t.app.inject({
      method: 'GET',
      url: API.inviteStats,
      headers: { authorization: `Bearer ${user.token}` },
    })
  ).json<Record<string, unknown>>();

// docs/reference/commerce.md (Invites and cash-back)
describe.each(testDialects())('invite stats with cash-back on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => {
    vi.useRealTimers();
    await t?.close();
  });

  it('answers what the invitees paid, what was paid out, what can be paid and what was earned today, in yuan', async () => {
    t = await buildTestApp(dialect, {
      invites: { percent: 15, secondLevelPercent: 5, registerGiftFen: 50, adminWx: 'parley-help' },
    });
    const a = await newUser(t.app);
    const b = await newUser(t.app, { inviteCode: a.user.inviteCode });
    const c = await newUser(t.app, { inviteCode: b.user.inviteCode });
    const db = t.database.db;
    const shares = { percent: 15, secondLevelPercent: 5 };
    // 12:00 in Shanghai on 2026-03-02: b paid 99.99 yuan yesterday and c paid 20 yuan today.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-02T04:00:00.000Z'));
    await recordCashback(
      db,
      { orderId: 'o1', userId: b.user.id, amountFen: 9999, paidAt: '2026-03-01T04:00:00.000Z' },
      shares,
    );
    await recordCashback(
      db,
      { orderId: 'o2', userId: c.user.id, amountFen: 2000, paidAt: '2026-03-02T03:00:00.000Z' },
      shares,
    );
    await recordWithdrawal(
      db,
      { userId: a.user.id, amountFen: 1000, reason: 'WeChat', operator: 'op' },
      'Asia/Shanghai',
    );

    // a: 15% of 99.99 = 14.99 (level 1) and 5% of 20 = 1.00 (level 2, today); 10.00 paid out.
    expect(await stats(t, a)).toEqual({
      inviteCode: a.user.inviteCode,
      invitedCount: 1,
      invited24Count: 1,
      secondLevelCount: 1,
      totalPrice: 119.99,
      totalPricePayed: 10,
      totalPriceCanPay: 4.99,
      totalPriceToday: 1,
      adminWx: 'parley-help',
      invitePercent: 15,
      secondLevelPercent: 5,
      registerGift: 0.5,
      // The balance is off in this app: a new user is given nothing, and the dialog promises nothing.
      newUserGift: { credits: 0, gpt3Uses: 0, gpt4Uses: 0 },
    });
    // b: 15% of c's 20 yuan, all of it today.
    expect(await stats(t, b)).toMatchObject({
      totalPrice: 20,
      totalPriceCanPay: 0,
      totalPriceToday: 3,
      totalPricePayed: 0,
    });
    expect(await stats(t, c)).toMatchObject({ totalPrice: 0, totalPriceCanPay: 0, totalPriceToday: 0 });
  });

  it('announces the gift a new user gets: the registration gift and the invite gift, as configured', async () => {
    t = await buildTestApp(dialect, {
      app: { checkBalance: true },
      balance: { registrationGift: { credits: 120_000, gpt3Uses: 40, gpt4Uses: 5 } },
      invites: { percent: 15, secondLevelPercent: 5, registerGiftFen: 80, adminWx: '' },
    });
    const a = await newUser(t.app);
    // 1.2 credits and 0.8 yuan (0.8 credit) of invite gift: 2 credits, and the registration gift's free uses.
    expect((await stats(t, a)).newUserGift).toEqual({ credits: 2, gpt3Uses: 40, gpt4Uses: 5 });
  });

  it('gives an invited user the registerGift in credits beside the registration gift, once their e-mail is verified', async () => {
    t = await buildTestApp(dialect, { app: { checkBalance: true } });
    const a = await newUser(t.app);
    const b = await newUser(t.app, { inviteCode: a.user.inviteCode });
    const gift = t.config.balance.registrationGift.credits;
    const deps = { config: t.config, database: t.database, redis: t.redis };
    expect((await readBalance(t.database.db, a.user.id)).credits).toBe(gift);
    // E-mail is off: nobody proved b's address, so the invite gift waits.
    expect((await readBalance(t.database.db, b.user.id)).credits).toBe(gift);
    // What an activation link, a mailed reset link or a provider vouching for the e-mail does.
    await activateAccount(deps, b.user.id);
    await activateAccount(deps, b.user.id);
    // 0.5 yuan = 0.5 credit = 50000 units.
    expect((await readBalance(t.database.db, b.user.id)).credits).toBe(gift + 50_000);
    const keys = await t.database.db
      .selectFrom('ledger_entries')
      .select('unique_key')
      .where('user_id', '=', b.user.id)
      .execute();
    expect(keys.map((k) => k.unique_key).sort()).toEqual([`gift:${b.user.id}`, `invite-gift:${b.user.id}`]);
  });

  it('gives a phone sign-up its registerGift at once: the SMS code proved the phone', async () => {
    const sms = await buildSmsTestApp(dialect, { app: { checkBalance: true } });
    t = sms;
    const a = await newUser(t.app);
    expect((await sendCode(t.app, '13800138000')).statusCode).toBe(200);
    const res = await phoneLogin(t.app, {
      phone: '13800138000',
      verifyCode: sms.codeFor('13800138000'),
      password: 'a good new password',
      inviter: a.user.inviteCode,
    });
    expect(res.statusCode).toBe(201);
    const b = res.json<AuthResult>().user;
    const gift = t.config.balance.registrationGift.credits;
    expect((await readBalance(t.database.db, b.id)).credits).toBe(gift + 50_000);
  });
});
