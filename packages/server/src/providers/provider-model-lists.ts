import { anthropicBaseURL, googleBaseURL, openAIBaseURL } from './provider-urls';
import type { ProviderModelList } from './provider.types';

/** What to ask for one provider's model list, and how to read the answer into chat model names. */
export interface ProviderListCall {
  url: URL;
  headers: Record<string, string>;
  read: (body: unknown) => string[] | null;
}

/** The providers' own API hosts, used when the operator set no reverse proxy. */
const PROVIDER_BASE: Record<ProviderModelList, string> = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com',
  google: 'https://generativelanguage.googleapis.com',
};

/** The Anthropic API version header every call carries. */
const ANTHROPIC_VERSION = '2023-06-01';

/**
 * OpenAI models that are not for chat (Chat Completions): embeddings, speech, transcription, images, moderation,
 * realtime and audio models, the legacy completion models, and those that only the Responses API serves (codex,
 * computer use, the -pro reasoning models).
 */
const OPENAI_NOT_CHAT =
  /embed|tts|whisper|transcribe|dall-e|image|moderation|realtime|audio|davinci|babbage|instruct|sora|codex|computer-use|^(o\d|gpt-[\d.]+)-pro/i;

/** Gemini models that generate content but not chat text: speech, images, live audio, robotics, computer use. */
const GOOGLE_NOT_CHAT = /embed|aqa|tts|image|audio|live|robotics|computer-use/i;

const ids = (list: unknown, key: string): string[] | null =>
  Array.isArray(list)
    ? list
        .map((item) => (item as Record<string, unknown> | null)?.[key])
        .filter((id): id is string => typeof id === 'string')
    : null;

/**
 * The list call of a built-in endpoint's provider (`GET /v1/models` for OpenAI and Anthropic, `GET /v1beta/models`
 * for Google), at the operator's reverse proxy when set, read into chat model names: OpenAI without its non-chat
 * models, Anthropic as listed, Google those that support `generateContent` (without `models/`).
 */
export function providerListCall(
  provider: ProviderModelList,
  apiKey: string,
  reverseProxy: string | undefined,
): ProviderListCall {
  const base = reverseProxy ?? PROVIDER_BASE[provider];
  switch (provider) {
    case 'openai':
      return {
        url: new URL(`${openAIBaseURL(base)}/models`),
        headers: { authorization: `Bearer ${apiKey}` },
        read: (body) => {
          const all = ids((body as { data?: unknown } | null)?.data, 'id');
          return all && all.filter((id) => !OPENAI_NOT_CHAT.test(id));
        },
      };
    case 'anthropic': {
      const url = new URL(`${anthropicBaseURL(base)}/models`);
      url.searchParams.set('limit', '1000');
      return {
        url,
        headers: { 'x-api-key': apiKey, 'anthropic-version': ANTHROPIC_VERSION },
        read: (body) => ids((body as { data?: unknown } | null)?.data, 'id'),
      };
    }
    case 'google': {
      const url = new URL(`${googleBaseURL(base)}/models`);
      url.searchParams.set('pageSize', '1000');
      return {
        url,
        headers: { 'x-goog-api-key': apiKey },
        read: (body) => {
          const models = (body as { models?: unknown } | null)?.models;
          if (!Array.isArray(models)) return null;
          return models
            .filter((m: { supportedGenerationMethods?: unknown }) =>
              (Array.isArray(m?.supportedGenerationMethods) ? m.supportedGenerationMethods : []).includes(
                'generateContent',
              ),
            )
            .map((m: { name?: unknown }) =>
              typeof m?.name === 'string' ? m.name.replace(/^models\//, '') : '',
            )
            .filter((name) => name !== '' && !GOOGLE_NOT_CHAT.test(name));
        },
      };
    }
  }
}

/**
 * A fetched list in the order a new chat wants: Parley's default models first, in their order (so the first is a
 * sensible default), then the others by name. A provider answers in no useful order (OpenAI's is by creation).
 */
export function orderFetchedModels(models: string[], defaults: readonly string[]): string[] {
  const known = defaults.filter((m) => models.includes(m));
  const rest = [...new Set(models.filter((m) => !defaults.includes(m)))].sort();
  return [...known, ...rest];
}
