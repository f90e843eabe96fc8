import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type ApiErrorBody, type PublicUser } from '@parley/shared';
import { buildTestApp, type TestApp } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import {
  newConversation,
  newFile,
  newKey,
  newMessage,
  newPreset,
  newUser,
  newUserRow,
  PASSWORD,
  type NewUser,
} from '../../../test/factories.test-helpers';
import { getUser, postLogin, postRefresh } from '../auth/auth.test-helpers';
import { startSession } from '../auth/sessions.service';
import { paidOrder, pack10 } from '../commerce/commerce.test-helpers';
import { createLocalStorage } from '../files/storage/local.storage';
import { readBalance } from '../ledger/ledger.repository';
import { saveTokens } from '../actions/action-oauth-token-store';
import { accountCall } from './account.test-helpers';
import { findUserById } from './users.repository';

describe.each(testDialects())('DELETE /api/user/delete on %s', (dialect) => {
  let t: TestApp;
  let dataDir: string;
  afterEach(async () => {
    await t?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'parley-delete-'));
    t = await buildTestApp(dialect, { dataDir, app: { checkBalance: true } });
    return { config: t.config, database: t.database, redis: null };
  };

  /** Everything a user owns: a conversation with a message, a preset, a key, a stored file; and a paid order. */
  async function withData(user: NewUser) {
    const deps = { config: t.config, database: t.database, redis: null };
    const { db } = t.database;
    const conversationId = await newConversation(db, user.user.id, { title: 'Secret plans' });
    await newMessage(db, user.user.id, conversationId, { text: 'the secret' });
    await newPreset(db, user.user.id);
    await newKey(deps, user.user.id, { name: 'openAI', value: 'sk-user' });
    const storage = createLocalStorage(dataDir);
    const file = await newFile(db, user.user.id, { bytes: Buffer.from('png bytes'), storage });
    const orderId = await paidOrder(deps, user.user.id, pack10);
    // An action's OAuth tokens, as the callback stores them (sealed).
    await saveTokens(
      db,
      t.config,
      { userId: user.user.id, actionId: 'act-1' },
      { access_token: 'access-secret', refresh_token: 'refresh-secret', expires_in: 3600 },
      Date.now(),
    );
    return { conversationId, file, orderId, path: join(storage.root, file.storage_key) };
  }

  const countOf = async (
    table:
      'conversations' | 'messages' | 'presets' | 'user_keys' | 'files' | 'sessions' | 'action_oauth_tokens',
    userId: string,
  ) =>
    (await t.database.db.selectFrom(table).select('user_id').where('user_id', '=', userId).execute()).length;
  // The search index is not a table of the typed schema (its shape differs by dialect).
  const searchDocsOf = async (userId: string) =>
    Number(
      (
        await sql<{
          n: number | string;
        }>`select count(*) as n from search_docs where user_id = ${userId}`.execute(t.database.db)
      ).rows[0]?.n,
    );

  it('removes the content and sessions, keeps balance, ledger and orders against an anonymised row', async () => {
    await start();
    const me = await newUser(t.app, { email: 'me@example.com', name: 'Ada Lovelace' });
    const other = await newUser(t.app, { email: 'other@example.com' });
    const mine = await withData(me);
    const theirs = await withData(other);
    const second = await postLogin(t.app, 'me@example.com', PASSWORD);
    const balanceBefore = await readBalance(t.database.db, me.user.id);
    const ledgerBefore = await t.database.db
      .selectFrom('ledger_entries')
      .select('id')
      .where('user_id', '=', me.user.id)
      .execute();
    expect(existsSync(mine.path)).toBe(true);

    const res = await accountCall(t.app, 'deleteUser', me.token, { password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'User deleted' });
    expect(res.cookies.find((c) => c.name === 'refreshToken')?.value).toBe('');

    const gone = [
      'conversations',
      'messages',
      'presets',
      'user_keys',
      'files',
      'sessions',
      'action_oauth_tokens',
    ] as const;
    for (const table of gone) {
      expect({ table, count: await countOf(table, me.user.id) }).toEqual({ table, count: 0 });
    }
    expect(await searchDocsOf(me.user.id)).toBe(0);
    expect(existsSync(mine.path)).toBe(false);
    // Signed out everywhere: this session, the other one, the refresh cookie; and nothing to sign in with.
    expect((await getUser(t.app, me.token)).statusCode).toBe(401);
    expect((await getUser(t.app, second.json<{ token: string }>().token)).statusCode).toBe(401);
    expect((await postRefresh(t.app, me.cookie)).statusCode).toBe(401);
    expect((await postLogin(t.app, 'me@example.com', PASSWORD)).statusCode).toBe(401);

    // The books: the same balance and ledger, the paid order, against a row with nothing personal left.
    expect(await readBalance(t.database.db, me.user.id)).toEqual(balanceBefore);
    expect(
      await t.database.db
        .selectFrom('ledger_entries')
        .select('id')
        .where('user_id', '=', me.user.id)
        .execute(),
    ).toEqual(ledgerBefore);
    const order = await t.database.db
      .selectFrom('orders')
      .select(['user_id', 'status'])
      .where('id', '=', mine.orderId)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ user_id: me.user.id, status: 'paid' });
    const row = await findUserById(t.database.db, me.user.id);
    expect(row).toMatchObject({
      name: 'Deleted user',
      email: null,
      phone: null,
      username: null,
      password_hash: null,
      avatar: null,
      signup_ip: null,
    });
    expect(row?.deleted_at).toEqual(expect.any(String));

    // The other user's data is untouched.
    for (const table of [
      'conversations',
      'messages',
      'presets',
      'user_keys',
      'files',
      'action_oauth_tokens',
    ] as const) {
      expect({ table, count: await countOf(table, other.user.id) }).toEqual({ table, count: 1 });
    }
    expect(await searchDocsOf(other.user.id)).toBe(2);
    expect(existsSync(theirs.path)).toBe(true);
    expect((await getUser(t.app, other.token)).statusCode).toBe(200);
  });

  it('lets the same e-mail register again, as a new account with nothing of the old one', async () => {
    await start();
    const me = await newUser(t.app, { email: 'me@example.com' });
    await withData(me);
    await accountCall(t.app, 'deleteUser', me.token, { password: PASSWORD });
    const again = await newUser(t.app, { email: 'me@example.com' });
    expect(again.user.id).not.toBe(me.user.id);
    expect(await countOf('conversations', again.user.id)).toBe(0);
    // The deleted account's invite code no longer names anyone.
    const invite = await t.app.inject({ method: 'GET', url: `/api/auth/invite/${me.user.inviteCode}` });
    expect(invite.statusCode).toBe(404);
  });

  it('refuses a wrong or missing password with 400 and deletes nothing', async () => {
    await start();
    const me = await newUser(t.app, { email: 'me@example.com' });
    await withData(me);
    const wrong = await accountCall(t.app, 'deleteUser', me.token, { password: 'not the password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<ApiErrorBody>()).toMatchObject({ key: 'com_ui_account_current_password_wrong' });
    const missing = await accountCall(t.app, 'deleteUser', me.token, { confirm: 'DELETE' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<ApiErrorBody>()).toMatchObject({
      field: 'password',
      key: 'com_ui_account_delete_confirm_required',
    });
    expect(await countOf('conversations', me.user.id)).toBe(1);
    expect((await getUser(t.app, me.token)).json<PublicUser>().email).toBe('me@example.com');
  });

  it('asks an account without a password to type DELETE', async () => {
    const deps = await start();
    const row = await newUserRow(t.database.db, { email: 'social@example.com', provider: 'github' });
    const { token } = await startSession(deps, row, { userAgent: null });
    const wrong = await accountCall(t.app, 'deleteUser', token, { confirm: 'delete me' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<ApiErrorBody>()).toMatchObject({ field: 'confirm' });
    const res = await accountCall(t.app, 'deleteUser', token, { confirm: 'DELETE' });
    expect(res.statusCode).toBe(200);
    expect((await findUserById(t.database.db, row.id))?.deleted_at).toEqual(expect.any(String));
  });
});
