import { createAnthropic } from '@ai-sdk/anthropic';
import { anthropicBaseURL } from './provider-urls';
import type { ModelRequest, ProviderModel } from './provider.types';

/** Anthropic Messages API; ANTHROPIC_REVERSE_PROXY redirects it. */
export function anthropicModel({ model, credentials, fetch }: ModelRequest): ProviderModel {
  const provider = createAnthropic({
    apiKey: credentials.apiKey,
    ...(credentials.baseURL ? { baseURL: anthropicBaseURL(credentials.baseURL) } : {}),
    ...(fetch ? { fetch } : {}),
  });
  return provider(model);
}
