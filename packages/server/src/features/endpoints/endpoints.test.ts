import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim, type Sim } from '@parley/sim';
import {
  API,
  DEFAULT_MODELS,
  endpointsOverrideSchema,
  type EndpointsConfig,
  type ModelsConfig,
} from '@parley/shared';
import { testDialects } from '../../../test/dialects.test-helpers';
import { buildTestApp, type TestApp } from '../../../test/app.test-helpers';
import { newUser } from '../../../test/factories.test-helpers';

let sim: Sim;
beforeAll(async () => {
  sim = await startSim({ models: { openai: ['fetched-1', 'fetched-2'] } });
});
afterAll(() => sim.close());

describe.each(testDialects())('endpoint routes on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp(dialect, {
      providers: {
        openAI: { apiKey: 'sk', models: ['gpt-4'] },
        anthropic: { apiKey: 'user_provided' },
        // An operator key and no list: the provider's own list is asked (here the simulator's).
        google: { apiKey: 'g-op', reverseProxy: sim.url },
      },
      yaml: {
        version: '1.0.3',
        endpoints: {
          custom: [
            {
              name: 'Local',
              apiKey: 'k',
              baseURL: `${sim.url}/local/v1`,
              models: { default: ['local-default'], fetch: true },
              modelDisplayLabel: 'Local AI',
            },
          ],
        },
      },
    });
    token = (await newUser(t.app)).token;
  });
  afterAll(() => t.close());

  const get = (url: string, auth = true) =>
    t.app.inject({ method: 'GET', url, headers: auth ? { authorization: `Bearer ${token}` } : {} });

  it('requires sign-in for the models, not for the endpoint list', async () => {
    expect((await get(API.models, false)).statusCode).toBe(401);
    expect((await get(API.endpoints, false)).statusCode).toBe(200);
  });

  it('answers the override without a token with the endpoint list alone; a bad token is a 401', async () => {
    const anonymous = await get(API.endpointsOverride, false);
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ endpointsConfig: (await get(API.endpoints, false)).json() });
    const forged = await t.app.inject({
      method: 'GET',
      url: API.endpointsOverride,
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it("answers the endpoint list without a token as to any user: the operator's view, nothing of a user's", async () => {
    const anonymous = await get(API.endpoints, false);
    expect(anonymous.statusCode).toBe(200);
    // A user with their own Anthropic key and base URL stored gets the same answer, byte for byte.
    const keyed = await newUser(t.app);
    const saved = await t.app.inject({
      method: 'PUT',
      url: API.keys,
      headers: { authorization: `Bearer ${keyed.token}` },
      payload: { name: 'anthropic', value: 'sk-ant-own-secret' },
    });
    expect(saved.statusCode).toBeLessThan(300);
    const signedIn = await t.app.inject({
      method: 'GET',
      url: API.endpoints,
      headers: { authorization: `Bearer ${keyed.token}` },
    });
    expect(signedIn.body).toBe(anonymous.body);
    expect((await get(API.endpoints)).body).toBe(anonymous.body);
    expect(anonymous.body).not.toContain('sk-ant-own-secret');
    expect(anonymous.body).not.toContain(keyed.user.id);
    expect(anonymous.body).not.toContain('expiresAt');
    // The stored key changes nothing in the list: Anthropic still asks for a user's key.
    expect(anonymous.json<EndpointsConfig>().anthropic).toMatchObject({ userProvide: true });
    // No cookie is set and nothing is cached for a user.
    expect(anonymous.headers['set-cookie']).toBeUndefined();
  });

  it('does not read a token on the endpoint list: an invalid or foreign one gets the same answer', async () => {
    const anonymous = (await get(API.endpoints, false)).body;
    const forged = await t.app.inject({
      method: 'GET',
      url: API.endpoints,
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(forged.statusCode).toBe(200);
    expect(forged.body).toBe(anonymous);
  });

  it('GET /api/endpoints answers the configured endpoints with userProvide', async () => {
    const body = (await get(API.endpoints)).json<EndpointsConfig>();
    expect(Object.keys(body)).toEqual(['openAI', 'gptPlugins', 'google', 'anthropic', 'Local']);
    expect(body.anthropic).toMatchObject({ type: 'anthropic', userProvide: true });
    expect(body.Local).toMatchObject({
      type: 'custom',
      userProvide: false,
      modelDisplayLabel: 'Local AI',
      order: 4,
    });
  });

  it('GET /api/models answers model names by endpoint, fetched where configured', async () => {
    const body = (await get(API.models)).json<ModelsConfig>();
    // The operator's list as given; the provider's chat models where an operator key allows; else the defaults.
    expect(body.openAI).toEqual(['gpt-4']);
    expect(body.Local).toEqual(['fetched-1', 'fetched-2']);
    expect(body.google).toEqual(['gemini-2.5-flash', 'gemini-2.5-pro', 'gemini-2.0-flash']);
    expect(body.anthropic).toEqual([...DEFAULT_MODELS.anthropic]);
  });

  it('GET /api/endpoints/config/override answers both in one', async () => {
    const body = endpointsOverrideSchema.parse((await get(API.endpointsOverride)).json());
    expect(Object.keys(body.endpointsConfig)).toContain('Local');
    expect(body.modelsConfig?.Local).toEqual(['fetched-1', 'fetched-2']);
  });
});
