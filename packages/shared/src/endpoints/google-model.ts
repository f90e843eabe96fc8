/**
 * The three Google model families, which take different settings and prompt shapes
 * (docs/reference/endpoints-and-models.md (Google model types)).
 */
export type GoogleModelType = 'gemini' | 'chat' | 'codeText';

/**
 * A name containing `gemini` is the Gemini type; one containing `chat` (and not gemini) is chat-type; anything
 * else (code or text models such as code-bison, text-bison) is code/text type, which hides top-p and top-k.
 */
export function googleModelType(model: string): GoogleModelType {
  const name = model.toLowerCase();
  if (name.includes('gemini')) return 'gemini';
  if (name.includes('chat')) return 'chat';
  return 'codeText';
}

/**
 * maxOutputTokens is 1..2048 (default 1024), up to 8192 (default 8192) for gemini-pro models
 * (docs/reference/endpoints-and-models.md (Google model types)).
 */
export const GOOGLE_MAX_OUTPUT_TOKENS = {
  standard: { max: 2048, default: 1024 },
  gemini: { max: 8192, default: 8192 },
} as const;

/**
 * The maxOutputTokens cap and default for a Google model. Every Gemini-type model counts as a "gemini-pro
 * model": gemini-pro was the only Gemini model when the rule was set, and later ones accept at least as much.
 */
export function googleMaxOutputTokens(model: string): { max: number; default: number } {
  return googleModelType(model) === 'gemini'
    ? GOOGLE_MAX_OUTPUT_TOKENS.gemini
    : GOOGLE_MAX_OUTPUT_TOKENS.standard;
}
