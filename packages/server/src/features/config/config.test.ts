import { afterEach, describe, expect, it } from 'vitest';
import { APP_VERSION, startupConfigSchema } from '@parley/shared';
import { buildTestApp, type TestApp } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newUser } from '../../../test/factories.test-helpers';

describe.each(testDialects())('GET /api/config on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it('answers the startup config without sign-in', async () => {
    t = await buildTestApp(dialect, {
      domainServer: 'https://chat.example.com',
      auth: { allowRegistration: false, socialLogins: ['github', 'google', 'openid'] },
      app: { appTitle: 'Acme', customFooter: 'Made here', avatarSizeLimit: 1.5 * 1024 * 1024 },
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    const body = startupConfigSchema.strict().parse(res.json());
    expect(body).toMatchObject({
      appTitle: 'Acme',
      customFooter: 'Made here',
      serverDomain: 'https://chat.example.com',
      registrationEnabled: false,
      emailLoginEnabled: true,
      emailEnabled: false,
      socialLoginEnabled: false,
      socialLogins: ['github', 'google', 'openid'],
      githubLoginEnabled: false,
      openidLabel: 'Continue with OpenID',
      searchEnabled: true,
      sharedLinksEnabled: true,
      publicSharedLinksEnabled: true,
      // Megabytes, as GET /api/files/config gives its sizes.
      avatarSizeLimit: 1.5,
      version: APP_VERSION,
      vipMirrorUrl: null,
      usageHelpUrl: null,
      support: null,
    });
  });

  it('answers the outside links and support contacts when set', async () => {
    t = await buildTestApp(dialect, {
      links: {
        vipMirrorUrl: 'https://vip.example.com',
        usageHelpUrl: 'https://docs.example.com',
        officialMirrorUrl: 'https://mirror.example.com',
        appDownloadUrl: 'https://oss.example.com/parley.apk',
        support: { qq: '12345678', email: 'help@example.com' },
      },
    });
    const body = startupConfigSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/config' })).json(),
    );
    expect(body).toMatchObject({
      vipMirrorUrl: 'https://vip.example.com',
      usageHelpUrl: 'https://docs.example.com',
      officialMirrorUrl: 'https://mirror.example.com',
      appDownloadUrl: 'https://oss.example.com/parley.apk',
      support: { qq: '12345678', email: 'help@example.com' },
    });
  });

  it('says the shop is on only with the balance on and a payment provider set', async () => {
    const shopOf = async (over: Parameters<typeof buildTestApp>[1]) => {
      t = await buildTestApp(dialect, over);
      const body = startupConfigSchema.parse(
        (await t.app.inject({ method: 'GET', url: '/api/config' })).json(),
      );
      await t.close();
      return [body.checkBalance, body.shopEnabled];
    };
    const dev = { provider: 'dev' } as never;
    expect(await shopOf({})).toEqual([false, false]);
    expect(await shopOf({ app: { checkBalance: true } })).toEqual([true, false]);
    expect(await shopOf({ payment: dev })).toEqual([false, false]);
    expect(await shopOf({ app: { checkBalance: true }, payment: dev })).toEqual([true, true]);
  });

  it("names the operator's model-class rules while the balance is on, in the order they are tried", async () => {
    const rulesOf = async (over: Parameters<typeof buildTestApp>[1]) => {
      t = await buildTestApp(dialect, over);
      const body = startupConfigSchema.parse(
        (await t.app.inject({ method: 'GET', url: '/api/config' })).json(),
      );
      await t.close();
      return body.modelClasses;
    };
    const balance = {
      gpt4Models: ['deepseek-*'],
      models: {
        'my-*': { class: 'gpt-3' as const },
        'gpt-4o-mini': { class: 'gpt-4' as const, multiplier: 2 },
        'gpt-4o': { multiplier: 1.5 },
      },
    };
    expect(await rulesOf({ yaml: { version: '1.0.3', balance } })).toEqual([]);
    // Exact names first, then patterns in the file's order, then the gpt4Models patterns; the built-in table is
    // shared's, which the web runs itself.
    expect(await rulesOf({ app: { checkBalance: true }, yaml: { version: '1.0.3', balance } })).toEqual([
      { pattern: 'gpt-4o-mini', class: 'gpt-4' },
      { pattern: 'my-*', class: 'gpt-3' },
      { pattern: 'deepseek-*', class: 'gpt-4' },
    ]);
  });

  it('states the prices, gifts and invite shares the server applies while the balance is on, none while off', async () => {
    const rulesOf = async (over: Parameters<typeof buildTestApp>[1]) => {
      t = await buildTestApp(dialect, over);
      const body = startupConfigSchema.parse(
        (await t.app.inject({ method: 'GET', url: '/api/config' })).json(),
      );
      await t.close();
      return body.balanceRules;
    };
    expect(await rulesOf({})).toBeNull();
    // The defaults: the landing text's gift (50 and 10 uses, 1 credit), a gpt-4 call 20 times a gpt-3.5 one.
    expect(await rulesOf({ app: { checkBalance: true } })).toEqual({
      pricing: 'call',
      callCost: { 'gpt-3': 1_000, 'gpt-4': 20_000 },
      registrationGift: { credits: 100_000, gpt3Uses: 50, gpt4Uses: 10 },
      dailyRestore: { credits: 10_000, gpt3Uses: 10, gpt4Uses: 3 },
      timeZone: 'Asia/Shanghai',
      invitePercent: 15,
      inviteSecondLevelPercent: 5,
      // 0.5 yuan = 0.5 credit.
      inviteGift: 50_000,
    });
    // The operator's figures, not the defaults.
    const rules = await rulesOf({
      app: { checkBalance: true },
      balance: {
        registrationGift: { credits: 300_000, gpt3Uses: 5, gpt4Uses: 0 },
        pricing: { mode: 'tokens', callCost: { 'gpt-3': 2_000, 'gpt-4': 40_000 } },
      },
      invites: { percent: 12.5, registerGiftFen: 120 },
    });
    expect(rules).toMatchObject({
      pricing: 'tokens',
      callCost: { 'gpt-3': 2_000, 'gpt-4': 40_000 },
      registrationGift: { credits: 300_000, gpt3Uses: 5, gpt4Uses: 0 },
      invitePercent: 12.5,
      inviteGift: 120_000,
    });
  });

  it('names the configured endpoints in menu order, as GET /api/endpoints orders them', async () => {
    const mistral = {
      name: 'Mistral',
      apiKey: 'k',
      baseURL: 'https://api.mistral.ai/v1',
      models: { default: ['m'] },
    };
    t = await buildTestApp(dialect, {
      providers: { openAI: { apiKey: 'sk' }, anthropic: { apiKey: 'user_provided' } },
      yaml: { version: '1.0.3', endpoints: { custom: [mistral] } },
    });
    const config = startupConfigSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/config' })).json(),
    );
    expect(config.endpoints).toEqual(['openAI', 'gptPlugins', 'anthropic', 'Mistral']);
    const { token } = await newUser(t.app);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/endpoints',
      headers: { authorization: `Bearer ${token}` },
    });
    const byOrder = Object.entries(listed.json<Record<string, { order: number }>>())
      .sort(([, a], [, b]) => a.order - b.order)
      .map(([name]) => name);
    expect(config.endpoints).toEqual(byOrder);
  });

  it('reports a provider enabled only when social login is allowed and it has credentials', async () => {
    const github = { clientId: 'id', clientSecret: 'secret' };
    t = await buildTestApp(dialect, { auth: { allowSocialLogin: true, socialProviders: { github } } });
    const on = startupConfigSchema.parse((await t.app.inject({ method: 'GET', url: '/api/config' })).json());
    expect(on).toMatchObject({
      socialLoginEnabled: true,
      githubLoginEnabled: true,
      googleLoginEnabled: false,
    });
    await t.close();

    t = await buildTestApp(dialect, { auth: { allowSocialLogin: false, socialProviders: { github } } });
    const off = startupConfigSchema.parse((await t.app.inject({ method: 'GET', url: '/api/config' })).json());
    expect(off).toMatchObject({ socialLoginEnabled: false, githubLoginEnabled: false });
  });
});
