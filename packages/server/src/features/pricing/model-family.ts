import { modelClass, namePattern } from '@parley/shared';
import type { ModelFamily, PricingSettings } from '../../config/balance-settings';

export { namePattern };

/**
 * The class a model's calls are counted in (docs/reference/balance.md (Model classes)): the operator's rules from the
 * `balance` section first, then the built-in table (today's small models `gpt-3`, every other `gpt-4`). The rule is
 * shared's, which the web uses to name each model's class.
 */
export function modelFamily(model: string, pricing: Pick<PricingSettings, 'classRules'>): ModelFamily {
  // A few short patterns, compiled per call: microseconds, and no cache to keep per configuration.
  return modelClass(model, pricing.classRules);
}
