import { FALLBACK_MODEL_LABEL, type EndpointKind } from './endpoint-settings.data';

/** Context window used for a model that no entry below matches. */
export const DEFAULT_CONTEXT_WINDOW = 4096;

/** Tokens kept free for the reply when the endpoint has no max-output setting (OpenAI-style endpoints). */
export const DEFAULT_REPLY_RESERVE = 1024;

/**
 * Context windows by model-name prefix; the longest matching prefix wins, so `gpt-4-turbo` beats `gpt-4`.
 * The history of a turn is trimmed to the window minus the reply's max output
 * (docs/reference/chat.md (History sent to the model)).
 */
export const CONTEXT_WINDOWS: Readonly<Record<string, number>> = {
  'gpt-3.5-turbo': 4096,
  'gpt-3.5-turbo-16k': 16384,
  'gpt-3.5-turbo-1106': 16384,
  'gpt-3.5-turbo-0125': 16384,
  'gpt-4': 8192,
  // The ChatGPT web backend's free model (chatGPTBrowser), as LibreChat names it.
  'text-davinci-002-render-sha': 8191,
  // The Bing chat service (bingAI): a context above about 7k tokens may be refused.
  bingai: 8192,
  sydney: 8192,
  'gpt-4-32k': 32768,
  'gpt-4-1106-preview': 128000,
  'gpt-4-0125-preview': 128000,
  'gpt-4-turbo': 128000,
  'gpt-4-vision-preview': 128000,
  'gpt-4o': 128000,
  'gpt-4.1': 1047576,
  // GPT-5 takes 400k tokens in all, of which at most 272k are input.
  'gpt-5': 272000,
  o1: 200000,
  'o1-mini': 128000,
  o3: 200000,
  'o4-mini': 200000,
  'claude-': 100000,
  'claude-2.1': 200000,
  'claude-3': 200000,
  'claude-sonnet-4': 200000,
  'claude-opus-4': 200000,
  'claude-haiku-4': 200000,
  'gemini-pro': 32768,
  'gemini-1.5': 1000000,
  'gemini-2.0': 1048576,
  'gemini-2.5': 1048576,
  'chat-bison': 4096,
  'text-bison': 8192,
  'codechat-bison': 6144,
  'mistral-': 32000,
};

/** The context window of a model (tokens), by the longest matching prefix, else the default. */
export function contextWindowOf(model: string | null | undefined): number {
  const name = (model ?? '').toLowerCase();
  let best = '';
  for (const prefix of Object.keys(CONTEXT_WINDOWS)) {
    if (name.startsWith(prefix) && prefix.length > best.length) best = prefix;
  }
  return best ? CONTEXT_WINDOWS[best]! : DEFAULT_CONTEXT_WINDOW;
}

/**
 * The most tokens a model writes in one reply, by model-name prefix (longest wins, as for the windows). A model no
 * entry matches may write up to its whole window. What a token-priced call is held for uses it
 * (docs/reference/balance.md (A call)).
 */
export const MAX_OUTPUT_TOKENS: Readonly<Record<string, number>> = {
  'gpt-3.5-turbo': 4096,
  'gpt-4': 8192,
  'gpt-4-32k': 32768,
  'gpt-4-1106-preview': 4096,
  'gpt-4-0125-preview': 4096,
  'gpt-4-turbo': 4096,
  'gpt-4-vision-preview': 4096,
  'gpt-4o': 16384,
  'gpt-4.1': 32768,
  'gpt-5': 128000,
  o1: 100000,
  'o1-mini': 65536,
  o3: 100000,
  'o4-mini': 100000,
  'claude-': 4096,
  'claude-3-5': 8192,
  'claude-3-7': 64000,
  'claude-sonnet-4': 64000,
  'claude-opus-4': 32000,
  'claude-haiku-4': 64000,
  'gemini-': 8192,
  'gemini-2.5': 65536,
  'chat-bison': 1024,
  'text-bison': 1024,
  'codechat-bison': 1024,
};

/** The most tokens a model writes in one reply: its entry by the longest matching prefix, else its window. */
export function maxOutputTokensOf(model: string | null | undefined): number {
  const name = (model ?? '').toLowerCase();
  let best = '';
  for (const prefix of Object.keys(MAX_OUTPUT_TOKENS)) {
    if (name.startsWith(prefix) && prefix.length > best.length) best = prefix;
  }
  return best ? MAX_OUTPUT_TOKENS[best]! : contextWindowOf(model);
}

/** The tokens the history of a turn may use: the window minus what the reply may take (at least 1). */
export function historyTokenBudget(
  model: string | null | undefined,
  maxOutputTokens?: number | null,
): number {
  const window = contextWindowOf(model);
  const reserve = maxOutputTokens ?? Math.min(DEFAULT_REPLY_RESERVE, Math.floor(window / 4));
  return Math.max(1, window - Math.min(reserve, Math.floor(window / 2)));
}

/** The reply's sender when the conversation sets no label: the endpoint kind's usual assistant name. */
export const DEFAULT_SENDER_LABEL: Readonly<Partial<Record<EndpointKind | (string & {}), string>>> = {
  openAI: FALLBACK_MODEL_LABEL,
  azureOpenAI: FALLBACK_MODEL_LABEL,
  gptPlugins: FALLBACK_MODEL_LABEL,
  anthropic: 'Claude',
  google: 'Gemini',
  custom: 'AI',
  chatGPTBrowser: 'ChatGPT',
  bingAI: 'Bing',
};
