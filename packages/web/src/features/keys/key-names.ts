import type { EndpointsConfig } from '@parley/shared';

/**
 * The name a user key is stored under (spec 1 §7 Keys): Azure endpoints use the Azure name, and the plugins
 * endpoint uses the OpenAI name; every other endpoint its own name.
 */
export function userKeyName(endpoint: string, config: EndpointsConfig | undefined): string {
  if (endpoint === 'gptPlugins') return 'openAI';
  if (config?.[endpoint]?.azure) return 'azureOpenAI';
  return endpoint;
}
