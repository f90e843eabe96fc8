import { afterEach, describe, expect, it } from 'vitest';
import { BUILTIN_PLUGINS, type PluginListEntry } from '@parley/shared';
import { buildTestApp, type TestApp } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newUser } from '../../../test/factories.test-helpers';
import { eventually, STDIO_SERVER } from '../tools/mcp/fixtures/mcp.test-helpers';
import { authenticatedFlags, CSE_ID, GOOGLE_KEY, listPlugins, updatePlugins } from './plugins.test-helpers';

describe.each(testDialects())('GET /api/plugins on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it('lists every built-in plugin in the catalogue shape', async () => {
    t = await buildTestApp(dialect);
    const { token } = await newUser(t.app);
    const res = await listPlugins(t.app, token);
    expect(res.statusCode).toBe(200);
    const list = res.json<PluginListEntry[]>();
    expect(list.map((p) => p.pluginKey)).toEqual(BUILTIN_PLUGINS.map((p) => p.pluginKey));
    const google = list.find((p) => p.pluginKey === 'google')!;
    expect(Object.keys(google).sort()).toEqual(
      ['authConfig', 'authenticated', 'description', 'icon', 'name', 'pluginKey'].sort(),
    );
    expect(google.authConfig).toEqual(BUILTIN_PLUGINS.find((p) => p.pluginKey === 'google')!.authConfig);
  });

  it('flags plugins without settings, set by the operator (either name of A||B), and missing', async () => {
    t = await buildTestApp(dialect, {
      pluginEnv: {
        WOLFRAM_APP_ID: 'operator-wolfram',
        DALLE_API_KEY: 'sk-operator-dalle',
        GOOGLE_CSE_ID: 'cse',
      },
    });
    const { token } = await newUser(t.app);
    const flags = await authenticatedFlags(t.app, token);
    expect(flags).toMatchObject({
      calculator: true,
      'web-browser': true,
      wolfram: true,
      dalle: true,
      // Only one of its two fields is set.
      google: false,
      serpapi: false,
      tavily_search_results_json: false,
    });
  });

  it('flags a plugin the user saved every missing field of, for that user only', async () => {
    t = await buildTestApp(dialect, { pluginEnv: { GOOGLE_CSE_ID: 'operator-cse-id' } });
    const me = await newUser(t.app);
    const other = await newUser(t.app);
    const install = await updatePlugins(t.app, me.token, {
      pluginKey: 'google',
      action: 'install',
      auth: { 'GOOGLE_SEARCH_API_KEY||GOOGLE_API_KEY': GOOGLE_KEY, GOOGLE_CSE_ID: CSE_ID },
    });
    expect(install.statusCode).toBe(200);
    expect((await authenticatedFlags(t.app, me.token)).google).toBe(true);
    expect((await authenticatedFlags(t.app, other.token)).google).toBe(false);
    const body = (await listPlugins(t.app, me.token)).body;
    expect(body).not.toContain(GOOGLE_KEY);
    expect(body).not.toContain('operator-cse-id');
  });

  it('answers 401 without sign-in', async () => {
    t = await buildTestApp(dialect);
    expect((await listPlugins(t.app)).statusCode).toBe(401);
    expect(
      (await updatePlugins(t.app, undefined, { pluginKey: 'calculator', action: 'install' })).statusCode,
    ).toBe(401);
  });
});

describe('GET /api/plugins with an MCP server', () => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it("lists the connected server's tools after the built-in plugins, usable without credentials", async () => {
    t = await buildTestApp('sqlite', {
      yaml: {
        version: '1.0.3',
        mcpServers: { maths: { ...STDIO_SERVER, timeout: 30_000, initTimeout: 10_000 } },
      },
    });
    const { token } = await newUser(t.app);
    await eventually(() => expect(t.app.services.mcp.health()?.maths?.state).toBe('connected'));
    const list = (await listPlugins(t.app, token)).json<PluginListEntry[]>();
    expect(list.slice(0, BUILTIN_PLUGINS.length).map((p) => p.pluginKey)).toEqual(
      BUILTIN_PLUGINS.map((p) => p.pluginKey),
    );
    expect(list.find((p) => p.pluginKey === 'add_mcp_maths')).toMatchObject({
      name: 'add (maths)',
      authConfig: [],
      authenticated: true,
    });
  });
});
