import { createOpenAI } from '@ai-sdk/openai';
import { openAIBaseURL } from './provider-urls';
import type { ModelRequest, ProviderModel } from './provider.types';

/** OpenAI (and gptPlugins) over the Chat Completions API; OPENAI_REVERSE_PROXY redirects it. */
export function openAIModel({ model, credentials, fetch }: ModelRequest): ProviderModel {
  const provider = createOpenAI({
    apiKey: credentials.apiKey,
    ...(credentials.baseURL ? { baseURL: openAIBaseURL(credentials.baseURL) } : {}),
    ...(fetch ? { fetch } : {}),
  });
  return provider.chat(model);
}
