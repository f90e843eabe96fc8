import { TITLE_MODEL } from '@parley/shared';
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
 * and may name its `titleModel` and `titleMethod`. Without a named model, OpenAI-family and custom endpoints
 * title with the small TITLE_MODEL (gpt-4o-mini) when the endpoint serves it: its list names it, or it is OpenAI's own
 * list (fetched or Parley's defaults). Otherwise, and always on Anthropic and Google, the conversation's own model
 * titles, since an operator's key may not reach any other (docs/reference/chat.md (Titles)).
 */
export function chooseTitleModel(entry: EndpointEntry, titleConvo: boolean): TitleModelChoice {
  const custom = entry.custom;
  const small = servesTitleModel(entry) ? TITLE_MODEL : null;
  if (custom) {
    const model = custom.titleModel ?? small;
    return {
      enabled: titleConvo && custom.titleConvo === true,
      model: model === CURRENT_MODEL ? null : model,
      method: custom.titleMethod ?? 'completion',
    };
  }
  // A service that keeps its own thread has no call outside it: its chats take the question as their title.
  if (entry.family === 'chatgpt-browser' || entry.family === 'bing-chathub')
    return { enabled: false, model: null, method: 'completion' };
  const ownModel = entry.family === 'anthropic' || entry.family === 'google';
  return { enabled: titleConvo, model: ownModel ? null : small, method: 'completion' };
}

function servesTitleModel(entry: EndpointEntry): boolean {
  return entry.models.default.includes(TITLE_MODEL) || entry.models.provider === 'openai';
}
