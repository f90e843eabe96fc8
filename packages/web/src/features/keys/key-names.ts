import type { EndpointsConfig } from '@parley/shared';

/**
 * The name a user key is stored under (docs/reference/endpoints-and-models.md (User-provided keys)): Azure endpoints
 * use the Azure name, and the plugins endpoint uses the OpenAI name; every other endpoint its own name.
 */
export function userKeyName(endpoint: string, config: EndpointsConfig | undefined): string {
  if (endpoint === 'gptPlugins') return 'openAI';
  if (config?.[endpoint]?.azure) return 'azureOpenAI';
  return endpoint;
}
