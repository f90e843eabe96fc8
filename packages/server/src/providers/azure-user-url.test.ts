import { generateText } from 'ai';
import { describe, expect, it } from 'vitest';
import { providersConfig } from './provider-config.test-helpers';
import { azureBaseURL } from './provider-urls';
import type { FetchFn } from './provider.types';
import { createProviderRegistry } from './registry';

/** A fetch that records each URL and answers 401, as Azure does to a wrong key. */
function recording() {
  const urls: string[] = [];
  const fetch: FetchFn = (input) => {
    urls.push(input instanceof Request ? input.url : String(input));
    const body = { error: { code: '401', message: 'Access denied due to invalid subscription key' } };
    return Promise.resolve(new Response(JSON.stringify(body), { status: 401 }));
  };
  return { urls, fetch };
}

const userKey = { azure: { apiKey: 'az-user', instanceName: 'my-resource', deploymentName: 'gpt4o-prod' } };

/** Streams one reply on the endpoint and answers its mapped failure. */
async function replyFailure(registry: ReturnType<typeof createProviderRegistry>, model: string) {
  const streamer = registry.replyStreamer('azureOpenAI', model, userKey);
  const call = {
    prompt: registry.buildPrompt('azureOpenAI', { history: [{ role: 'user' as const, content: 'hi' }] }),
    settings: registry.callSettings('azureOpenAI', {}),
    signal: new AbortController().signal,
  };
  try {
    for await (const _part of streamer(call)) void _part;
  } catch (error) {
    return registry.mapProviderError(error);
  }
  throw new Error('the reply did not fail');
}

describe("Azure calls with a user's key", () => {
  const expected =
    'https://my-resource.openai.azure.com/openai/deployments/gpt4o-prod/chat/completions?api-version=2024-02-01';

  it('go to https://NAME.openai.azure.com/openai/deployments/DEP through the user-URL fetch, replies and titles', async () => {
    const user = recording();
    const operator = recording();
    const registry = createProviderRegistry(
      providersConfig({ azureOpenAI: { apiKey: 'user_provided', apiVersion: '2024-02-01' } }),
      { fetch: operator.fetch, userURLFetch: user.fetch },
    );
    expect(await replyFailure(registry, 'gpt-4o')).toEqual({
      code: 'invalid_api_key',
      status: 401,
      message: 'The endpoint answered HTTP 401',
    });
    const title = await registry.languageModel('azureOpenAI', 'gpt-4o', userKey);
    await expect(generateText({ model: title, prompt: 'hi', maxRetries: 0 })).rejects.toThrow();
    expect(user.urls).toEqual([expected, expected]);
    expect(operator.urls).toEqual([]);
  });

  it("with the operator's key, stay on the operator's fetch", async () => {
    const user = recording();
    const operator = recording();
    const registry = createProviderRegistry(
      providersConfig({ azureOpenAI: { apiKey: 'az-op', instanceName: 'ops', apiVersion: '2024-02-01' } }),
      { fetch: operator.fetch, userURLFetch: user.fetch },
    );
    const streamer = registry.replyStreamer('azureOpenAI', 'gpt-4o');
    const call = {
      prompt: registry.buildPrompt('azureOpenAI', { history: [{ role: 'user' as const, content: 'hi' }] }),
      settings: registry.callSettings('azureOpenAI', {}),
      signal: new AbortController().signal,
    };
    await expect(async () => {
      for await (const _part of streamer(call)) void _part;
    }).rejects.toThrow();
    expect(operator.urls).toEqual([
      'https://ops.openai.azure.com/openai/deployments/gpt-4o/chat/completions?api-version=2024-02-01',
    ]);
    expect(user.urls).toEqual([]);
  });

  it('refuse a model name used as the deployment when it is not a deployment name, before sending', () => {
    const user = recording();
    const registry = createProviderRegistry(
      providersConfig({ azureOpenAI: { apiKey: 'az-op', instanceName: 'ops' } }),
      { userURLFetch: user.fetch },
    );
    expect(() => registry.replyStreamer('azureOpenAI', '../../admin?x=')).toThrow(
      'The model name is used as the Azure deployment name, and is not one: letters, digits, hyphens, ' +
        'underscores and periods only',
    );
  });
});

describe('azureBaseURL', () => {
  it('builds the Azure host from one DNS label, and a template with the label substituted', () => {
    expect(azureBaseURL(undefined, 'my-resource')).toBe('https://my-resource.openai.azure.com/openai');
    expect(
      azureBaseURL('https://${INSTANCE_NAME}.openai.azure.com/openai/deployments/${DEPLOYMENT_NAME}', 'abc'),
    ).toBe('https://abc.openai.azure.com/openai');
    expect(azureBaseURL('https://gw.example/${INSTANCE_NAME}/openai/chat/completions/', 'abc')).toBe(
      'https://gw.example/abc/openai',
    );
  });

  it.each(['127.0.0.1:4324/internal-admin?', '169.254.169.254/x#', 'a.b', 'x@evil', '-x', ''])(
    'throws for the instance name %j, whatever the template',
    (name) => {
      expect(() => azureBaseURL(undefined, name)).toThrow();
      expect(() => azureBaseURL('https://${INSTANCE_NAME}.openai.azure.com/openai', name)).toThrow();
    },
  );
});
