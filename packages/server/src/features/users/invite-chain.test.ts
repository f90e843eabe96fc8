import { afterEach, describe, expect, it } from 'vitest';
import { API } from '@parley/shared';
import { buildTestApp, type TestApp } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newUser, type NewUser } from '../../../test/factories.test-helpers';
import { findUserByEmail } from './users.repository';

const stats = (t: TestApp, user?: NewUser) =>
  t.app.inject({
    method: 'GET',
    url: API.inviteStats,
    headers: user ? { authorization: `Bearer ${user.token}` } : {},
  });

describe.each(testDialects())('the invite chain on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it("records the inviter and the inviter's inviter at registration, and counts both levels", async () => {
    t = await buildTestApp(dialect);
    const a = await newUser(t.app, { email: 'a@example.com' });
    const b = await newUser(t.app, { email: 'b@example.com', inviteCode: a.user.inviteCode });
    const c = await newUser(t.app, { email: 'c@example.com', inviteCode: b.user.inviteCode });

    const rowOf = (email: string) => findUserByEmail(t.database.db, email);
    expect(await rowOf('b@example.com')).toMatchObject({ inviter_id: a.user.id, second_inviter_id: null });
    expect(await rowOf('c@example.com')).toMatchObject({
      inviter_id: b.user.id,
      second_inviter_id: a.user.id,
    });

    expect((await stats(t, a)).json()).toMatchObject({
      inviteCode: a.user.inviteCode,
      invitedCount: 1,
      invited24Count: 1,
      secondLevelCount: 1,
    });
    expect((await stats(t, b)).json()).toMatchObject({
      inviteCode: b.user.inviteCode,
      invitedCount: 1,
      invited24Count: 1,
      secondLevelCount: 0,
    });
    expect((await stats(t, c)).json()).toMatchObject({ invitedCount: 0, secondLevelCount: 0 });
  });

  it('keeps the chain as it was: a later change of the inviter does not rewrite the second level', async () => {
    t = await buildTestApp(dialect);
    const a = await newUser(t.app, { email: 'a@example.com' });
    const b = await newUser(t.app, { email: 'b@example.com', inviteCode: a.user.inviteCode });
    await newUser(t.app, { email: 'c@example.com', inviteCode: b.user.inviteCode });
    await t.database.db.updateTable('users').set({ inviter_id: null }).where('id', '=', b.user.id).execute();
    expect((await findUserByEmail(t.database.db, 'c@example.com'))?.second_inviter_id).toBe(a.user.id);
    expect((await stats(t, a)).json()).toMatchObject({ invitedCount: 0, secondLevelCount: 1 });
  });

  it('counts in invited24Count only the invitees of the last 24 hours', async () => {
    t = await buildTestApp(dialect);
    const a = await newUser(t.app);
    const old = await newUser(t.app, { email: 'old@example.com', inviteCode: a.user.inviteCode });
    await newUser(t.app, { email: 'new@example.com', inviteCode: a.user.inviteCode });
    const twoDaysAgo = new Date(Date.now() - 48 * 60 * 60 * 1000).toISOString();
    await t.database.db
      .updateTable('users')
      .set({ created_at: twoDaysAgo })
      .where('id', '=', old.user.id)
      .execute();
    expect((await stats(t, a)).json()).toMatchObject({ invitedCount: 2, invited24Count: 1 });
  });

  it('answers 401 without a signed-in user', async () => {
    t = await buildTestApp(dialect);
    expect((await stats(t)).statusCode).toBe(401);
  });
});
