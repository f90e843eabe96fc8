import { describe, expect, it } from 'vitest';
import { DEFAULT_MODELS, TITLE_MODEL } from '@parley/shared';
import { AppError } from '../lib/app-error';
import { customEndpoint, providersConfig } from './provider-config.test-helpers';
import { createProviderRegistry } from './registry';

const account = {
  client_email: 'svc@proj.iam.gserviceaccount.com',
  private_key: 'x'.repeat(700),
  project_id: 'proj',
};

describe('listEndpoints', () => {
  it('lists configured endpoints in order, with userProvide and the azure flag', () => {
    const registry = createProviderRegistry(
      providersConfig(
        {
          openAI: { apiKey: 'sk' },
          azureOpenAI: { apiKey: 'user_provided', instanceName: 'i' },
          anthropic: { apiKey: 'user_provided' },
          google: { apiKey: 'g' },
        },
        [
          customEndpoint({
            apiKey: 'user_provided',
            baseURL: 'user_provided',
            iconURL: 'https://i/x.png',
            modelDisplayLabel: 'Mistral AI',
          }),
        ],
      ),
    );
    expect(registry.listEndpoints()).toEqual({
      openAI: { type: 'openAI', userProvide: false, userProvideURL: false, azure: false, order: 0 },
      azureOpenAI: { type: 'azureOpenAI', userProvide: true, userProvideURL: false, azure: true, order: 1 },
      gptPlugins: { type: 'gptPlugins', userProvide: false, userProvideURL: false, azure: false, order: 2 },
      google: { type: 'google', userProvide: false, userProvideURL: false, azure: false, order: 3 },
      anthropic: { type: 'anthropic', userProvide: true, userProvideURL: false, azure: false, order: 4 },
      Mistral: {
        type: 'custom',
        userProvide: true,
        userProvideURL: true,
        iconURL: 'https://i/x.png',
        modelDisplayLabel: 'Mistral AI',
        azure: false,
        order: 5,
      },
    });
  });

  it('lists nothing when no key is configured', () => {
    expect(createProviderRegistry(providersConfig({})).listEndpoints()).toEqual({});
  });
});

describe('listModels from config', () => {
  it('answers the env lists, the built-in defaults, and the YAML defaults', async () => {
    const registry = createProviderRegistry(
      providersConfig(
        { openAI: { apiKey: 'sk', models: ['gpt-4'] }, anthropic: { apiKey: 'user_provided' } },
        [customEndpoint()],
      ),
    );
    const all = await registry.listAllModels({ userId: 'u1' });
    expect(all.openAI).toEqual(['gpt-4']);
    expect(all.gptPlugins).toEqual(['gpt-4']);
    expect(all.anthropic).toEqual([...DEFAULT_MODELS.anthropic]);
    expect(all.Mistral).toEqual(['mistral-tiny', 'mistral-small', 'llava']);
  });
});

describe('languageModel', () => {
  const registry = createProviderRegistry(
    providersConfig(
      {
        openAI: { apiKey: 'sk' },
        anthropic: { apiKey: 'user_provided' },
        google: { apiKey: '', serviceAccount: account },
      },
      [customEndpoint({ baseURL: 'user_provided' })],
    ),
  );

  it('builds a model of the endpoint family', async () => {
    const model = await registry.languageModel('openAI', 'gpt-4');
    expect(model).toMatchObject({ modelId: 'gpt-4', provider: 'openai.chat' });
  });

  it('needs the user key where the endpoint is user-provided', async () => {
    await expect(registry.languageModel('anthropic', 'claude-1')).rejects.toThrow(AppError);
    expect(await registry.languageModel('anthropic', 'claude-1', { apiKey: 'mine' })).toMatchObject({
      modelId: 'claude-1',
    });
  });

  it('refuses a user-provided base URL on a private address', async () => {
    await expect(
      registry.languageModel('Mistral', 'm', { apiKey: 'k', baseURL: 'http://127.0.0.1:9/v1' }),
    ).rejects.toThrow('must be a public http(s) address');
    expect(
      await registry.languageModel('Mistral', 'm', { apiKey: 'k', baseURL: 'https://api.mistral.ai/v1' }),
    ).toMatchObject({ modelId: 'm' });
  });

  it('builds a Vertex AI model from a service account (the OAuth exchange itself is not reachable offline)', async () => {
    expect(await registry.languageModel('google', 'gemini-pro')).toMatchObject({
      modelId: 'gemini-pro',
      provider: 'google.vertex.chat',
    });
  });

  it('answers Unknown endpoint for a name that is not configured', async () => {
    await expect(registry.languageModel('nope', 'x')).rejects.toThrow('Unknown endpoint');
  });

  it('replyStreamer checks the endpoint and credentials at once, before any stream', () => {
    expect(() => registry.replyStreamer('nope', 'x')).toThrow('Unknown endpoint');
    expect(() => registry.replyStreamer('anthropic', 'claude-1')).toThrow(AppError);
    expect(() =>
      registry.replyStreamer('Mistral', 'm', { apiKey: 'k', baseURL: 'http://127.0.0.1:9/v1' }),
    ).toThrow('must be a public http(s) address');
    expect(typeof registry.replyStreamer('openAI', 'gpt-4')).toBe('function');
  });
});

