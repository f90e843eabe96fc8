import type { SimOptions } from '../types';

export type ModelFamily = 'openai' | 'anthropic' | 'gemini';

/**
 * What each family lists by default: chat models, and (as the real lists do) models that are not for chat, which a
 * client has to leave out: embeddings, speech, images, moderation; Gemini's embedding model supports only
 * `embedContent`.
 */
const DEFAULT_MODELS: Record<ModelFamily, string[]> = {
  openai: [
    'gpt-4o-mini',
    'text-embedding-3-small',
    'gpt-4.1',
    'whisper-1',
    'gpt-4o',
    'tts-1',
    'dall-e-3',
    'omni-moderation-latest',
    'gpt-4.1-sim-preview',
  ],
  anthropic: ['claude-haiku-4-5', 'claude-sonnet-4-5', 'claude-opus-4-1'],
  gemini: ['gemini-2.5-pro', 'gemini-2.5-flash', 'text-embedding-004', 'gemini-2.0-flash'],
};

/** Gemini's methods per model: an embedding model cannot generate content. */
const geminiMethods = (id: string) =>
  id.includes('embedding') ? ['embedContent'] : ['generateContent', 'streamGenerateContent', 'countTokens'];

// A fixed timestamp keeps list answers byte-identical between runs.
const CREATED = 1_700_000_000;

const displayName = (id: string) =>
  id
    .split('-')
    .map((w) => (w.length > 0 ? w[0]!.toUpperCase() + w.slice(1) : w))
    .join(' ');

/** The list body in the shape each provider family answers `GET .../models` with. */
export function modelList(family: ModelFamily, models: SimOptions['models']): unknown {
  const ids = models?.[family] ?? DEFAULT_MODELS[family];
  switch (family) {
    case 'openai':
      return {
        object: 'list',
        data: ids.map((id) => ({ id, object: 'model', created: CREATED, owned_by: 'sim' })),
      };
    case 'anthropic':
      return {
        data: ids.map((id) => ({
          id,
          type: 'model',
          display_name: displayName(id),
          created_at: new Date(CREATED * 1000).toISOString(),
        })),
        has_more: false,
        first_id: ids[0] ?? null,
        last_id: ids.at(-1) ?? null,
      };
    case 'gemini':
      return {
        models: ids.map((id) => ({
          name: `models/${id}`,
          displayName: displayName(id),
          supportedGenerationMethods: geminiMethods(id),
        })),
      };
  }
}
