import type { ModelFamily, PricingSettings } from '../../config/balance-settings';

/** `*` matches any run of characters; the rest is literal; case does not matter. */
export function namePattern(pattern: string): RegExp {
  const body = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}$`, 'i');
}

/**
 * The family a model's calls are counted in (docs/reference/balance.md (Model families)): gpt-4 when its name
 * matches one of the gpt-4 patterns, gpt-3 otherwise (every other model: gpt-3.5, Claude Sonnet and Haiku, Gemini,
 * custom endpoints' models).
 */
export function modelFamily(model: string, pricing: Pick<PricingSettings, 'gpt4Models'>): ModelFamily {
  // A few short patterns, compiled per call: microseconds, and no cache to keep per configuration.
  return pricing.gpt4Models.some((pattern) => namePattern(pattern).test(model)) ? 'gpt-4' : 'gpt-3';
}