describe('callSettings', () => {
  const registry = createProviderRegistry(
    providersConfig({ openAI: { apiKey: 'sk' }, anthropic: { apiKey: 'a' }, google: { apiKey: 'g' } }, [
      customEndpoint({
        addParams: { safe_prompt: true },
        dropParams: ['frequency_penalty', 'stop'],
        headers: { 'x-team': 'blue' },
      }),
    ]),
  );

  it('fills the endpoint defaults and maps option names to call settings', () => {
    expect(registry.callSettings('openAI', { temperature: 0.5 })).toEqual({
      temperature: 0.5,
      topP: 1,
      frequencyPenalty: 0,
      presencePenalty: 0,
    });
    // Anthropic takes a temperature or a top P, not both: the defaults send the temperature.
    expect(registry.callSettings('anthropic', {})).toEqual({
      temperature: 1,
      maxOutputTokens: 4000,
      topK: 5,
    });
    expect(registry.callSettings('google', { model: 'gemini-pro' })).toEqual({
      temperature: 0.2,
      maxOutputTokens: 8192,
      topP: 0.8,
      topK: 40,
    });
    expect(registry.callSettings('google', { model: 'text-bison' })).toEqual({
      temperature: 0.2,
      maxOutputTokens: 1024,
    });
  });

  it('sends Anthropic the top P the user changed, and otherwise the temperature, never both', () => {
    const sampling = (options: Record<string, number>) => {
      const { temperature, topP } = registry.callSettings('anthropic', options);
      return { temperature, topP };
    };
    // A client sends every setting, the defaults too: "changed" is what differs from the default.
    expect(sampling({ temperature: 1, topP: 0.3 })).toEqual({ temperature: undefined, topP: 0.3 });
    expect(sampling({ topP: 0.3 })).toEqual({ temperature: undefined, topP: 0.3 });
    expect(sampling({ temperature: 0.2, topP: 0.7 })).toEqual({ temperature: 0.2, topP: undefined });
    expect(sampling({ temperature: 0.2, topP: 0.3 })).toEqual({ temperature: 0.2, topP: undefined });
    expect(sampling({ temperature: 1, topP: 0.7 })).toEqual({ temperature: 1, topP: undefined });
    // Other families keep both.
    expect(registry.callSettings('google', { model: 'gemini-pro', topP: 0.3 })).toMatchObject({
      temperature: 0.2,
      topP: 0.3,
    });
  });

  it('refuses out-of-range values with a 400 naming the field', () => {
    expect(() => registry.callSettings('anthropic', { temperature: 1.5 })).toThrow(
      'temperature must be between 0 and 1 for anthropic',
    );
  });

  it('honours a custom endpoint’s addParams, dropParams and headers', () => {
    expect(registry.callSettings('Mistral', { temperature: 0.3 })).toEqual({
      temperature: 0.3,
      topP: 1,
      presencePenalty: 0,
      headers: { 'x-team': 'blue' },
      providerOptions: { custom: { safe_prompt: true } },
    });
  });
});

