import { modelClass, namePattern } from '@parley/shared';
import type { ModelFamily, PricingSettings } from '../../config/balance-settings';

export { namePattern };

/**
 * The family a model's calls are counted in (docs/reference/balance.md (Model families)): gpt-4 when its name
 * matches one of the gpt-4 patterns, gpt-3 otherwise (every other model: gpt-3.5, Claude Sonnet and Haiku, Gemini,
 * custom endpoints' models). The rule is shared's, which the web uses to mark the models of each class.
 */
export function modelFamily(model: string, pricing: Pick<PricingSettings, 'gpt4Models'>): ModelFamily {
  // A few short patterns, compiled per call: microseconds, and no cache to keep per configuration.
  return modelClass(model, pricing.gpt4Models);
}
