import type { SimOptions } from '../types';

export type ModelFamily = 'openai' | 'anthropic' | 'gemini';

const DEFAULT_MODELS: Record<ModelFamily, string[]> = {
  openai: ['gpt-4o', 'gpt-4o-mini', 'gpt-4.1', 'gpt-3.5-turbo'],
  anthropic: ['claude-sonnet-4-5', 'claude-3-7-sonnet-latest', 'claude-3-5-haiku-latest'],
  gemini: ['gemini-pro', 'gemini-1.5-flash', 'gemini-2.0-flash'],
};

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
          supportedGenerationMethods: ['generateContent', 'streamGenerateContent', 'countTokens'],
        })),
      };
  }
}