describe('titleModel', () => {
  it('follows TITLE_CONVO and the custom endpoint’s title settings', () => {
    const config = providersConfig({ openAI: { apiKey: 'sk' }, anthropic: { apiKey: 'a' } }, [
      customEndpoint({ titleConvo: true, titleModel: 'mistral-tiny', titleMethod: 'functions' }),
      customEndpoint({ name: 'Other', titleModel: 'current_model' }),
    ]);
    const registry = createProviderRegistry(config);
    expect(registry.titleModel('openAI')).toEqual({
      enabled: true,
      model: TITLE_MODEL,
      method: 'completion',
    });
    expect(TITLE_MODEL).toBe('gpt-4o-mini');
    expect(registry.titleModel('anthropic')).toEqual({ enabled: true, model: null, method: 'completion' });
    expect(registry.titleModel('Mistral')).toEqual({
      enabled: true,
      model: 'mistral-tiny',
      method: 'functions',
    });
    expect(registry.titleModel('Other')).toEqual({ enabled: false, model: null, method: 'completion' });
    const off = createProviderRegistry({ ...config, app: { ...config.app, titleConvo: false } });
    expect(off.titleModel('openAI').enabled).toBe(false);
  });

  it('titles with the small model only where the endpoint serves it, else with the conversation’s model', () => {
    const registry = createProviderRegistry(
      providersConfig(
        {
          openAI: { apiKey: 'sk', models: ['llama3', 'qwen3'] },
          azureOpenAI: { apiKey: 'az', instanceName: 'i', deploymentName: 'my-gpt4o' },
        },
        [
          customEndpoint({ titleConvo: true }),
          customEndpoint({ name: 'Router', titleConvo: true, models: { default: ['gpt-4o', TITLE_MODEL] } }),
        ],
      ),
    );
    // The operator's list names other models (a local server behind OPENAI_REVERSE_PROXY): its own model titles.
    expect(registry.titleModel('openAI').model).toBeNull();
    expect(registry.titleModel('azureOpenAI').model).toBeNull();
    expect(registry.titleModel('Mistral').model).toBeNull();
    expect(registry.titleModel('Router').model).toBe(TITLE_MODEL);
    // Each user's own OpenAI key: Parley's default list, which has it.
    const userKeys = createProviderRegistry(providersConfig({ openAI: { apiKey: 'user_provided' } }));
    expect(userKeys.titleModel('openAI').model).toBe(TITLE_MODEL);
  });
});

describe('models that call tools', () => {
  it("PLUGIN_MODELS is the Plugins endpoint's list; without it the Plugins endpoint offers OpenAI's models", async () => {
    const withList = createProviderRegistry(
      providersConfig({
        openAI: { apiKey: 'sk', models: ['gpt-4', 'gpt-3.5-turbo'], pluginModels: ['gpt-4o'] },
      }),
    );
    const all = await withList.listAllModels({ userId: 'u1' });
    expect(all.openAI).toEqual(['gpt-4', 'gpt-3.5-turbo']);
    expect(all.gptPlugins).toEqual(['gpt-4o']);
    expect(withList.getEndpoint('gptPlugins')?.models.operatorList).toBe(true);
  });

  it("names the operator's toolModels of each endpoint in the endpoint list, none when unmarked", () => {
    const config = providersConfig({ openAI: { apiKey: 'sk' }, anthropic: { apiKey: 'a' } }, [
      customEndpoint({ toolModels: ['my-agent-*'] }),
    ]);
    const registry = createProviderRegistry({
      ...config,
      yaml: {
        ...config.yaml!,
        endpoints: { ...config.yaml!.endpoints, openAI: { toolModels: ['ft:gpt-*'] } },
      },
    });
    const endpoints = registry.listEndpoints();
    expect(endpoints.openAI?.toolModels).toEqual(['ft:gpt-*']);
    expect(endpoints.gptPlugins?.toolModels).toEqual(['ft:gpt-*']);
    expect(endpoints.Mistral?.toolModels).toEqual(['my-agent-*']);
    expect(endpoints.anthropic).not.toHaveProperty('toolModels');
    expect(registry.getEndpoint('Mistral')?.toolModels).toEqual(['my-agent-*']);
  });
});
