import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../app.test-helpers';
import { testDialects } from '../dialects.test-helpers';
import { newUser } from '../factories.test-helpers';
import { LibreChatClient } from './client.test-helpers';
import { refusal } from './conformance.test-helpers';

// The plugin store as LibreChat v0.6.10's client drives it (docs/reference/tools.md (The plugin store)): it lists
// `GET /api/plugins`, installs a plugin that is `authenticated` (or needs nothing) with `auth: null`, one that is not
// with the values of its form, uninstalls with `auth: null`, and after each call reads `GET /api/user` for the
// installed keys. A refusal's `message` is what it shows under the form.

/** The client's plugin rules: `authenticated` and `isButton` may be absent, the rest must be there. */
const clientPluginSchema = z.object({
  name: z.string(),
  pluginKey: z.string(),
  description: z.string(),
  icon: z.string(),
  authConfig: z.array(z.object({ authField: z.string(), label: z.string(), description: z.string() })),
  authenticated: z.boolean().optional(),
  isButton: z.boolean().optional(),
});
type ClientPlugin = z.infer<typeof clientPluginSchema>;

describe.each(testDialects())('LibreChat client: the plugin store on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { pluginEnv: { WOLFRAM_APP_ID: 'operator-wolfram-id' } });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const signedIn = async () => {
    const client = new LibreChatClient(base);
    const { token, cookie } = await newUser(t.app);
    client.token = token;
    client.cookie = cookie;
    return client;
  };
  const installed = async (client: LibreChatClient) =>
    (await client.get<{ plugins: string[] }>('/api/user')).plugins;

  it('lists the store, installs with and without the form, uninstalls, and reads the user after each', async () => {
    const client = await signedIn();
    const list = await client.get<ClientPlugin[]>('/api/plugins');
    for (const plugin of list) clientPluginSchema.parse(plugin);
    const byKey = new Map(list.map((p) => [p.pluginKey, p]));
    expect(byKey.get('wolfram')?.authenticated).toBe(true);
    expect(byKey.get('serpapi')?.authenticated).toBe(false);

    // Authenticated by the operator: no form, `auth: null`.
    await client.post('/api/user/plugins', { pluginKey: 'wolfram', action: 'install', auth: null });
    expect(await installed(client)).toEqual(['wolfram']);

    // Not authenticated: the form's values, keyed by authField.
    const serpapi = byKey.get('serpapi')!;
    const auth = Object.fromEntries(serpapi.authConfig.map((f) => [f.authField, 'serp-private-key-01']));
    await client.post('/api/user/plugins', { pluginKey: 'serpapi', action: 'install', auth });
    expect(await installed(client)).toEqual(['wolfram', 'serpapi']);
    const after = await client.get<ClientPlugin[]>('/api/plugins');
    expect(after.find((p) => p.pluginKey === 'serpapi')?.authenticated).toBe(true);
    expect(JSON.stringify(after)).not.toContain('serp-private-key-01');

    await client.post('/api/user/plugins', { pluginKey: 'serpapi', action: 'uninstall', auth: null });
    expect(await installed(client)).toEqual(['wolfram']);
    const again = await client.get<ClientPlugin[]>('/api/plugins');
    expect(again.find((p) => p.pluginKey === 'serpapi')?.authenticated).toBe(false);
  });

  it('answers a short value with the message the client shows under its form', async () => {
    const client = await signedIn();
    const error = await refusal(
      client.post('/api/user/plugins', {
        pluginKey: 'tavily_search_results_json',
        action: 'install',
        auth: { TAVILY_API_KEY: 'tvly-1' },
      }),
    );
    expect(error.status).toBe(400);
    expect((error.data as { message: string }).message).toBe(
      'Tavily API Key must be at least 10 characters long',
    );
    expect(await installed(client)).toEqual([]);
  });

  it('sends a client without a session to sign in (a 401, then a refresh without a token)', async () => {
    const client = new LibreChatClient(base);
    expect(await client.get('/api/plugins')).toBeUndefined();
    expect(client.sent).toEqual(['GET /api/plugins', 'POST /api/auth/refresh']);
    expect(client.navigations).toEqual(['/login']);
  });
});
