import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { CUSTOM_PROVIDER_NAME } from './call-settings';
import { openAIBaseURL } from './provider-urls';
import type { ModelRequest, ProviderModel } from './provider.types';

/**
 * A YAML custom endpoint through the OpenAI-compatible adapter. Its `headers` go on every request, and its
 * `dropParams` are removed from the final request body here, so fields the SDK adds itself (`stop`, `user`,
 * `stream_options`, …) can be dropped too. `addParams` travel as provider options (see call-settings.ts).
 * An image's `detail` is moved inside its `image_url`, where OpenAI-style servers read it (image-parts.ts).
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
    transformRequestBody: (body) => {
      const kept = Object.fromEntries(Object.entries(body).filter(([k]) => !drop.has(k)));
      return Array.isArray(kept['messages'])
        ? { ...kept, messages: kept['messages'].map(detailInside) }
        : kept;
    },
    ...(fetch ? { fetch } : {}),
  });
  return provider.chatModel(model);
}

type WirePart = { type?: unknown; image_url?: Record<string, unknown>; detail?: unknown };

/** `{type:'image_url', image_url:{url}, detail}` (as the adapter writes it) becomes `image_url:{url, detail}`. */
function detailInside(message: unknown): unknown {
  const content = (message as { content?: unknown }).content;
  if (!Array.isArray(content)) return message;
  const parts = (content as WirePart[]).map((part) => {
    if (part.type !== 'image_url' || part.detail === undefined) return part;
    const { detail, ...rest } = part;
    return { ...rest, image_url: { ...part.image_url, detail } };
  });
  return { ...(message as object), content: parts };
}
