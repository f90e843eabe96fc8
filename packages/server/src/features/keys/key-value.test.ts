import { afterEach, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@parley/shared';
import { buildTestApp, testConfig, type TestApp } from '../../../test/app.test-helpers';
import { DEFAULT_NETWORK_SETTINGS } from '../../config/network-settings';
import { testDialects } from '../../../test/dialects.test-helpers';
import { deleteKey, getKey, MISTRAL_YAML, putKey } from './keys.test-helpers';
import { getUserKey } from './keys.service';
import { newUser } from '../../../test/factories.test-helpers';

const SERVICE_KEY = {
  type: 'service_account',
  client_email: 'bot@project.iam.gserviceaccount.com',
  project_id: 'my-project',
  private_key: `-----BEGIN PRIVATE KEY-----\n${'A'.repeat(640)}\n-----END PRIVATE KEY-----\n`,
};
const AZURE = {
  azureOpenAIApiKey: 'az-key',
  azureOpenAIApiInstanceName: 'inst',
  azureOpenAIApiDeploymentName: 'dep',
  azureOpenAIApiVersion: '2024-02-01',
};

describe.each(testDialects())('user key forms on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => t?.close());
  const deps = () => ({ config: testConfig({ yaml: MISTRAL_YAML }), database: t.database, redis: null });
  const put = async (name: string, value: unknown) => {
    const { token, user } = await newUser(t.app);
    const res = await putKey(t.app, token, {
      name,
      value: typeof value === 'string' ? value : JSON.stringify(value),
    });
    return { res, error: res.json<ApiErrorBody>(), userId: user.id };
  };

  it('custom endpoints need the fields they mark user_provided', async () => {
    t = await buildTestApp(dialect, { yaml: MISTRAL_YAML });
    expect((await put('Mistral', {})).error.message).toBe(
      'The following fields are required: apiKey, baseURL',
    );
    expect((await put('Mistral', 'not json')).error.message).toBe(
      'The following fields are required: apiKey, baseURL',
    );
    expect((await put('Mistral', { apiKey: 'k' })).error.message).toBe(
      'The following fields are required: baseURL',
    );
    expect((await put('Mistral', { apiKey: 'k', baseURL: 'ftp://x' })).res.statusCode).toBe(400);
    const ok = await put('Mistral', { apiKey: 'k', baseURL: 'https://api.mistral.ai/v1', extra: 1 });
    expect(ok.res.statusCode).toBe(201);
    expect(JSON.parse(await getUserKey(deps(), ok.userId, 'Mistral'))).toEqual({
      apiKey: 'k',
      baseURL: 'https://api.mistral.ai/v1',
    });
    expect((await put('Groq', { baseURL: 'https://x' })).error.message).toBe(
      'The following fields are required: apiKey',
    );
    expect((await put('Groq', { apiKey: 'g' })).res.statusCode).toBe(201);
  });

  it('azureOpenAI needs its four fields', async () => {
    t = await buildTestApp(dialect, { yaml: MISTRAL_YAML });
    const { azureOpenAIApiKey: _k, azureOpenAIApiVersion: _v, ...partial } = AZURE;
    expect((await put('azureOpenAI', partial)).error.message).toBe(
      'The following fields are required: azureOpenAIApiKey, azureOpenAIApiVersion',
    );
    const ok = await put('azureOpenAI', AZURE);
    expect(ok.res.statusCode).toBe(201);
    expect(JSON.parse(await getUserKey(deps(), ok.userId, 'azureOpenAI'))).toEqual(AZURE);
  });

  it('google takes a Gemini API key or a valid service-account JSON', async () => {
    t = await buildTestApp(dialect, { yaml: MISTRAL_YAML });
    const gemini = await put('google', 'AIza-gemini-key');
    expect(gemini.res.statusCode).toBe(201);
    expect(await getUserKey(deps(), gemini.userId, 'google')).toBe('AIza-gemini-key');
    const service = await put('google', SERVICE_KEY);
    expect(service.res.statusCode).toBe(201);
    expect(JSON.parse(await getUserKey(deps(), service.userId, 'google'))).toEqual(SERVICE_KEY);
    for (const bad of [
      { ...SERVICE_KEY, client_email: 'not-an-email' },
      { ...SERVICE_KEY, project_id: 'ab' },
      { ...SERVICE_KEY, private_key: 'x'.repeat(600) },
      '{ not json',
    ]) {
      const { res, error } = await put('google', bad);
      expect(res.statusCode).toBe(400);
      expect(error.message).toMatch(/^Invalid service account key file/);
    }
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])(
    'a key named %s is an unknown endpoint, never a 500',
    async (name) => {
      t = await buildTestApp(dialect, { yaml: MISTRAL_YAML });
      const { res, error } = await put(name, 'sk-x');
      expect(res.statusCode).toBe(400);
      expect(error).toEqual({
        code: 'VALIDATION',
        message: `name: unknown endpoint "${name}"`,
        field: 'name',
      });
      const { token } = await newUser(t.app);
      expect((await getKey(t.app, token, name)).json()).toEqual({ expiresAt: null });
      expect((await deleteKey(t.app, token, `/api/keys/${name}`)).statusCode).toBe(204);
    },
  );

  it.each([
    ['http://[::ffff:127.0.0.1]:8080/v1', 'a loopback address'],
    ['http://localhost:11434/v1', 'a loopback address'],
    ['http://169.254.169.254/latest', 'a link-local address'],
    ['http://metadata.google.internal/', 'a cloud metadata service'],
  ])('refuses the base URL %s when saving', async (baseURL, why) => {
    t = await buildTestApp(dialect, { yaml: MISTRAL_YAML });
    const { res, error } = await put('Mistral', { apiKey: 'k', baseURL });
    expect(res.statusCode).toBe(400);
    expect(error).toEqual({
      code: 'VALIDATION',
      message: `baseURL must be a public address; it is ${why}`,
      field: 'value',
    });
  });

  it("takes a private base URL in the operator's ranges", async () => {
    t = await buildTestApp(dialect, {
      yaml: MISTRAL_YAML,
      network: { ...DEFAULT_NETWORK_SETTINGS, userURLAllowedRanges: ['10.0.0.0/8'] },
    });
    expect((await put('Mistral', { apiKey: 'k', baseURL: 'http://10.1.2.3:8000/v1' })).res.statusCode).toBe(
      201,
    );
    expect((await put('Mistral', { apiKey: 'k', baseURL: 'http://192.168.1.2/v1' })).res.statusCode).toBe(
      400,
    );
  });

  it('reads only the JSON fields a value holds itself', async () => {
    t = await buildTestApp(dialect, { yaml: MISTRAL_YAML });
    const { res, error } = await put(
      'Mistral',
      '{"__proto__":{"apiKey":"k"},"baseURL":"https://api.mistral.ai/v1"}',
    );
    expect(res.statusCode).toBe(400);
    expect(error.message).toBe('The following fields are required: apiKey');
  });
});
