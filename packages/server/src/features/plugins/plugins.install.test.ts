import { afterEach, describe, expect, it } from 'vitest';
import type { ApiErrorBody, PublicUser } from '@parley/shared';
import { buildTestApp, type TestApp } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newUser } from '../../../test/factories.test-helpers';
import { getUser } from '../auth/auth.test-helpers';
import { pluginAuthFor } from './plugin-auth.service';
import { CSE_ID, GOOGLE_KEY, savedRows, updatePlugins } from './plugins.test-helpers';

const GOOGLE_API = 'GOOGLE_SEARCH_API_KEY||GOOGLE_API_KEY';

describe.each(testDialects())('POST /api/user/plugins on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  const installedOf = async (token: string) => (await getUser(t.app, token)).json<PublicUser>().plugins;

  it('installs with the user’s values, stored encrypted, and answers the user as GET /api/user does', async () => {
    t = await buildTestApp(dialect);
    const { token, user } = await newUser(t.app);
    const res = await updatePlugins(t.app, token, {
      pluginKey: 'google',
      action: 'install',
      auth: { [GOOGLE_API]: GOOGLE_KEY, GOOGLE_CSE_ID: CSE_ID },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(GOOGLE_KEY);
    const { updatedAt: _a, ...answered } = res.json<PublicUser>();
    const { updatedAt: _b, ...current } = (await getUser(t.app, token)).json<PublicUser>();
    expect(answered).toEqual(current);
    expect(current.plugins).toEqual(['google']);

    const rows = await savedRows(t, user.id);
    expect(rows.map((r) => r.auth_field).sort()).toEqual([GOOGLE_API, 'GOOGLE_CSE_ID'].sort());
    for (const row of rows) {
      expect(row.plugin_key).toBe('google');
      expect(row.value).toMatch(/^v1:/);
      expect(row.value).not.toContain(GOOGLE_KEY);
      expect(row.value).not.toContain(CSE_ID);
      expect(Buffer.from(row.value.split(':').at(-1)!, 'base64').toString('utf8')).not.toContain(GOOGLE_KEY);
    }
  });

  it('installs a plugin without settings, or one the operator set, with auth null; operator fields are not saved', async () => {
    t = await buildTestApp(dialect, {
      pluginEnv: { GOOGLE_CSE_ID: 'operator-cse-id', WOLFRAM_APP_ID: 'op-wolfram' },
    });
    const { token, user } = await newUser(t.app);
    expect(
      (await updatePlugins(t.app, token, { pluginKey: 'calculator', action: 'install', auth: null }))
        .statusCode,
    ).toBe(200);
    expect((await updatePlugins(t.app, token, { pluginKey: 'wolfram', action: 'install' })).statusCode).toBe(
      200,
    );
    const google = await updatePlugins(t.app, token, {
      pluginKey: 'google',
      action: 'install',
      auth: { [GOOGLE_API]: GOOGLE_KEY, GOOGLE_CSE_ID: 'x', NOT_A_FIELD: 'ignored-value-123' },
    });
    expect(google.statusCode).toBe(200);
    expect(await installedOf(token)).toEqual(['calculator', 'wolfram', 'google']);
    expect((await savedRows(t, user.id)).map((r) => r.auth_field)).toEqual([GOOGLE_API]);
  });

  it('refuses a missing or short value with the field’s label, writing nothing', async () => {
    t = await buildTestApp(dialect);
    const { token, user } = await newUser(t.app);
    const cases: unknown[] = [
      { pluginKey: 'google', action: 'install', auth: { [GOOGLE_API]: GOOGLE_KEY, GOOGLE_CSE_ID: 'short' } },
      { pluginKey: 'google', action: 'install', auth: { [GOOGLE_API]: GOOGLE_KEY } },
      {
        pluginKey: 'google',
        action: 'install',
        auth: { [GOOGLE_API]: GOOGLE_KEY, GOOGLE_CSE_ID: '    123456789 ' },
      },
    ];
    for (const payload of cases) {
      const res = await updatePlugins(t.app, token, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json<ApiErrorBody>().message).toBe('Google CSE ID must be at least 10 characters long');
    }
    const serp = await updatePlugins(t.app, token, { pluginKey: 'serpapi', action: 'install', auth: null });
    expect(serp.statusCode).toBe(400);
    expect(serp.json<ApiErrorBody>().message).toBe(
      'Serpapi Private API Key must be at least 10 characters long',
    );
    expect(await installedOf(token)).toEqual([]);
    expect(await savedRows(t, user.id)).toEqual([]);
  });

  it('takes a value of exactly 10 characters once trimmed, and saves it trimmed', async () => {
    t = await buildTestApp(dialect);
    const { token, user } = await newUser(t.app);
    const res = await updatePlugins(t.app, token, {
      pluginKey: 'serpapi',
      action: 'install',
      auth: { SERPAPI_API_KEY: ' \n0123456789\t ' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<PublicUser>().plugins).toEqual(['serpapi']);
    const deps = { config: t.config, database: t.database };
    expect(await pluginAuthFor(deps, user.id, 'serpapi')).toEqual({ SERPAPI_API_KEY: '0123456789' });
  });

  it('refuses an unknown plugin key with 400', async () => {
    t = await buildTestApp(dialect);
    const { token } = await newUser(t.app);
    for (const action of ['install', 'uninstall']) {
      const res = await updatePlugins(t.app, token, { pluginKey: 'no-such-plugin', action });
      expect(res.statusCode).toBe(400);
      expect(res.json<ApiErrorBody>()).toMatchObject({ code: 'VALIDATION', field: 'pluginKey' });
    }
  });

  it('refuses wrong types with 400, never 500', async () => {
    t = await buildTestApp(dialect);
    const { token } = await newUser(t.app);
    const cases: unknown[] = [
      [],
      'install',
      { action: 'install' },
      { pluginKey: 5, action: 'install' },
      { pluginKey: 'calculator', action: 'remove' },
      { pluginKey: 'calculator' },
      { pluginKey: 'calculator', action: 'install', auth: 'AIza-0123456789' },
      { pluginKey: 'serpapi', action: 'install', auth: { SERPAPI_API_KEY: 12345678901 } },
      { pluginKey: 'serpapi', action: 'install', auth: [['SERPAPI_API_KEY', 'x']] },
      { pluginKey: 'calculator', action: 'install', isAssistantTool: 'yes' },
    ];
    for (const payload of cases) {
      const res = await updatePlugins(t.app, token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<ApiErrorBody>().code).toBe('VALIDATION');
    }
  });

  it('uninstalls: the key leaves the list and the saved values are deleted; others stay', async () => {
    t = await buildTestApp(dialect);
    const { token, user } = await newUser(t.app);
    await updatePlugins(t.app, token, {
      pluginKey: 'google',
      action: 'install',
      auth: { [GOOGLE_API]: GOOGLE_KEY, GOOGLE_CSE_ID: CSE_ID },
    });
    await updatePlugins(t.app, token, {
      pluginKey: 'serpapi',
      action: 'install',
      auth: { SERPAPI_API_KEY: 'serp-key-0123456' },
    });
    const res = await updatePlugins(t.app, token, { pluginKey: 'google', action: 'uninstall', auth: null });
    expect(res.statusCode).toBe(200);
    expect(res.json<PublicUser>().plugins).toEqual(['serpapi']);
    expect((await savedRows(t, user.id)).map((r) => r.plugin_key)).toEqual(['serpapi']);
    // Uninstalling again, or a plugin never installed, is not an error.
    expect((await updatePlugins(t.app, token, { pluginKey: 'google', action: 'uninstall' })).statusCode).toBe(
      200,
    );
  });

  it('uninstalls a key the store no longer offers while the user still has it', async () => {
    t = await buildTestApp(dialect);
    const { token, user } = await newUser(t.app);
    await t.database.db
      .updateTable('users')
      .set({ plugins: '["gone_mcp_server","calculator"]' })
      .where('id', '=', user.id)
      .execute();
    const res = await updatePlugins(t.app, token, { pluginKey: 'gone_mcp_server', action: 'uninstall' });
    expect(res.statusCode).toBe(200);
    expect(res.json<PublicUser>().plugins).toEqual(['calculator']);
  });

  it('installs again without resending saved values; isAssistantTool is accepted; the key is listed once', async () => {
    t = await buildTestApp(dialect);
    const { token } = await newUser(t.app);
    const auth = { SERPAPI_API_KEY: 'serp-key-0123456' };
    expect(
      (await updatePlugins(t.app, token, { pluginKey: 'serpapi', action: 'install', auth })).statusCode,
    ).toBe(200);
    const again = await updatePlugins(t.app, token, {
      pluginKey: 'serpapi',
      action: 'install',
      auth: null,
      isAssistantTool: true,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json<PublicUser>().plugins).toEqual(['serpapi']);
  });

  it('never counts another user’s saved values', async () => {
    t = await buildTestApp(dialect);
    const a = await newUser(t.app);
    const b = await newUser(t.app);
    await updatePlugins(t.app, a.token, {
      pluginKey: 'serpapi',
      action: 'install',
      auth: { SERPAPI_API_KEY: 'serp-key-0123456' },
    });
    const res = await updatePlugins(t.app, b.token, { pluginKey: 'serpapi', action: 'install', auth: null });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toContain('serp-key-0123456');
    // B uninstalling deletes only B's rows.
    await updatePlugins(t.app, b.token, { pluginKey: 'serpapi', action: 'uninstall' });
    expect(await savedRows(t, a.user.id)).toHaveLength(1);
  });

  it('keeps every key when installs of one user race', async () => {
    t = await buildTestApp(dialect);
    const { token } = await newUser(t.app);
    const keys = ['calculator', 'web-browser'];
    const answers = await Promise.all(
      keys.map((pluginKey) => updatePlugins(t.app, token, { pluginKey, action: 'install' })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await installedOf(token)).sort()).toEqual([...keys].sort());
  });
});
