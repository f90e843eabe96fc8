import { z } from 'zod';
import type { Balance } from './balance.schema';

/** The two classes of models free uses are kept for: the balance's `t` keys. */
export type ModelClass = keyof Balance['t'];
export const MODEL_CLASSES = ['gpt-3', 'gpt-4'] as const satisfies readonly ModelClass[];
export const modelClassSchema = z.enum(MODEL_CLASSES);

/**
 * One of the operator's rules (the YAML's `balance` section): a model name or `*` pattern and the class its calls
 * count in. The startup config carries them, in the order they are tried, so the web classes models as the server
 * charges them.
 */
export const modelClassRuleSchema = z.object({ pattern: z.string(), class: modelClassSchema });
export type ModelClassRule = z.infer<typeof modelClassRuleSchema>;

/** A model-name pattern: `*` matches any run of characters, the rest is literal, case does not matter. */
export function namePattern(pattern: string): RegExp {
  const body = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}$`, 'i');
}

/** A row of the built-in table: what a name looks like, its class, and why. */
export interface BuiltInClassRule {
  match: RegExp;
  class: ModelClass;
  why: string;
}

/**
 * Well-known large models, tried before the small ones, so that a small-sounding word further on in a big model's
 * name (a `-flash` in an image model's, a size in a dated suffix) never makes it cheap. Precise on purpose: the
 * `-mini`/`-nano` siblings of OpenAI's flagships are not listed here and fall to the small rows.
 */
const KNOWN_LARGE: readonly BuiltInClassRule[] = [
  {
    // Gemini's image models draw an image with each call, about what the DALL-E tool costs, "flash" or not.
    match: /^gemini-[\w.-]*flash-image/i,
    class: 'gpt-4',
    why: 'draws an image each call',
  },
  { match: /^claude-.*(?:opus|sonnet)/i, class: 'gpt-4', why: "Anthropic's large tiers (Opus, Sonnet)" },
  { match: /^gemini-(?:[\d.]+-)?pro(?![a-z])/i, class: 'gpt-4', why: "Google's Pro tier" },
  { match: /^qwen[\d.]*-(?:vl-)?max/i, class: 'gpt-4', why: "Alibaba's Max tier" },
  {
    // Its hidden reasoning makes a call several times a chat call's tokens (the distilled small ones are not it).
    match: /^deepseek-(?:reasoner|r1)(?:-\d+)?$/i,
    class: 'gpt-4',
    why: "DeepSeek's reasoning model",
  },
  { match: /^mistral-large/i, class: 'gpt-4', why: "Mistral's large model" },
  { match: /^glm-4-plus/i, class: 'gpt-4', why: "Zhipu's GLM-4 Plus" },
];

/**
 * Today's small models: priced per token within a few times gpt-4o-mini's, a tenth or less of gpt-4o's, so a call
 * costs about what a gpt-3.5 call did.
 */
const SMALL: readonly BuiltInClassRule[] = [
  { match: /gpt-?3\.?5/i, class: 'gpt-3', why: 'gpt-3.5 (also Azure\'s "gpt-35" and prefixed names)' },
  {
    match: /^text-davinci-002-render-sha$/i,
    class: 'gpt-3',
    why: "the ChatGPT web backend's free model (gpt-3.5), as the chatGPTBrowser endpoint names it",
  },
  {
    // A size word after a separator: OpenAI's (and xAI's, Microsoft's…) mini and nano, o1/o3/o4-mini included,
    // Google's flash and flash-lite, Anthropic's haiku, Mistral's small and tiny, the lite models of many hosts,
    // Zhipu's glm-4-flash(x).
    match: /[-_:/.](?:mini|nano|micro|tiny|lite|flash|flashx|haiku|small)(?![a-z0-9])/i,
    class: 'gpt-3',
    why: 'a small model by its name (mini, nano, lite, flash, haiku, small, tiny)',
  },
  {
    // Open models of 9 billion parameters or fewer (llama-3.1-8b-instant, qwen2.5:7b, gemma-2-9b-it, …).
    match: /[-_:/.]\d(?:\.\d+)?b(?![a-z0-9])/i,
    class: 'gpt-3',
    why: 'an open model of at most 9B parameters',
  },
  { match: /^claude-instant/i, class: 'gpt-3', why: "Anthropic's former small tier" },
  {
    // DeepSeek-V3 (deepseek-chat) costs about twice gpt-4o-mini per token and a tenth of gpt-4o.
    match: /^(?:deepseek-chat|(?:.*\/)?deepseek-v3)/i,
    class: 'gpt-3',
    why: "DeepSeek's chat model, priced like the small ones",
  },
  { match: /^qwen-(?:turbo|plus)/i, class: 'gpt-3', why: "Alibaba's Turbo and Plus tiers" },
  { match: /^glm-[\d.]+-air/i, class: 'gpt-3', why: "Zhipu's Air models" },
  { match: /^ernie-speed/i, class: 'gpt-3', why: "Baidu's free ERNIE Speed" },
];

/** The built-in table, in the order it is tried; a model no row matches is large (`gpt-4`). */
export const BUILT_IN_CLASS_RULES: readonly BuiltInClassRule[] = Object.freeze([...KNOWN_LARGE, ...SMALL]);

/** The class of a model by the built-in table alone (docs/reference/balance.md (Model classes)). */
export function builtInModelClass(model: string): ModelClass {
  return BUILT_IN_CLASS_RULES.find((rule) => rule.match.test(model))?.class ?? 'gpt-4';
}

/**
 * The class a model's calls are counted in (docs/reference/balance.md (Model classes)): the first of the operator's
 * rules that matches (the server's startup config gives them, in order), else the built-in table: well-known large
 * models, then today's small ones (`gpt-3`), and every other model `gpt-4`. One function for the server, which
 * charges by it, and the web, which shows it, so the two never disagree.
 */
export function modelClass(model: string, operatorRules: readonly ModelClassRule[] = []): ModelClass {
  const own = operatorRules.find((rule) => namePattern(rule.pattern).test(model));
  return own ? own.class : builtInModelClass(model);
}
