import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { registration } from '../../../test/factories.test-helpers';
import { linkIn, startLocalSmtp, type LocalSmtp } from '../../../test/smtp.test-helpers';
import { readMailEnv } from '../../config/mail-settings';
import { postRegister } from '../auth/auth.test-helpers';
import { findUserByEmail } from '../users/users.repository';
import { readBalance } from '../ledger/ledger.repository';
import { expectLedgerMatches } from './balance.test-helpers';
import { grantRegistrationGift } from './registration-gift';

let smtp: LocalSmtp;
beforeAll(async () => {
  smtp = await startLocalSmtp();
});
afterAll(async () => smtp?.close());

const GIFT = { credits: 100_000, gpt3Uses: 50, gpt4Uses: 10 };
const deps = (t: TestApp) => ({ config: t.config, database: t.database, redis: t.redis });

// docs/reference/balance.md (Registration gift)
describe.each(testDialects())('registration gift on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it('is granted at registration, once, even when granted again in parallel', async () => {
    t = await buildTestApp(dialect, { app: { checkBalance: true } });
    const res = await postRegister(t.app, registration({ email: 'gift@example.com' }));
    expect(res.statusCode).toBe(201);
    const user = (await findUserByEmail(t.database.db, 'gift@example.com'))!;
    const db = t.database.db;
    expect(await readBalance(db, user.id)).toEqual(GIFT);
    const again = await Promise.all([1, 2, 3].map(() => grantRegistrationGift(deps(t), user.id)));
    expect(again).toEqual([false, false, false]);
    const gifts = await db.selectFrom('ledger_entries').selectAll().where('user_id', '=', user.id).execute();
    expect(gifts).toHaveLength(1);
    expect(gifts[0]).toMatchObject({ kind: 'gift', unique_key: `gift:${user.id}` });
    await expectLedgerMatches(db, user.id);
  });

  it('waits for activation when e-mail activation is required', async () => {
    t = await buildTestApp(dialect, {
      mail: readMailEnv(smtp.env)!,
      app: { emailEnabled: true, checkBalance: true },
    });
    await postRegister(t.app, registration({ email: 'later@example.com' }));
    const user = (await findUserByEmail(t.database.db, 'later@example.com'))!;
    expect(await readBalance(t.database.db, user.id)).toEqual({ credits: 0, gpt3Uses: 0, gpt4Uses: 0 });
    const link = linkIn(await smtp.nextMail('later@example.com'), '/verify');
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verifyEmail',
      payload: { token: link.searchParams.get('token'), userId: link.searchParams.get('userId') },
    });
    expect(verified.statusCode).toBe(200);
    expect(await readBalance(t.database.db, user.id)).toEqual(GIFT);
    await expectLedgerMatches(t.database.db, user.id);
  });
});
