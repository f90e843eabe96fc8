import { describe, expect, it } from 'vitest';
import { ConfigError } from './config-error';
import { readProviderEnv } from './provider-settings';

describe('readProviderEnv', () => {
  it('leaves out providers with no key', () => {
    expect(readProviderEnv({})).toEqual({});
    expect(readProviderEnv({ OPENAI_REVERSE_PROXY: 'https://proxy.example' })).toEqual({});
  });

  it('reads keys, reverse proxies and comma-separated model lists', () => {
    const providers = readProviderEnv({
      OPENAI_API_KEY: 'sk-1',
      OPENAI_REVERSE_PROXY: 'https://proxy.example/v1/',
      OPENAI_MODELS: 'gpt-4, gpt-3.5-turbo,,',
      ANTHROPIC_API_KEY: 'user_provided',
      GOOGLE_KEY: 'g-key',
      GOOGLE_MODELS: 'gemini-pro',
    });
    expect(providers.openAI).toEqual({
      apiKey: 'sk-1',
      reverseProxy: 'https://proxy.example/v1',
      models: ['gpt-4', 'gpt-3.5-turbo'],
    });
    expect(providers.anthropic).toEqual({ apiKey: 'user_provided' });
    expect(providers.google).toEqual({ apiKey: 'g-key', models: ['gemini-pro'] });
  });

  it('reads the legacy services as LibreChat named them, with their own origins by default', () => {
    const providers = readProviderEnv({
      CHATGPT_TOKEN: 'eyJ-token',
      CHATGPT_MODELS: 'text-davinci-002-render-sha,gpt-4',
      BINGAI_TOKEN: 'user_provided',
      BINGAI_HOST: 'https://bing-relay.example/',
    });
    expect(providers.chatGPTBrowser).toEqual({
      apiKey: 'eyJ-token',
      reverseProxy: 'https://chatgpt.com/backend-api/conversation',
      models: ['text-davinci-002-render-sha', 'gpt-4'],
    });
    expect(providers.bingAI).toEqual({ apiKey: 'user_provided', reverseProxy: 'https://bing-relay.example' });
    expect(readProviderEnv({ BINGAI_TOKEN: 'u' }).bingAI).toEqual({
      apiKey: 'u',
      reverseProxy: 'https://www.bing.com',
    });
    expect(
      readProviderEnv({ CHATGPT_TOKEN: 't', CHATGPT_REVERSE_PROXY: 'http://relay:8080/api/conversation' })
        .chatGPTBrowser,
    ).toEqual({ apiKey: 't', reverseProxy: 'http://relay:8080/api/conversation' });
    expect(() => readProviderEnv({ BINGAI_TOKEN: 'u', BINGAI_HOST: 'bing.com' })).toThrow(ConfigError);
    // No token, no endpoint, whatever else is set.
    expect(
      readProviderEnv({ CHATGPT_REVERSE_PROXY: 'https://relay.example', BINGAI_HOST: 'https://b.example' }),
    ).toEqual({});
  });

  it("reads PLUGIN_MODELS as the Plugins endpoint's own list", () => {
    expect(readProviderEnv({ OPENAI_API_KEY: 'sk-1', PLUGIN_MODELS: 'gpt-4o, gpt-4o-mini,' }).openAI).toEqual(
      {
        apiKey: 'sk-1',
        pluginModels: ['gpt-4o', 'gpt-4o-mini'],
      },
    );
    expect(readProviderEnv({ OPENAI_API_KEY: 'sk-1', PLUGIN_MODELS: ' , ' }).openAI).toEqual({
      apiKey: 'sk-1',
    });
    // Plugins run on the OpenAI key: without it the list names nothing to run.
    expect(readProviderEnv({ PLUGIN_MODELS: 'gpt-4o' })).toEqual({});
  });

  it('reads the Azure settings', () => {
    const providers = readProviderEnv({
      AZURE_API_KEY: 'az-1',
      AZURE_OPENAI_API_INSTANCE_NAME: 'inst',
      AZURE_OPENAI_API_DEPLOYMENT_NAME: 'dep',
      AZURE_OPENAI_API_VERSION: '2024-02-01',
      AZURE_OPENAI_BASEURL: 'https://gw.example/openai',
      AZURE_OPENAI_MODELS: 'gpt-4',
    });
    expect(providers.azureOpenAI).toEqual({
      apiKey: 'az-1',
      instanceName: 'inst',
      deploymentName: 'dep',
      apiVersion: '2024-02-01',
      baseURL: 'https://gw.example/openai',
      models: ['gpt-4'],
    });
  });

  it('takes a service account JSON in GOOGLE_KEY, and refuses a broken one', () => {
    const account = { client_email: 'a@b.iam', private_key: 'KEY', project_id: 'proj' };
    expect(readProviderEnv({ GOOGLE_KEY: JSON.stringify(account) }).google).toEqual({
      apiKey: '',
      serviceAccount: account,
    });
    expect(() => readProviderEnv({ GOOGLE_KEY: '{"client_email":1}' })).toThrow(ConfigError);
    expect(() => readProviderEnv({ GOOGLE_KEY: '{oops' })).toThrow(ConfigError);
  });

  it('refuses a reverse proxy that is not http(s)', () => {
    expect(() => readProviderEnv({ OPENAI_API_KEY: 'k', OPENAI_REVERSE_PROXY: 'ftp://x' })).toThrow(
      'OPENAI_REVERSE_PROXY must start with http:// or https://',
    );
  });
});
