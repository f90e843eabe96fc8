import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newUser, newUserRow, PASSWORD } from '../../../test/factories.test-helpers';
import { accountCall } from '../users/account.test-helpers';
import { upsertPluginAuth } from './plugin-auths.repository';
import { savedRows, updatePlugins } from './plugins.test-helpers';

describe.each(testDialects())('plugin credentials and account deletion on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it('deleting the account deletes its saved plugin values, not another user’s', async () => {
    t = await buildTestApp(dialect);
    const me = await newUser(t.app);
    const other = await newUser(t.app);
    const auth = { SERPAPI_API_KEY: 'serp-key-0123456' };
    for (const user of [me, other]) {
      const res = await updatePlugins(t.app, user.token, { pluginKey: 'serpapi', action: 'install', auth });
      expect(res.statusCode).toBe(200);
    }
    const res = await accountCall(t.app, 'deleteUser', me.token, { password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(await savedRows(t, me.user.id)).toEqual([]);
    expect(await savedRows(t, other.user.id)).toHaveLength(1);
  });

  it('a user row removed from the database takes its plugin values with it', async () => {
    t = await buildTestApp(dialect);
    const { db } = t.database;
    const row = await newUserRow(db);
    const now = new Date().toISOString();
    const value = {
      plugin_key: 'serpapi',
      auth_field: 'SERPAPI_API_KEY',
      value: 'v1:x',
      created_at: now,
      updated_at: now,
    };
    await upsertPluginAuth(db, { ...value, user_id: row.id });
    await db.deleteFrom('users').where('id', '=', row.id).execute();
    expect(await savedRows(t, row.id)).toEqual([]);
  });
});
