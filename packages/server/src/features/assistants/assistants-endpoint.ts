import type { EndpointsConfig, ModelsConfig } from '@parley/shared';
import type { AppConfig } from '../../config/config.types';
import type { ProviderRegistry } from '../../providers/registry';
import { offeredAssistantModels } from './assistant-models';

type Registry = Pick<ProviderRegistry, 'listEndpoints' | 'getEndpoint'>;

/**
 * `GET /api/endpoints` with the assistants endpoint after the providers' endpoints when the operator configured it
 * (docs/reference/assistants.md (Settings)). It has no key of its own: its models are served by the other endpoints.
 */
export function withAssistantsEndpoint(config: AppConfig, registry: Registry): EndpointsConfig {
  const endpoints = registry.listEndpoints();
  const settings = config.assistants;
  if (!settings) return endpoints;
  const order = Math.max(-1, ...Object.values(endpoints).map((e) => e.order)) + 1;
  return {
    ...endpoints,
    assistants: {
      type: 'assistants',
      userProvide: false,
      userProvideURL: false,
      azure: false,
      disableBuilder: settings.disableBuilder,
      order,
    },
  };
}

/** `GET /api/models` with the assistants endpoint's models: those some configured endpoint serves with tools. */
export function withAssistantsModels(
  config: AppConfig,
  registry: Registry,
  models: ModelsConfig,
): ModelsConfig {
  const settings = config.assistants;
  return settings ? { ...models, assistants: offeredAssistantModels(settings, registry) } : models;
}
