import type { FilePart } from 'ai';
import type { ImageDetail } from '@parley/shared';
import type { ProviderFamily } from './provider.types';

/** An image's bytes as a prompt carries them. */
export interface PromptImage {
  data: Uint8Array;
  /** The stored MIME type (decided from the content at upload). */
  mediaType: string;
}

/**
 * Where each AI SDK adapter reads an image's detail. OpenAI and Azure (the same chat adapter) read
 * `openai.imageDetail` into `image_url.detail`. The OpenAI-compatible adapter copies `openaiCompatible` onto the
 * part itself, so `detail` lands beside `image_url`; custom.ts moves it inside. Anthropic and Gemini have no such
 * setting.
 */
const DETAIL_OPTIONS: Partial<Record<ProviderFamily, (detail: ImageDetail) => FilePart['providerOptions']>> =
  {
    openai: (detail) => ({ openai: { imageDetail: detail } }),
    azure: (detail) => ({ openai: { imageDetail: detail } }),
    custom: (detail) => ({ openaiCompatible: { detail } }),
  };

/** An image as an AI SDK file part, with the detail where the family's adapter reads it. */
export function imagePart(family: ProviderFamily, image: PromptImage, detail: ImageDetail): FilePart {
  const providerOptions = DETAIL_OPTIONS[family]?.(detail);
  return {
    type: 'file',
    mediaType: image.mediaType,
    data: { type: 'data', data: image.data },
    ...(providerOptions ? { providerOptions } : {}),
  };
}
