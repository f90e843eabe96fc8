import { FALLBACK_MODEL } from '@parley/shared';
import type { EndpointEntry } from './provider.types';

/** Which model writes a conversation's title, and how. `model: null` means the conversation's own model. */
export interface TitleModelChoice {
  enabled: boolean;
  model: string | null;
  method: 'completion' | 'functions';
}

/** LibreChat's word for "the conversation's own model" in `titleModel`. */
const CURRENT_MODEL = 'current_model';

/**
 * TITLE_CONVO switches titles on or off for every endpoint; a custom endpoint also needs `titleConvo: true`
 * and may name its `titleModel` (default gpt-3.5-turbo, as LibreChat) and `titleMethod`. OpenAI-family
 * endpoints title with the fallback model; Anthropic and Google title with the conversation's model, since
 * an operator's key may not reach any other.
 */
export function chooseTitleModel(entry: EndpointEntry, titleConvo: boolean): TitleModelChoice {
  const custom = entry.custom;
  if (custom) {
    const model = custom.titleModel ?? FALLBACK_MODEL;
    return {
      enabled: titleConvo && custom.titleConvo === true,
      model: model === CURRENT_MODEL ? null : model,
      method: custom.titleMethod ?? 'completion',
    };
  }
  const ownModel = entry.family === 'anthropic' || entry.family === 'google';
  return { enabled: titleConvo, model: ownModel ? null : FALLBACK_MODEL, method: 'completion' };
}
