import type { AppConfig } from '../config/config.types';
import type { ProvidersConfig } from '../config/provider-settings';
import type { YamlCustomEndpoint } from '../config/yaml.schema';
import { testConfig } from '../../test/test-app';

// Shared by the provider tests; not part of the app.

/** A custom endpoint block as the YAML loader would give it; pass what a test changes. */
export function customEndpoint(overrides: Partial<YamlCustomEndpoint> = {}): YamlCustomEndpoint {
  return {
    name: 'Mistral',
    apiKey: 'sk-custom',
    baseURL: 'https://custom.example/v1',
    models: { default: ['mistral-tiny', 'mistral-small'] },
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
