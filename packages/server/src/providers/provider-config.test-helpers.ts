import type { AppConfig } from '../config/config.types';
import type { ProvidersConfig } from '../config/provider-settings';
import type { YamlCustomEndpoint } from '../config/yaml.schema';
import { testConfig } from '../../test/app.test-helpers';

// Shared by the provider tests; not part of the app.

/** A custom endpoint block as the YAML loader would give it; pass what a test changes. */
export function customEndpoint(overrides: Partial<YamlCustomEndpoint> = {}): YamlCustomEndpoint {
  return {
    name: 'Mistral',
    apiKey: 'sk-custom',
    baseURL: 'https://custom.example/v1',
    // llava: the vision tests send it, and a model outside the operator's list is refused.
    models: { default: ['mistral-tiny', 'mistral-small', 'llava'] },
    ...overrides,
  };
}

/** A test config with the given providers and custom endpoints. */
export function providersConfig(providers: ProvidersConfig, custom: YamlCustomEndpoint[] = []): AppConfig {
  const config = testConfig();
  return {
    ...config,
    providers,
    yaml: custom.length > 0 ? { version: '1.0.3', endpoints: { custom } } : null,
  };
}

/** Every built-in endpoint family pointed at a simulator (`@parley/sim`) listening at `sim.url`. */
export function simProviders(sim: { url: string }): ProvidersConfig {
  return {
    openAI: { apiKey: 'sk-openai', reverseProxy: `${sim.url}/v1` },
    azureOpenAI: {
      apiKey: 'az-key',
      instanceName: 'inst',
      deploymentName: 'gpt4-dep',
      apiVersion: '2024-02-01',
      baseURL: `${sim.url}/openai`,
    },
    anthropic: { apiKey: 'sk-ant', reverseProxy: sim.url },
    google: { apiKey: 'g-key', reverseProxy: sim.url },
  };
}
