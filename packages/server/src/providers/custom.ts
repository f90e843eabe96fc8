import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { openAIBaseURL } from './provider-urls';
import type { ModelRequest, ProviderModel } from './provider.types';

/** The provider name of custom endpoints, and so the `providerOptions` key that carries `addParams`. */
export const CUSTOM_PROVIDER_NAME = 'custom';

/**
 * A YAML custom endpoint through the OpenAI-compatible adapter. Its `headers` go on every request, and its
 * `dropParams` are removed from the final request body here, so fields the SDK adds itself (`stop`, `user`,
 * `stream_options`, …) can be dropped too. `addParams` travel as provider options (see call-settings.ts).
 */
export function customModel({ entry, model, credentials, fetch }: ModelRequest): ProviderModel {
  if (!credentials.baseURL) throw new Error(`Endpoint ${entry.name} has no base URL`);
  const drop = new Set(entry.custom?.dropParams ?? []);
  const provider = createOpenAICompatible({
    name: CUSTOM_PROVIDER_NAME,
    baseURL: openAIBaseURL(credentials.baseURL),
    apiKey: credentials.apiKey,
    headers: { ...entry.custom?.headers },
    includeUsage: true,
    ...(drop.size > 0
      ? {
          transformRequestBody: (body) =>
            Object.fromEntries(Object.entries(body).filter(([k]) => !drop.has(k))),
        }
      : {}),
    ...(fetch ? { fetch } : {}),
  });
  return provider.chatModel(model);
}
